import { dateParts, type IsoDate } from './dates';
import { completedYears } from './periods';
import type { DbSchemeConfig } from './scheme-config';
import { roundTo } from './money';

export interface RevaluationYear {
  /** Calendar year in which the year of deferment ends. */
  year: number;
  cpi: number;
  /** CPI floored at 0 and capped. */
  applied: number;
}

export interface Revaluation {
  years: number;
  /** Product of (1 + applied) over complete years, rounded to 6 decimal places. */
  factor: number;
  steps: RevaluationYear[];
}

/**
 * CPI revaluation in deferment over complete years from `from` to `to`, each year's increase capped at
 * `capPercent` and never negative. A part year earns nothing (as in statutory revaluation).
 */
export function revaluation(
  from: IsoDate,
  to: IsoDate,
  capPercent: number,
  basis: DbSchemeConfig['revaluation'],
): Revaluation {
  const years = completedYears(from, to);
  const cap = capPercent / 100;
  const steps: RevaluationYear[] = [];
  let factor = 1;
  const firstYear = dateParts(from).year + 1;
  for (let k = 0; k < years; k++) {
    const year = firstYear + k;
    const cpi = basis.cpiByYear[String(year)] ?? basis.assumedCpi;
    const applied = Math.min(Math.max(cpi, 0), cap);
    factor *= 1 + applied;
    steps.push({ year, cpi, applied });
  }
  return { years, factor: roundTo(factor, 6), steps };
}

/** The revaluation factor alone (as `revaluation(...).factor`), without the year-by-year breakdown. */
export function revaluationFactor(
  from: IsoDate,
  to: IsoDate,
  capPercent: number,
  basis: DbSchemeConfig['revaluation'],
): number {
  const years = completedYears(from, to);
  const cap = capPercent / 100;
  const firstYear = dateParts(from).year + 1;
  let factor = 1;
  for (let k = 0; k < years; k++) {
    const cpi = basis.cpiByYear[String(firstYear + k)] ?? basis.assumedCpi;
    factor *= 1 + Math.min(Math.max(cpi, 0), cap);
  }
  return roundTo(factor, 6);
}
