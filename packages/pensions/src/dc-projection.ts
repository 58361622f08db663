import { interpolate } from './factor-tables';
import { roundPence } from './money';
import { memoByScheme } from './memo';
import type { DcSchemeConfig, Fund } from './scheme-config';

/** Monthly rate equivalent to an annual growth net of the annual charge: (1 + g − c)^(1/12) − 1. */
export function monthlyNetRate(fund: Fund): number {
  return (1 + fund.growth - fund.charge) ** (1 / 12) - 1;
}

function blendedRate(allocation: Record<string, number>, funds: ReadonlyMap<string, Fund>): number {
  let rate = 0;
  for (const [code, weight] of Object.entries(allocation)) {
    const fund = funds.get(code);
    if (!fund) throw new RangeError(`Unknown fund ${code}`);
    rate += weight * monthlyNetRate(fund);
  }
  return rate;
}

/** How the pot is invested: the monthly net rate for a month `monthsToTarget` before the target date. */
export type GrowthPath = (monthsToTarget: number) => number;

/**
 * A lifestyle strategy rebalanced monthly along its glide path. Allocations move linearly between glide-path
 * points and the blended rate is linear in the allocation, so the rate is interpolated between points. The rate
 * for each whole month is tabulated once per strategy; before the furthest point and after the target it is flat.
 */
export const strategyGrowthPath = memoByScheme((scheme: DcSchemeConfig, strategyCode: string): GrowthPath => {
  const strategy = scheme.strategies.find((s) => s.code === strategyCode);
  if (!strategy) throw new RangeError(`Unknown strategy ${strategyCode}`);
  const funds = new Map(scheme.funds.map((f) => [f.code, f]));
  const points = strategy.glidePath
    .map((p) => ({ x: p.yearsToTarget * 12, y: blendedRate(p.allocation, funds) }))
    .reverse();
  const rates = Float64Array.from({ length: Math.ceil(points.at(-1)!.x) + 1 }, (_, m) =>
    interpolate(points, m),
  );
  const last = rates.length - 1;
  return (monthsToTarget) => rates[monthsToTarget <= 0 ? 0 : monthsToTarget >= last ? last : monthsToTarget]!;
});

/** Self-selected funds held in proportion to their current values, rebalanced monthly. */
export function holdingsGrowthPath(
  holdings: readonly { code: string; valuePence: number }[],
  scheme: DcSchemeConfig,
): GrowthPath {
  const funds = new Map(scheme.funds.map((f) => [f.code, f]));
  const total = holdings.reduce((s, h) => s + h.valuePence, 0);
  const allocation =
    total > 0
      ? Object.fromEntries(holdings.map((h) => [h.code, h.valuePence / total]))
      : { [holdings[0]!.code]: 1 };
  const rate = blendedRate(allocation, funds);
  return () => rate;
}

export interface ProjectionInput {
  potPence: number;
  /** Paid at the end of each month while contributions continue. */
  monthlyContributionPence: number;
  /** Yearly increase in contributions (steps up every 12 months). */
  contributionEscalation: number;
  months: number;
  /** Months from the start of the projection to the target date (the glide path's zero). */
  monthsToTarget: number;
  growth: GrowthPath;
  /** Month counts at which to record the balance (e.g. each birthday line). */
  captureAt?: readonly number[];
}

export interface ProjectionPoint {
  potPence: number;
  /** Contributions paid in up to this point. */
  contributionsPence: number;
}

export interface Projection extends ProjectionPoint {
  captured: Map<number, ProjectionPoint>;
}

/**
 * Month by month: balance × (1 + that month's net rate), rounded half up to the penny, then the month's
 * contribution added. Rounding every month keeps the arithmetic in whole pence and reproducible.
 */
export function projectPot(input: ProjectionInput): Projection {
  const capture = [...new Set(input.captureAt ?? [])].sort((a, b) => a - b);
  const captured = new Map<number, ProjectionPoint>();
  let next = 0;
  let balance = input.potPence;
  let contributions = 0;
  let contribution = input.monthlyContributionPence;
  for (let k = 0; k <= input.months; k++) {
    while (next < capture.length && capture[next]! < k) next++;
    if (capture[next] === k) captured.set(k, { potPence: balance, contributionsPence: contributions });
    if (k === input.months) break;
    if (k > 0 && k % 12 === 0 && input.contributionEscalation !== 0) {
      contribution = roundPence(
        input.monthlyContributionPence * (1 + input.contributionEscalation) ** (k / 12),
      );
    }
    balance = roundPence(balance * (1 + input.growth(input.monthsToTarget - k))) + contribution;
    contributions += contribution;
  }
  return { potPence: balance, contributionsPence: contributions, captured };
}

/** Money of the day → today's money at an annual inflation rate over a number of months. */
export function inTodaysMoney(pence: number, inflation: number, months: number): number {
  return roundPence(pence / (1 + inflation) ** (months / 12));
}
