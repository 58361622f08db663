import { ageBands } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { formatDate } from '../../lib/format';
import { consoleApi } from './console-api';
import { useConsoleTitle } from './fields';

const hoursText = (hours: number | null) =>
  hours === null
    ? 'None acted on yet'
    : hours < 48
      ? `${hours} hours`
      : `${Math.round(hours / 2.4) / 10} days`;

/** The dashboard: open cases by type and age band, what is overdue, and week by week time to first action. */
export function DashboardPage() {
  useConsoleTitle('Dashboard');
  const read = useLoad(() => consoleApi.dashboard());
  const dashboard = read.data;
  return (
    <>
      <h1>Dashboard</h1>
      <LoadFailed what="show the dashboard" load={read} />
      {!dashboard && !read.failure && <p>Loading...</p>}
      {dashboard && (
        <>
          <p>
            {dashboard.totals.open} open cases, {dashboard.totals.overdue} of them overdue.
          </p>
          <h2>Open cases by type and age</h2>
          {dashboard.openByType.length === 0 ? (
            <p>No cases are open.</p>
          ) : (
            <table className="console-table">
              <caption className="visually-hidden">
                Open cases by type and how long they have been open
              </caption>
              <thead>
                <tr>
                  <th scope="col">Case type</th>
                  {ageBands.map((band) => (
                    <th scope="col" key={band} className="numeric">
                      {band}
                    </th>
                  ))}
                  <th scope="col" className="numeric">
                    Open
                  </th>
                  <th scope="col" className="numeric">
                    Overdue
                  </th>
                </tr>
              </thead>
              <tbody>
                {dashboard.openByType.map((row) => (
                  <tr key={row.caseType}>
                    <th scope="row">{row.caseType}</th>
                    {row.bands.map((count, index) => (
                      <td key={ageBands[index]} className="numeric">
                        {count}
                      </td>
                    ))}
                    <td className="numeric">{row.total}</td>
                    <td className="numeric">{row.overdue}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All types</th>
                  {dashboard.totals.bands.map((count, index) => (
                    <td key={ageBands[index]} className="numeric">
                      {count}
                    </td>
                  ))}
                  <td className="numeric">{dashboard.totals.open}</td>
                  <td className="numeric">{dashboard.totals.overdue}</td>
                </tr>
              </tfoot>
            </table>
          )}
          <h2>Week by week</h2>
          <table className="console-table">
            <caption className="visually-hidden">
              Cases opened and closed each week, and the median time from a case opening to staff first acting
              on it
            </caption>
            <thead>
              <tr>
                <th scope="col">Week starting</th>
                <th scope="col" className="numeric">
                  Opened
                </th>
                <th scope="col" className="numeric">
                  Closed
                </th>
                <th scope="col" className="numeric">
                  Acted on
                </th>
                <th scope="col">Median time to first action</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.weeks.map((week) => (
                <tr key={week.weekStarting}>
                  <th scope="row">{formatDate(week.weekStarting)}</th>
                  <td className="numeric">{week.opened}</td>
                  <td className="numeric">{week.closed}</td>
                  <td className="numeric">{week.actedOn}</td>
                  <td>{hoursText(week.medianHoursToFirstAction)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
