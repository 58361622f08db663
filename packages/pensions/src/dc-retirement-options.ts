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
 * How many whole months a drawdown pot pays a chosen income: each month the income (annual ÷ 12, rounded
 * half up) is paid first, then the rest grows at the monthly equivalent of `annualGrowth`, rounded to the penny.
 * Null when the income never exhausts the pot (growth covers it) or it lasts beyond 100 years.
 */
export function drawdownMonths(
  potPence: number,
  annualIncomePence: number,
  annualGrowth: number,
): number | null {
  const monthlyIncome = roundPence(annualIncomePence / 12);
  if (monthlyIncome <= 0) return null;
  const rate = (1 + annualGrowth) ** (1 / 12) - 1;
  // Steady state: B = (B − W)(1 + r) ⇒ B = W(1 + r)/r; a pot at or above it never runs down.
  if (rate > 0 && potPence >= (monthlyIncome * (1 + rate)) / rate) return null;
  let balance = potPence;
  let months = 0;
  while (balance >= monthlyIncome) {
    balance = roundPence((balance - monthlyIncome) * (1 + rate));
    months++;
    if (months >= MAX_DRAWDOWN_MONTHS) return null;
  }
  return months;
}
