import type { DcPot } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { http, recordHeaders } from '../../lib/api';
import { formatCurrency, formatDate } from '../../lib/format';
import { ContributionsSinceJoining } from './ContributionsSinceJoining';
import { DC_POT_READ, readDcPot } from './dc-api';
import { FundSwitchPending } from './FundSwitchPending';
import { GlidePathNote } from './GlidePathNote';
import { PotHistory, PotYear } from './PotHistory';
import './dc-options.css';

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** A figure held to 4 decimal places (units, a unit price in pence), shown with all 4: `81,372.6555`. */
export function fourPlaces(value: number): string {
  const scaled = Math.round(value * 10_000);
  return `${grouped(String(Math.floor(scaled / 10_000)))}.${String(scaled % 10_000).padStart(4, '0')}`;
}

const percent = (value: number | null) => (value === null ? 'Not listed' : `${value}% a year`);

/**
 * A DC record's pot today: its value, the funds it is invested in (units × unit price, to the penny,
 * adding up to the pot, with each fund's yearly charge), the lifestyle strategy it follows and when that
 * starts moving it, and the contributions paid in over the last
 * 12 months, totalled; `withHistory` (My pension) adds each contribution, the total since joining with
 * each tax year's, the pot's value over five years and what moved it over the last year.
 */
export function DcPotToday({
  recordKey,
  headingLevel = 2,
  withHistory = false,
}: {
  recordKey: string;
  headingLevel?: 2 | 3;
  withHistory?: boolean;
}) {
  const read = useLoad(readDcPot, {
    key: recordKey,
    initial: http.answered<DcPot>(DC_POT_READ, recordHeaders()),
  });
  const Heading = `h${headingLevel}` as const;
  const Subheading = `h${headingLevel + 1}` as 'h3' | 'h4';
  const pot = read.data;
  return (
    <section aria-labelledby="dc-pot-heading" className="dc-pot">
      <Heading id="dc-pot-heading">Your pot today</Heading>
      <FundSwitchPending recordKey={recordKey} />
      <LoadFailed what="show your pot" load={read} />
      {!pot && !read.failure && <p className="page-loading">Loading your pot</p>}
      {pot && (
        <>
          <p className="dc-pot__value">
            {formatCurrency(pot.potPence, 'exact')}
            {pot.valuedOn && <span> at fund prices on {formatDate(pot.valuedOn)}</span>}
          </p>
          {pot.funds.length === 0 ? (
            <p>
              We do not have the details of your funds online. Call us to find out how your pot is invested.
            </p>
          ) : (
            <div className="dc-table-wrap">
              <table className="dc-table">
                <caption>The funds your pot is invested in</caption>
                <thead>
                  <tr>
                    <th scope="col">Fund</th>
                    <th scope="col" className="numeric">
                      Units
                    </th>
                    <th scope="col" className="numeric">
                      Unit price
                    </th>
                    <th scope="col">Price date</th>
                    <th scope="col" className="numeric">
                      Value
                    </th>
                    <th scope="col" className="numeric">
                      Yearly charge
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {pot.funds.map((fund) => (
                    <tr key={fund.code}>
                      <th scope="row">{fund.name}</th>
                      <td className="numeric">{fourPlaces(fund.units)}</td>
                      <td className="numeric">{fourPlaces(fund.unitPricePence)}p</td>
                      <td>{formatDate(fund.pricedOn)}</td>
                      <td className="numeric">{formatCurrency(fund.valuePence, 'exact')}</td>
                      <td className="numeric">{percent(fund.annualChargePercent)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={4}>
                      Your pot
                    </th>
                    <td className="numeric">{formatCurrency(pot.potPence, 'exact')}</td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          {pot.funds.length > 0 && (
            <p className="dc-hint">
              Each fund’s value is its units times the unit price, rounded to the nearest penny. Together they
              make up your pot. Prices go down as well as up. Each fund’s yearly charge is taken from what you
              hold in it, a twelfth each month.
            </p>
          )}
          <GlidePathNote glidePath={pot.glidePath} />
          <Subheading>
            Paid in from {formatDate(pot.contributions.from)} to {formatDate(pot.contributions.to)}
          </Subheading>
          <dl className="summary-list">
            <div className="summary-row">
              <dt>You paid</dt>
              <dd>{formatCurrency(pot.contributions.memberPence, 'exact')}</dd>
            </div>
            <div className="summary-row">
              <dt>Your employer paid</dt>
              <dd>{formatCurrency(pot.contributions.employerPence, 'exact')}</dd>
            </div>
            <div className="summary-row">
              <dt>Total paid in</dt>
              <dd>{formatCurrency(pot.contributions.totalPence, 'exact')}</dd>
            </div>
          </dl>
          {withHistory && pot.contributions.payments.length === 0 && (
            <p>No contributions were paid in over these 12 months.</p>
          )}
          {withHistory && pot.contributions.payments.length > 0 && (
            <div className="dc-table-wrap">
              <table className="dc-table">
                <caption>Each contribution paid in over these 12 months, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Date paid</th>
                    <th scope="col" className="numeric">
                      From you
                    </th>
                    <th scope="col" className="numeric">
                      From your employer
                    </th>
                    <th scope="col" className="numeric">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {pot.contributions.payments.map((payment) => (
                    <tr key={payment.paidOn}>
                      <th scope="row">{formatDate(payment.paidOn)}</th>
                      <td className="numeric">{formatCurrency(payment.memberPence, 'exact')}</td>
                      <td className="numeric">{formatCurrency(payment.employerPence, 'exact')}</td>
                      <td className="numeric">{formatCurrency(payment.totalPence, 'exact')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {withHistory && (
            <>
              <ContributionsSinceJoining since={pot.sinceJoining} Heading={Subheading} />
              <Subheading>Your pot over time</Subheading>
              <PotHistory history={pot.history} />
              <PotYear year={pot.lastYear} Heading={Subheading} />
            </>
          )}
        </>
      )}
    </section>
  );
}
