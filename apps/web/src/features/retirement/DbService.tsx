import type { DbService as Service } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatCurrency, formatDate } from '../../lib/format';
import { PageLink, useContent } from '../content';
import { retirementApi } from './retirement-api';
import './planner.css';

const pounds = (pence: number) => formatCurrency(pence, 'exact');
const length = ({ years, months }: { years: number; months: number }) =>
  `${years} ${years === 1 ? 'year' : 'years'}${months > 0 ? ` ${months} ${months === 1 ? 'month' : 'months'}` : ''}`;

function ServiceRows({ service }: { service: Service }) {
  // While the pension figures cannot be worked out the page shows none, the pension built up included.
  const { figuresUnavailable } = useContent();
  const built = service.tranches.filter((tranche) => tranche.annualPensionPence > 0);
  return (
    <dl className="summary-list">
      {service.dateJoinedScheme && (
        <div className="summary-row">
          <dt>Joined the scheme</dt>
          <dd>{formatDate(service.dateJoinedScheme)}</dd>
        </div>
      )}
      {service.pensionableServiceFrom && service.pensionableService && (
        <div className="summary-row">
          <dt>Pensionable service</dt>
          <dd>
            {length(service.pensionableService)}: from {formatDate(service.pensionableServiceFrom)}
            {service.pensionableServiceTo
              ? ` to ${formatDate(service.pensionableServiceTo)}`
              : ', and you are still building it up'}
          </dd>
        </div>
      )}
      {service.accrual && (
        <div className="summary-row">
          <dt>Accrual rate</dt>
          <dd>{service.accrual.rate} of your pensionable salary for each year of pensionable service</dd>
        </div>
      )}
      {!figuresUnavailable && (
        <div className="summary-row">
          <dt>Pension built up, at {formatDate(service.pensionAsAt)}</dt>
          <dd>
            {built.map((tranche) => (
              <div key={tranche.code}>
                {tranche.label}: {pounds(tranche.annualPensionPence)} a year
              </div>
            ))}
          </dd>
        </div>
      )}
    </dl>
  );
}

function SalaryHistory({ history }: { history: Service['salaryHistory'] }) {
  if (history.length === 0) return null;
  return (
    <div className="data-table planner__table" role="region" aria-labelledby="salary-history-caption" tabIndex={0}>
      <table>
        <caption id="salary-history-caption">Your pensionable salary</caption>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Pensionable salary a year</th>
          </tr>
        </thead>
        <tbody>
          {history.map((entry) => (
            <tr key={entry.from}>
              <td>{formatDate(entry.from)}</td>
              <td>{entry.to ? formatDate(entry.to) : 'Now'}</td>
              <td>{pounds(entry.pensionableSalaryPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How the pension grows (paying in) or was fixed (left), with the member's own numbers. */
function Working({ service }: { service: Service }) {
  const { accrual } = service;
  return (
    <details className="assumptions">
      <summary>How we worked this out</summary>
      {accrual && !service.pensionableServiceTo ? (
        <>
          <p>
            Each year of pensionable service adds {accrual.rate} of your pensionable salary to your pension a year:{' '}
            {pounds(accrual.salaryPence)} × {accrual.rate} = {pounds(accrual.pensionPerYearOfServicePence)} a year
            for each year, and a twelfth of that for each month.
          </p>
          <p>
            Your pension built up so far is shown at your salary today. Each month you keep paying in until you
            retire (or your normal retirement date, if sooner) adds salary × months ÷ 12 × {accrual.rate}:{' '}
            <PageLink pageKeys={['retirement_options']}>see it worked out at any age you could retire</PageLink>.
          </p>
        </>
      ) : (
        <p>
          Your pension was fixed from your pensionable service and salary when you left the scheme
          {service.pensionableServiceTo && ` on ${formatDate(service.pensionableServiceTo)}`}. Until you take it,
          it is increased each year in line with prices, within the scheme’s limits:{' '}
          <PageLink pageKeys={['retirement_options']}>see it at any age you could retire</PageLink>.
        </p>
      )}
    </details>
  );
}

/** A DB record's service and salary, from the record itself. */
export function DbService() {
  const load = useLoad(() => retirementApi.service());
  const heading = <h2 id="db-service-title">Your service and salary</h2>;
  return (
    <section className="db-service" aria-labelledby="db-service-title">
      {heading}
      {load.failure ? (
        <LoadFailed what="show your service and salary" load={load} />
      ) : !load.data ? (
        <p className="page-loading">Loading...</p>
      ) : (
        <>
          <ServiceRows service={load.data} />
          <SalaryHistory history={load.data.salaryHistory} />
          <Working service={load.data} />
        </>
      )}
    </section>
  );
}
