import { useTextResolver } from '../content-context';
import { formatCurrency, formatNumber } from '../../../lib/format';
import type { BlockProps } from '../block-props';

type ChartBlock = BlockProps<'chart'>['block'];

const width = 640;
const height = 320;
const plot = { left: 90, right: width - 10, top: 16, bottom: height - 40 };
const kindNames = { bar: 'Bar chart', area: 'Area chart', doughnut: 'Doughnut chart' };
const colour = (index: number) => `series-${index % 6}`;

/** The top of a chart's scale: the largest value rounded up to 1, 2, 4, 6 or 8 times a power of ten. */
function roundCeiling(value: number) {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 4, 6, 8, 10].map((step) => step * power).find((top) => top >= value) ?? value;
}

/** The widest a character of an axis label (14px, `.chart__axes text`) can be, in the chart's units. */
const labelCharWidth = 8.5;
/** The least room between two axis labels. */
const labelGap = 6;

/** The words every label starts with (`Age ` of `Age 55`, `Age 56`), when each has more after them. */
function sharedLeadingWords(labels: string[]) {
  if (labels.length < 2) return '';
  let prefix = labels[0]!.slice(0, labels[0]!.lastIndexOf(' ') + 1);
  while (prefix && !labels.every((label) => label.startsWith(prefix) && label.length > prefix.length))
    prefix = prefix.slice(0, prefix.trimEnd().lastIndexOf(' ') + 1);
  return prefix;
}

/**
 * The category axis's labels, so that none runs into the next however many there are (15 ages on the
 * retirement options chart): as they are where they fit; else the words they all start with said once,
 * as the axis's name before them (`Age`, then `55`, `56`…); and where even those do not fit, every
 * second (third…) label, the first always. The table under the chart gives every label in full.
 */
export function categoryAxis(labels: string[], step: number): { name: string; ticks: string[] } {
  const fits = (texts: string[], every = 1) =>
    Math.max(0, ...texts.map((text) => text.length)) * labelCharWidth + labelGap <= step * every;
  if (fits(labels)) return { name: '', ticks: labels };
  const prefix = sharedLeadingWords(labels);
  const short = labels.map((label) => label.slice(prefix.length));
  let every = 1;
  while (!fits(short, every)) every += 1;
  return { name: prefix.trim(), ticks: short.map((label, index) => (index % every === 0 ? label : '')) };
}

function Axes({ max, format, labels }: { max: number; format: (value: number) => string; labels: string[] }) {
  const step = (plot.right - plot.left) / labels.length;
  const axis = categoryAxis(labels, step);
  return (
    <g className="chart__axes">
      {[0, 0.5, 1].map((fraction) => {
        const y = plot.bottom - fraction * (plot.bottom - plot.top);
        return (
          <g key={fraction}>
            <line x1={plot.left} x2={plot.right} y1={y} y2={y} />
            <text x={plot.left - 8} y={y + 5} textAnchor="end">
              {format(max * fraction)}
            </text>
          </g>
        );
      })}
      {axis.name && (
        <text x={plot.left - 8} y={height - 12} textAnchor="end">
          {axis.name}
        </text>
      )}
      {axis.ticks.map(
        (tick, index) =>
          tick && (
            <text key={index} x={plot.left + step * (index + 0.5)} y={height - 12} textAnchor="middle">
              {tick}
            </text>
          ),
      )}
    </g>
  );
}

function Bars({ chart, labels, max }: { chart: ChartBlock; labels: string[]; max: number }) {
  const group = (plot.right - plot.left) / labels.length;
  const bar = (group * 0.7) / chart.series.length;
  return chart.series.map((series, at) => (
    <g key={at} className={colour(at)}>
      {series.values.map((value, index) => {
        const barHeight = (value / max) * (plot.bottom - plot.top);
        const x = plot.left + group * index + group * 0.15 + bar * at;
        return (
          <rect
            key={index}
            className="chart__mark"
            x={x}
            y={plot.bottom - barHeight}
            width={bar}
            height={barHeight}
          />
        );
      })}
    </g>
  ));
}

function Areas({ chart, labels, max }: { chart: ChartBlock; labels: string[]; max: number }) {
  const step = (plot.right - plot.left) / labels.length;
  const x = (index: number) => plot.left + step * (index + 0.5);
  const y = (value: number) => plot.bottom - (value / max) * (plot.bottom - plot.top);
  return chart.series.map((series, at) => {
    const line = series.values.map((value, index) => `${x(index)},${y(value)}`).join(' L');
    const area = `M${x(0)},${plot.bottom} L${line} L${x(series.values.length - 1)},${plot.bottom} Z`;
    return (
      <g key={at} className={colour(at)}>
        <path className="chart__area" d={area} />
        <path className="chart__line" d={`M${line}`} />
      </g>
    );
  });
}

function Doughnut({ values }: { values: number[] }) {
  const radius = 100;
  const circumference = 2 * Math.PI * radius;
  const total = values.reduce((sum, value) => sum + value, 0) || 1;
  let offset = 0;
  return (
    <g transform={`rotate(-90 ${width / 2} ${height / 2})`}>
      {values.map((value, index) => {
        const length = (value / total) * circumference;
        const arc = (
          <circle
            key={index}
            className={`chart__arc ${colour(index)}`}
            cx={width / 2}
            cy={height / 2}
            r={radius}
            strokeDasharray={`${length} ${circumference - length}`}
            strokeDashoffset={-offset}
          />
        );
        offset += length;
        return arc;
      })}
    </g>
  );
}

/**
 * An SVG chart (role="img", labelled) with its figures in a table behind a disclosure; a `tableOnly`
 * series is in the table and not drawn.
 */
export function Chart({ block }: BlockProps<'chart'>) {
  const { text } = useTextResolver();
  const format = (value: number) =>
    block.format === 'currency' ? formatCurrency(value) : formatNumber(value);
  const formatScale = (value: number) =>
    block.format === 'currency' ? formatCurrency(value, 'whole') : formatNumber(value);
  const labels = block.labels.map(text);
  const drawn = { ...block, series: block.series.filter((series) => !series.tableOnly) };
  const max = roundCeiling(Math.max(1, ...drawn.series.flatMap((series) => series.values)));
  const legend = block.kind === 'doughnut' ? labels : drawn.series.map((series) => text(series.name));
  const title = text(block.title);
  return (
    <figure className="chart">
      <figcaption className="chart__title">{title}</figcaption>
      <svg
        className={`chart__svg chart__svg--${block.kind}`}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${title}. ${kindNames[block.kind]}; the figures are in the table below.`}
      >
        {block.kind === 'doughnut' ? (
          <Doughnut values={block.series[0]!.values} />
        ) : (
          <>
            <Axes max={max} format={formatScale} labels={labels} />
            {block.kind === 'bar' ? (
              <Bars chart={drawn} labels={labels} max={max} />
            ) : (
              <Areas chart={drawn} labels={labels} max={max} />
            )}
          </>
        )}
      </svg>
      <ul className="chart__legend" aria-hidden="true">
        {legend.map((name, index) => (
          <li key={index} className={colour(index)}>
            <span className="chart__swatch" />
            {name}
          </li>
        ))}
      </ul>
      <details className="chart__data">
        <summary>Show the figures as a table</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <td />
              {block.series.map((series, index) => (
                <th key={index} scope="col">
                  {text(series.name)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, row) => (
              <tr key={row}>
                <th scope="row">{label}</th>
                {block.series.map((series, index) => (
                  <td key={index}>{format(series.values[row]!)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
