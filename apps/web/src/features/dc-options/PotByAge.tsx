import type { DcOptionFigures } from '@meridian/contracts';
import { formatCurrency, formatDate } from '../../lib/format';

type Drawdown = NonNullable<DcOptionFigures['drawdown']>;

const WIDTH = 600;
const HEIGHT = 220;
const LEFT = 70;
const BOTTOM = 24;

/** A round top for the scale: 1, 2 or 5 times a power of ten, at or above the highest pot. */
export function scaleTop(highestPence: number): number {
  if (highestPence <= 0) return 100;
  const power = 10 ** Math.floor(Math.log10(highestPence));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= highestPence)!;
}

/**
 * The drawdown pot on each birthday: a bar chart that says what it shows in words, and the same
 * figures as a table (the chart's alternative for screen readers and anyone who prefers one).
 */
export function PotByAge({ drawdown, id }: { drawdown: Drawdown; id: string }) {
  const points = drawdown.potByAge;
  if (points.length === 0) return null;
  const top = scaleTop(Math.max(...points.map((point) => point.potPence)));
  const slot = (WIDTH - LEFT) / points.length;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const summary = `Your drawdown pot by age: ${formatCurrency(first.potPence, 'whole')} at ${first.age}, ${formatCurrency(last.potPence, 'whole')} at ${last.age}.`;
  return (
    <div className="pot-by-age">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + BOTTOM}`}
        role="img"
        aria-labelledby={`${id}-chart-title`}
        className="pot-by-age__chart"
      >
        <title id={`${id}-chart-title`}>{summary}</title>
        {[0, 0.5, 1].map((share) => {
          const y = HEIGHT - share * (HEIGHT - 10);
          return (
            <g key={share} aria-hidden="true">
              <line x1={LEFT} x2={WIDTH} y1={y} y2={y} className="pot-by-age__grid" />
              <text x={LEFT - 6} y={y + 4} textAnchor="end" className="pot-by-age__label">
                {formatCurrency(top * share, 'whole')}
              </text>
            </g>
          );
        })}
        {points.map((point, index) => {
          const height = (point.potPence / top) * (HEIGHT - 10);
          const x = LEFT + index * slot;
          return (
            <g key={point.age} aria-hidden="true">
              <rect
                x={x + slot * 0.15}
                width={slot * 0.7}
                y={HEIGHT - height}
                height={height}
                className="pot-by-age__bar"
              />
              {(index % 5 === 0 || index === points.length - 1) && (
                <text x={x + slot / 2} y={HEIGHT + 16} textAnchor="middle" className="pot-by-age__label">
                  {point.age}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details className="pot-by-age__table">
        <summary>Show the pot at each age as a table</summary>
        <div className="dc-table-wrap">
          <table className="dc-table">
            <caption>Your drawdown pot on each birthday</caption>
            <thead>
              <tr>
                <th scope="col">Age</th>
                <th scope="col">Date</th>
                <th scope="col" className="numeric">
                  Pot
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.age}>
                  <th scope="row">{point.age}</th>
                  <td>{formatDate(point.date)}</td>
                  <td className="numeric">{formatCurrency(point.potPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
