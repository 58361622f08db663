import type { IsoDate } from './dates';
import { interpolate } from './factor-tables';
import { roundTo } from './money';
import { completedMonths } from './periods';
import type { RetirementAdjustment } from './scheme-config';

export type AdjustmentKind = 'early' | 'late' | 'none';

export interface AppliedAdjustment {
  kind: AdjustmentKind;
  /** Complete months between the retirement date and NRD. */
  months: number;
  factor: number;
}

/**
 * Early-retirement reduction or late-retirement increase for a number of complete months.
 * Table: linear between rows, end rows beyond the table. Compound: (1 − r)^(months/12) early,
 * (1 + r)^(months/12) late. Factors are rounded to 4 decimal places.
 */
export function adjustmentFactor(rule: RetirementAdjustment, kind: 'early' | 'late', months: number): number {
  if (months === 0) return 1;
  if (rule.method === 'table') {
    return roundTo(
      interpolate(
        rule.factors.map((r) => ({ x: r.months, y: r.factor })),
        months,
      ),
      4,
    );
  }
  const base = kind === 'early' ? 1 - rule.annualRate : 1 + rule.annualRate;
  return roundTo(base ** (months / 12), 4);
}

/** Early before NRD, late after it, counted in complete months. */
export function retirementAdjustment(
  scheme: { earlyRetirement: RetirementAdjustment; lateRetirement: RetirementAdjustment },
  normalRetirementDate: IsoDate,
  retirementDate: IsoDate,
): AppliedAdjustment {
  if (retirementDate < normalRetirementDate) {
    const months = completedMonths(retirementDate, normalRetirementDate);
    return { kind: 'early', months, factor: adjustmentFactor(scheme.earlyRetirement, 'early', months) };
  }
  if (retirementDate > normalRetirementDate) {
    const months = completedMonths(normalRetirementDate, retirementDate);
    return { kind: 'late', months, factor: adjustmentFactor(scheme.lateRetirement, 'late', months) };
  }
  return { kind: 'none', months: 0, factor: 1 };
}
