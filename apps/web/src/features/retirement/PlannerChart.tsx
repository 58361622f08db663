import type { RetirementPlanner } from '@meridian/contracts';
import { formatCurrency } from '../../lib/format';

const width = 640;
const height = 300;
const plot = { left: 84, right: width - 8, top: 12, bottom: height - 36 };

/** The top of the scale: the largest figure rounded up to a whole £5,000. */
const scaleTop = (pence: number) => Math.max(1, Math.ceil(pence / 500_000)) * 500_000;

/**
 * A bar chart of the full pension and the pension with the most tax-free cash at each age. Decoration:
 * it says in words what it shows and where the figures are (the table after it, which is the truth).
 */
export function PlannerChart({ plan }: { plan: RetirementPlanner }) {
  const ages = plan.ages;
  if (ages.length === 0) return null;
  const top = scaleTop(Math.max(...ages.map((entry) => entry.fullPensionPence)));
  const group = (plot.right - plot.left) / ages.length;
  const bar = group * 0.35;
  const y = (pence: number) => plot.bottom - (pence / top) * (plot.bottom - plot.top);
  const every = Math.ceil(ages.length / 10);
  const first = ages[0]!;
  const last = ages.at(-1)!;
  const label =
    `Bar chart of your pension a year at each age from ${first.age} to ${last.age}: ` +
    `${formatCurrency(first.fullPensionPence, 'whole')} at ${first.age}, ` +
    `${formatCurrency(last.fullPensionPence, 'whole')} at ${last.age}, and less with the most tax-free cash. ` +
    'The figures are in the table below.';
  return (
    <figure className="chart planner__chart">
      <svg className="chart__svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        <g className="chart__axes">
          {[0, 0.5, 1].map((fraction) => (
            <g key={fraction}>
              <line x1={plot.left} x2={plot.right} y1={y(top * fraction)} y2={y(top * fraction)} />
              <text x={plot.left - 8} y={y(top * fraction) + 5} textAnchor="end">
                {formatCurrency(top * fraction, 'whole')}
              </text>
            </g>
          ))}
          <text x={plot.left - 8} y={height - 8} textAnchor="end">
            Age
          </text>
          {ages.map(
            (entry, index) =>
              index % every === 0 && (
                <text key={entry.age} x={plot.left + group * (index + 0.5)} y={height - 8} textAnchor="middle">
                  {entry.age}
                </text>
              ),
          )}
        </g>
        {(['fullPensionPence', 'pensionWithMaximumLumpSumPence'] as const).map((figure, at) => (
          <g key={figure} className={`series-${at}`}>
            {ages.map((entry, index) => (
              <rect
                key={entry.age}
                className="chart__mark"
                x={plot.left + group * index + group * 0.15 + bar * at}
                y={y(entry[figure])}
                width={bar}
                height={plot.bottom - y(entry[figure])}
              />
            ))}
          </g>
        ))}
      </svg>
      <ul className="chart__legend" aria-hidden="true">
        <li className="series-0">
          <span className="chart__swatch" />
          Full pension
        </li>
        <li className="series-1">
          <span className="chart__swatch" />
          Pension with the most tax-free cash
        </li>
      </ul>
    </figure>
  );
}
