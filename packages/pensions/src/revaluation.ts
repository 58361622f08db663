import { dateParts, type IsoDate } from './dates';
import { CalculationError } from './errors';
import type { TrancheBenefit } from './member';
import { completedYears } from './periods';
import type { DbSchemeConfig } from './scheme-config';
import { roundPence, roundTo } from './money';

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

/** A held tranche's revaluation factor: under the cap the member's record sets for it, else the scheme's. */
export function trancheRevaluationFactor(
  scheme: DbSchemeConfig,
  tranche: DbSchemeConfig['tranches'][number],
  holding: TrancheBenefit | undefined,
  from: IsoDate,
  to: IsoDate,
): number {
  const cap = holding?.revaluationCapPercent ?? tranche.revaluationCapPercent;
  return revaluationFactor(from, to, cap, scheme.revaluation);
}

export interface RevaluedTranche {
  code: string;
  label: string;
  /** A year's pension as held at `from` (for a deferred member, when they left). */
  heldPence: number;
  /** The same, revalued to `to`. */
  revaluedPence: number;
}

/** A deferred pension's tranches, in the scheme's order, as held at `from` and revalued to `to`. */
export function revaluedTranches(
  scheme: DbSchemeConfig,
  held: readonly TrancheBenefit[],
  from: IsoDate,
  to: IsoDate,
): RevaluedTranche[] {
  const unknown = held.find((holding) => !scheme.tranches.some((tranche) => tranche.code === holding.code));
  if (unknown)
    throw new CalculationError('invalid_member', `Tranche ${unknown.code} is not in scheme ${scheme.code}`);
  return scheme.tranches.flatMap((tranche) => {
    const holding = held.find((candidate) => candidate.code === tranche.code);
    if (!holding) return [];
    const factor = trancheRevaluationFactor(scheme, tranche, holding, from, to);
    return [
      {
        code: tranche.code,
        label: tranche.label,
        heldPence: holding.annualPensionPence,
        revaluedPence: roundPence(holding.annualPensionPence * factor),
      },
    ];
  });
}
