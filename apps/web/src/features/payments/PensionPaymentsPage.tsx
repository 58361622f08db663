import { Link } from 'react-router';
import { useTenant } from '../../lib/tenant';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatCurrency, formatCurrencyPerYear, formatDate } from '../../lib/format';
import { usePensionPayments } from './pension-payments';
import './payments.css';

/** A pensioner's payments: the next one, what each is made of, the yearly increase and the last twelve. */
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
          <dl className="summary-list">
            <div className="summary-row">
              <dt>Next payment</dt>
              <dd>{formatDate(payments.nextPaymentOn)}</dd>
            </div>
            {payments.currentPayment && (
              <>
                <div className="summary-row">
                  <dt>Each month before tax</dt>
                  <dd>{formatCurrency(payments.currentPayment.grossPence)}</dd>
                </div>
                <div className="summary-row">
                  <dt>Tax taken off</dt>
                  <dd>{formatCurrency(payments.currentPayment.taxPence)}</dd>
                </div>
                <div className="summary-row">
                  <dt>Paid to you</dt>
                  <dd>{formatCurrency(payments.currentPayment.netPence)}</dd>
                </div>
              </>
            )}
            <div className="summary-row">
              <dt>Your pension</dt>
              <dd>{formatCurrencyPerYear(payments.annualPensionPence)} before tax</dd>
            </div>
            <div className="summary-row">
              <dt>Tax code</dt>
              <dd>{payments.taxCode}</dd>
            </div>
          </dl>
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
          <h2>Your last payments</h2>
          {payments.lastPayments.length === 0 ? (
            <p>Your first payment will be on {formatDate(payments.nextPaymentOn)}.</p>
          ) : (
            <table className="payments-table">
              <caption>
                Your last{' '}
                {payments.lastPayments.length === 1 ? 'payment' : `${payments.lastPayments.length} payments`},
                newest first
              </caption>
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
                </tr>
              </thead>
              <tbody>
                {payments.lastPayments.map((payment) => (
                  <tr key={payment.paidOn}>
                    <td>{formatDate(payment.paidOn)}</td>
                    <td className="numeric">{formatCurrency(payment.grossPence)}</td>
                    <td className="numeric">{formatCurrency(payment.taxPence)}</td>
                    <td className="numeric">{formatCurrency(payment.netPence)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </>
  );
}
