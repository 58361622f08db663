import type { DcPot } from '@meridian/contracts';
import { formatCurrency, formatDate } from '../../lib/format';
import { scaleTop } from './PotByAge';

const WIDTH = 600;
const HEIGHT = 220;
const LEFT = 70;
const BOTTOM = 24;
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * The pot's value over the last five years: a line that says what it shows in words, and the same
 * figures as a table (the chart's alternative for screen readers and anyone who prefers one).
 */
export function PotHistory({ history }: { history: DcPot['history'] }) {
  if (history.length < 2) return null;
  const first = history[0]!;
  const last = history[history.length - 1]!;
  const top = scaleTop(Math.max(...history.map((point) => point.potPence)));
  const start = dayNumber(first.on);
  const span = Math.max(1, dayNumber(last.on) - start);
  const x = (day: string) => LEFT + ((dayNumber(day) - start) / span) * (WIDTH - LEFT - 10);
  const y = (pence: number) => HEIGHT - (pence / top) * (HEIGHT - 10);
  const line = history.map((point) => `${x(point.on).toFixed(1)},${y(point.potPence).toFixed(1)}`).join(' ');
  const years = history.filter(
    (point, index) => index === 0 || point.on.slice(0, 4) !== history[index - 1]!.on.slice(0, 4),
  );
  const summary = `Your pot’s value: ${formatCurrency(first.potPence, 'whole')} on ${formatDate(first.on)}, ${formatCurrency(last.potPence, 'whole')} on ${formatDate(last.on)}.`;
  return (
    <div className="pot-history">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + BOTTOM}`}
        role="img"
        aria-labelledby="pot-history-title"
        className="pot-by-age__chart"
      >
        <title id="pot-history-title">{summary}</title>
        {[0, 0.5, 1].map((share) => (
          <g key={share} aria-hidden="true">
            <line x1={LEFT} x2={WIDTH} y1={y(top * share)} y2={y(top * share)} className="pot-by-age__grid" />
            <text x={LEFT - 6} y={y(top * share) + 4} textAnchor="end" className="pot-by-age__label">
              {formatCurrency(top * share, 'whole')}
            </text>
          </g>
        ))}
        {years.slice(1).map((point) => (
          <text
            key={point.on}
            x={x(point.on)}
            y={HEIGHT + 16}
            textAnchor="middle"
            className="pot-by-age__label"
            aria-hidden="true"
          >
            {point.on.slice(0, 4)}
          </text>
        ))}
        <polyline points={line} className="pot-history__line" aria-hidden="true" />
      </svg>
      <details className="pot-by-age__table">
        <summary>Show your pot’s value over time as a table</summary>
        <div className="dc-table-wrap">
          <table className="dc-table">
            <caption>Your pot’s value at each month end, and today</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="numeric">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {[...history].reverse().map((point) => (
                <tr key={point.on}>
                  <th scope="row">{formatDate(point.on)}</th>
                  <td className="numeric">{formatCurrency(point.potPence, 'exact')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** What moved the pot over the last 12 months, as a list that adds up. */
export function PotYear({ year, Heading }: { year: DcPot['lastYear']; Heading: 'h3' | 'h4' }) {
  if (year.from === null || year.startPence === null || year.returnPence === null) return null;
  const rows: Array<[string, string]> = [
    [`Value on ${formatDate(year.from)}`, formatCurrency(year.startPence, 'exact')],
    ['Paid in', formatCurrency(year.paidInPence, 'exact')],
    [
      year.returnPence < 0 ? 'Investment fall, before charges' : 'Investment growth, before charges',
      formatCurrency(Math.abs(year.returnPence), 'exact'),
    ],
    ['Charges taken', formatCurrency(year.chargesPence, 'exact')],
    [`Value on ${formatDate(year.to)}`, formatCurrency(year.endPence, 'exact')],
  ];
  return (
    <>
      <Heading>
        How your pot changed from {formatDate(year.from)} to {formatDate(year.to)}
      </Heading>
      <dl className="summary-list">
        {rows.map(([label, value]) => (
          <div className="summary-row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="dc-hint">
        The value at the start, plus what was paid in, plus the investment growth (or less the fall), less the
        charges, is the value today.
      </p>
    </>
  );
}
