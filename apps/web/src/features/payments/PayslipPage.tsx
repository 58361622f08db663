import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { webAppPaths } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatCurrency, formatDate } from '../../lib/format';
import { downloadPayslip, usePayslip, type Payslip } from './pension-payments';
import './payments.css';

const basisText = (basis: Payslip['taxBasis']) =>
  basis === 'month1'
    ? 'month 1: this payment is taxed on its own, as an emergency code is'
    : 'cumulative: the tax year to date is taken into account';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="summary-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One payment's payslip: what was paid, the tax and how it was worked out, and the tax year so far. */
export function PayslipPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('payment') ?? '';
  const read = usePayslip(paymentId);
  const payslip = read.data;
  useDocumentTitle(payslip && payslip !== 'none' ? `Payslip for ${formatDate(payslip.paidOn)}` : 'Payslip');
  const [downloadFailed, setDownloadFailed] = useState(false);
  const download = async (slip: Payslip) => {
    setDownloadFailed(false);
    try {
      await downloadPayslip(slip);
    } catch {
      setDownloadFailed(true);
    }
  };
  return (
    <>
      <p>
        <Link to={webAppPaths.pensionPayments}>Back to your pension payments</Link>
      </p>
      {payslip && payslip !== 'none' ? <h1>Payslip for {formatDate(payslip.paidOn)}</h1> : <h1>Payslip</h1>}
      <LoadFailed what="show this payslip" load={read} />
      {!payslip && !read.failure && <p className="page-loading">Loading your payslip</p>}
      {payslip === 'none' && <p>We could not find this payslip. Choose one from your pension payments.</p>}
      {payslip && payslip !== 'none' && (
        <>
          <dl className="summary-list">
            <Row label="Paid on">{formatDate(payslip.paidOn)}</Row>
            <Row label="Pay reference">{payslip.payReference ?? 'Not held'}</Row>
            <Row label="Pension before tax">{formatCurrency(payslip.grossPence)}</Row>
            <Row label={payslip.taxPence < 0 ? 'Tax refunded' : 'Tax taken'}>
              {formatCurrency(Math.abs(payslip.taxPence))}
            </Row>
            <Row label="Paid to you">{formatCurrency(payslip.netPence)}</Row>
            <Row label="Tax code">
              {payslip.taxCode ? (
                <>
                  {payslip.taxCode}
                  <br />
                  <span className="hint">Basis: {basisText(payslip.taxBasis)}</span>
                </>
              ) : (
                'Not held for this payment'
              )}
            </Row>
            <Row label="Tax month">
              {payslip.taxMonth} of the {payslip.taxYear} tax year
            </Row>
          </dl>
          <h2>The tax year {payslip.taxYear} so far</h2>
          <dl className="summary-list">
            <Row label="Pension before tax">{formatCurrency(payslip.yearToDate.grossPence)}</Row>
            <Row label="Tax taken">{formatCurrency(payslip.yearToDate.taxPence)}</Row>
          </dl>
          <h2>Who pays you</h2>
          <p>
            {payslip.payer.name}
            {payslip.payer.payeReference && <>, PAYE reference {payslip.payer.payeReference}</>}. If you think
            your tax code is wrong, contact HM Revenue and Customs: we use the code they send us.
          </p>
          <button type="button" className="button button--secondary" onClick={() => void download(payslip)}>
            Download this payslip (PDF)
          </button>
          {downloadFailed && (
            <p className="error-message" role="alert">
              <span className="visually-hidden">Error:</span> The payslip could not be downloaded. Try again.
            </p>
          )}
        </>
      )}
    </>
  );
}
