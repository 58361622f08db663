import { TAX_FREE_PROPORTION } from './constants';
import { interpolate } from './factor-tables';
import { floorPence, roundPence, roundTo } from './money';
import type { YearsMonths } from './periods';
import type { DcSchemeConfig } from './scheme-config';

/** 25% of the pot, rounded down, but no more than the remaining Lump Sum Allowance. */
export function maximumTaxFreeCash(potPence: number, lumpSumAllowanceRemainingPence: number): number {
  return Math.min(floorPence(potPence * TAX_FREE_PROPORTION), lumpSumAllowanceRemainingPence);
}

/** Annual income per £1 of pot at an age (years and months), interpolated and rounded to 6 places. */
export function annuityRate(scheme: DcSchemeConfig, age: YearsMonths): number {
  const points = scheme.annuityRates.map((r) => ({ x: r.age, y: r.rate }));
  return roundTo(interpolate(points, age.years + age.months / 12), 6);
}

export function annuityIncome(potPence: number, rate: number): number {
  return roundPence(potPence * rate);
}

export interface Ufpls {
  taxFreePence: number;
  taxablePence: number;
}

/** Uncrystallised funds pension lump sum: the whole pot, a quarter tax-free (within the allowance). */
export function ufpls(potPence: number, lumpSumAllowanceRemainingPence: number): Ufpls {
  const taxFreePence = maximumTaxFreeCash(potPence, lumpSumAllowanceRemainingPence);
  return { taxFreePence, taxablePence: potPence - taxFreePence };
}

const MAX_DRAWDOWN_MONTHS = 100 * 12;

/**
 * How many whole months a drawdown pot pays a chosen income. Each month the income W (annual ÷ 12, rounded half up)
 * is paid first and the rest grows at r, the monthly equivalent of `annualGrowth`:
 *   B(k+1) = (B(k) − W)(1 + r)  ⇒  B(k) = S − (S − B(0))(1 + r)^k,  with the steady level S = W(1 + r)/r.
 * Payment k+1 is made while B(k) ≥ W, so the count is floor(ln((S − W)/(S − B(0))) / ln(1 + r)) + 1
 * (B(0) div W when r = 0). Null when the pot never runs down (B(0) ≥ S) or lasts beyond 100 years.
 */
export function drawdownMonths(
  potPence: number,
  annualIncomePence: number,
  annualGrowth: number,
): number | null {
  const w = roundPence(annualIncomePence / 12);
  if (w <= 0) return null;
  if (potPence < w) return 0;
  const r = (1 + annualGrowth) ** (1 / 12) - 1;
  let months: number;
  if (Math.abs(r) < 1e-12) {
    months = Math.floor(potPence / w);
  } else {
    const steady = (w * (1 + r)) / r;
    if (r > 0 && potPence >= steady) return null;
    // a whole number of months up to float noise counts as reached
    months = Math.floor(Math.log((steady - w) / (steady - potPence)) / Math.log(1 + r) + 1e-9) + 1;
  }
  return months > MAX_DRAWDOWN_MONTHS ? null : months;
}
