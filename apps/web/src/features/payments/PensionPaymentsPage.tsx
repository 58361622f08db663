import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { webAppPaths } from '@meridian/contracts';
import { useTenant } from '../../lib/tenant';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatCurrency, formatCurrencyPerYear, formatDate } from '../../lib/format';
import {
  downloadP60,
  taxYearInAddress,
  usePensionPayments,
  useTaxYearPayments,
  type PensionPayments,
} from './pension-payments';
import './payments.css';

/** A pensioner's payments: the next one worked out, the yearly increase, and every payment by tax year. */
export function PensionPaymentsPage() {
  useDocumentTitle('Your pension payments');
  const { routes } = useTenant();
  const read = usePensionPayments();
  const payments = read.data;
  return (
    <>
      <p>
        <Link to={routes.landing}>Back to your pension</Link>
      </p>
      <h1>Your pension payments</h1>
      <LoadFailed what="show your payments" load={read} />
      {!payments && !read.failure && <p className="page-loading">Loading your payments</p>}
      {payments === 'none' && (
        <p>We have no pension payments for this record. If you think this is wrong, please contact us.</p>
      )}
      {payments && payments !== 'none' && (
        <>
          <NextPayment payments={payments} />
          <p>
            We pay on the scheme’s pay day each month, or the working day before it when that is a weekend or
            bank holiday.
          </p>
          <h2>Yearly increase</h2>
          <p>
            Your pension goes up each year: {payments.increase.rule.charAt(0).toLowerCase()}
            {payments.increase.rule.slice(1)}. The next increase is on {formatDate(payments.increase.nextOn)}.
          </p>
          {payments.increase.lastPercent !== null && payments.increase.lastOn && (
            <p>
              The last increase was {payments.increase.lastPercent}% on {formatDate(payments.increase.lastOn)}
              .
            </p>
          )}
          <Increases increases={payments.increases} />
          <h2>Your payments</h2>
          {payments.paymentTaxYears.length === 0 ? (
            <p>Your first payment will be on {formatDate(payments.nextPayment.paidOn)}.</p>
          ) : (
            <PaymentsByTaxYear taxYears={payments.paymentTaxYears} />
          )}
          <TaxCodes taxCodes={payments.taxCodes} />
          <P60s taxYears={payments.p60TaxYears} />
        </>
      )}
    </>
  );
}

/**
 * The next payment as the payroll will make it: after an increase not yet paid, or on a new code, it
 * differs from the last payment, and the page says why.
 */
function NextPayment({ payments }: { payments: PensionPayments }) {
  const next = payments.nextPayment;
  const increased = next.annualPensionPence !== payments.annualPensionPence;
  return (
    <>
      <h2>Your next payment</h2>
      <dl className="summary-list">
        <div className="summary-row">
          <dt>Paid on</dt>
          <dd>{formatDate(next.paidOn)}</dd>
        </div>
        <div className="summary-row">
          <dt>Before tax</dt>
          <dd>{formatCurrency(next.grossPence)}</dd>
        </div>
        {next.taxPence !== null && next.netPence !== null && (
          <>
            <div className="summary-row">
              <dt>Tax taken off</dt>
              <dd>{formatCurrency(next.taxPence)}</dd>
            </div>
            <div className="summary-row">
              <dt>Paid to you</dt>
              <dd>{formatCurrency(next.netPence)}</dd>
            </div>
          </>
        )}
        <div className="summary-row">
          <dt>Your pension</dt>
          <dd>{formatCurrencyPerYear(next.annualPensionPence)} before tax</dd>
        </div>
        <div className="summary-row">
          <dt>Tax code</dt>
          <dd>
            {next.taxCode}
            {next.taxBasis === 'month1' && ' (an emergency code: each payment taxed on its own)'}
          </dd>
        </div>
      </dl>
      <p>
        This is a twelfth of your yearly pension
        {increased && ', with your latest increase,'} and the tax on it with your tax code and what we have
        paid you and taken in tax so far this tax year.
        {next.taxPence === null &&
          ' We cannot show the tax until we have checked your tax code: please contact us if it is not the one HMRC sent you.'}
      </p>
    </>
  );
}

/**
 * One tax year's payments with their payslips, the latest year first; the tax years as GOV.UK pagination
 * (`?taxYear=2025-26`), so every payslip since the first payment can be reached.
 */
function PaymentsByTaxYear({ taxYears }: { taxYears: string[] }) {
  const [params] = useSearchParams();
  const asked = params.get('taxYear')?.replace('-', '/');
  const taxYear = asked && taxYears.includes(asked) ? asked : taxYears[0]!;
  const read = useTaxYearPayments(taxYear);
  const shown = read.data?.taxYear === taxYear ? read.data.payments : undefined;
  const index = taxYears.indexOf(taxYear);
  const yearLink = (year: string) => `?taxYear=${taxYearInAddress(year)}`;
  return (
    <>
      <LoadFailed what={`show your payments for ${taxYear}`} load={read} />
      {!shown && !read.failure && <p className="page-loading">Loading your payments for {taxYear}</p>}
      {shown && (
        <table className="payments-table">
          <caption>Payments in the tax year {taxYear}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date paid</th>
              <th scope="col" className="numeric">
                Before tax
              </th>
              <th scope="col" className="numeric">
                Tax
              </th>
              <th scope="col" className="numeric">
                Paid to you
              </th>
              <th scope="col">Payslip</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((payment) => (
              <tr key={payment.id}>
                <td>{formatDate(payment.paidOn)}</td>
                <td className="numeric">{formatCurrency(payment.grossPence)}</td>
                <td className="numeric">{formatCurrency(payment.taxPence)}</td>
                <td className="numeric">{formatCurrency(payment.netPence)}</td>
                <td>
                  <Link to={`${webAppPaths.pensionPayslip}?payment=${payment.id}`}>
                    View
                    <span className="visually-hidden"> the payslip for {formatDate(payment.paidOn)}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {taxYears.length > 1 && (
        <nav className="tax-year-pages" aria-label="Payments by tax year">
          {index < taxYears.length - 1 && (
            <Link to={yearLink(taxYears[index + 1]!)} rel="prev">
              Previous tax year<span className="visually-hidden">: {taxYears[index + 1]}</span>
            </Link>
          )}
          <ul>
            {taxYears.map((year) => (
              <li key={year}>
                {year === taxYear ? (
                  <span aria-current="page">{year}</span>
                ) : (
                  <Link to={yearLink(year)}>
                    <span className="visually-hidden">Payments in the tax year </span>
                    {year}
                  </Link>
                )}
              </li>
            ))}
          </ul>
          {index > 0 && (
            <Link to={yearLink(taxYears[index - 1]!)} rel="next">
              Next tax year<span className="visually-hidden">: {taxYears[index - 1]}</span>
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

function Increases({ increases }: { increases: PensionPayments['increases'] }) {
  if (increases.length === 0) return null;
  return (
    <table className="payments-table">
      <caption>Increases to your pension, newest first</caption>
      <thead>
        <tr>
          <th scope="col">From</th>
          <th scope="col" className="numeric">
            Increase
          </th>
          <th scope="col" className="numeric">
            Yearly pension before
          </th>
          <th scope="col" className="numeric">
            Yearly pension after
          </th>
        </tr>
      </thead>
      <tbody>
        {increases.map((increase) => (
          <tr key={increase.effectiveOn}>
            <td>{formatDate(increase.effectiveOn)}</td>
            <td className="numeric">{increase.percent}%</td>
            <td className="numeric">{formatCurrency(increase.annualBeforePence)}</td>
            <td className="numeric">{formatCurrency(increase.annualAfterPence)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TaxCodes({ taxCodes }: { taxCodes: PensionPayments['taxCodes'] }) {
  if (taxCodes.length === 0) return null;
  return (
    <>
      <h2>Your tax codes</h2>
      <p>HM Revenue and Customs sends us your tax code; we use the latest one for each payment.</p>
      <ul>
        {taxCodes.map((code) => (
          <li key={`${code.taxCode} ${code.fromPaidOn}`}>
            {code.taxCode} from the payment on {formatDate(code.fromPaidOn)}
            {code.basis === 'month1' && ' (an emergency code: each payment taxed on its own)'}
          </li>
        ))}
      </ul>
    </>
  );
}

function P60s({ taxYears }: { taxYears: string[] }) {
  const [failed, setFailed] = useState<string | null>(null);
  const download = async (taxYear: string) => {
    setFailed(null);
    try {
      await downloadP60(taxYear);
    } catch {
      setFailed(taxYear);
    }
  };
  return (
    <>
      <h2>Your P60s</h2>
      {taxYears.length === 0 ? (
        <p>
          Your first P60 will be for the tax year you were first paid in, once that tax year ends on 5 April.
        </p>
      ) : (
        <>
          <p>A P60 shows the pension we paid you and the tax we took in a tax year (6 April to 5 April).</p>
          <ul className="p60-list">
            {taxYears.map((taxYear) => (
              <li key={taxYear}>
                <button type="button" className="link-button" onClick={() => void download(taxYear)}>
                  Download your P60 for {taxYear} (PDF)
                </button>
                {failed === taxYear && (
                  <p className="error-message" role="alert">
                    <span className="visually-hidden">Error:</span> The P60 could not be downloaded. Try
                    again.
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
