import type { DcPot } from '@meridian/contracts';
import { formatCurrency, formatDate } from '../../lib/format';

/**
 * Every contribution the scheme holds for the record: what the member and their employer paid in each
 * tax year, newest first, in a table whose last row is the total since joining.
 */
export function ContributionsSinceJoining({
  since,
  Heading,
}: {
  since: DcPot['sinceJoining'];
  Heading: 'h3' | 'h4';
}) {
  return (
    <>
      <Heading>Total since joining</Heading>
      {since.from === null ? (
        <p>We do not hold any contributions paid in for you.</p>
      ) : (
        <>
          <p>
            Paid in from {formatDate(since.from)}, the first contribution we hold for you, to{' '}
            {formatDate(since.to)}. A tax year runs from 6 April to 5 April.
          </p>
          <div className="dc-table-wrap">
            <table className="dc-table">
              <caption>What was paid in each tax year since you joined, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Tax year</th>
                  <th scope="col" className="numeric">
                    Contributions
                  </th>
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
                {since.byTaxYear.map((year) => (
                  <tr key={year.taxYear}>
                    <th scope="row">
                      {year.taxYear}{' '}
                      <span className="dc-table__dates">
                        {formatDate(year.from)} to {formatDate(year.to)}
                      </span>
                    </th>
                    <td className="numeric">{year.count}</td>
                    <td className="numeric">{formatCurrency(year.memberPence, 'exact')}</td>
                    <td className="numeric">{formatCurrency(year.employerPence, 'exact')}</td>
                    <td className="numeric">{formatCurrency(year.totalPence, 'exact')}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total since joining</th>
                  <td className="numeric">
                    {since.byTaxYear.reduce((count, year) => count + year.count, 0)}
                  </td>
                  <td className="numeric">{formatCurrency(since.memberPence, 'exact')}</td>
                  <td className="numeric">{formatCurrency(since.employerPence, 'exact')}</td>
                  <td className="numeric">{formatCurrency(since.totalPence, 'exact')}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </>
  );
}
