import { DB_VALUATION_FACTOR, LUMP_SUM_ALLOWANCE_PENCE } from './constants';
import { CalculationError } from './errors';
import { allocatePence, floorPence } from './money';

export interface LumpSumBasis {
  /** Full pension per annum before any commutation. */
  fullPensionPence: number;
  /** £ of lump sum per £1 a year of pension given up. */
  commutationFactor: number;
  /** AVC fund, taken as cash before any pension is given up (where the scheme takes it as cash first). */
  avcFundPence: number;
  lumpSumAllowanceRemainingPence: number;
  /**
   * False where the scheme does not take AVCs as cash first: the fund then buys extra pension only, and the
   * cash (and its 25% limit) comes from the main pension alone. True when left out.
   */
  avcAsCash?: boolean;
}

/** The part of the AVC fund that can be paid as tax-free cash: all of it, or none where the scheme says so. */
const avcForCash = (basis: LumpSumBasis) => (basis.avcAsCash === false ? 0 : basis.avcFundPence);

export type LumpSumLimit = 'hmrc-25-percent' | 'lump-sum-allowance';

export interface MaximumLumpSum {
  maximumPence: number;
  /** The 25% limit alone, rounded down to the penny. */
  hmrcLimitPence: number;
  limitedBy: LumpSumLimit;
}

export function lumpSumAllowanceRemaining(usedPence: number): number {
  return Math.max(0, LUMP_SUM_ALLOWANCE_PENCE - usedPence);
}

/**
 * The 25% limit: cash L may be at most a quarter of everything crystallised, valuing pension at 20× a year.
 * Taking all AVC fund A as cash and giving up pension x at factor CF (L = A + CF·x):
 *   L ≤ (20(P − x) + A + CF·x) / 4  ⇒  L = 20(P·CF + A) / (3·CF + 20)
 * (with A = 0 this is 20·P·CF / (3·CF + 20)). When the AVC fund alone exceeds that (3A > 20P) no pension is
 * given up and the cash is (20P + A) / 4, the rest of the AVC fund buying pension.
 * Then capped by the member's remaining Lump Sum Allowance; rounded down to the penny. Where the scheme does
 * not take AVCs as cash (`avcAsCash: false`), A is 0 here: the fund buys extra pension instead.
 */
export function maximumLumpSum(basis: LumpSumBasis): MaximumLumpSum {
  const p = basis.fullPensionPence;
  const a = avcForCash(basis);
  const cf = basis.commutationFactor;
  const v = DB_VALUATION_FACTOR;
  const limit = 3 * a <= v * p ? (v * (p * cf + a)) / (3 * cf + v) : (v * p + a) / 4;
  const hmrcLimitPence = floorPence(limit);
  return hmrcLimitPence <= basis.lumpSumAllowanceRemainingPence
    ? { maximumPence: hmrcLimitPence, hmrcLimitPence, limitedBy: 'hmrc-25-percent' }
    : { maximumPence: basis.lumpSumAllowanceRemainingPence, hmrcLimitPence, limitedBy: 'lump-sum-allowance' };
}

export interface LumpSumOption {
  lumpSumPence: number;
  /** Part of the lump sum paid from the AVC fund. */
  fromAvcPence: number;
  /** Part paid by giving up pension. */
  fromCommutationPence: number;
  /**
   * Pension per annum given up: commuted cash ÷ factor, rounded down to the penny in the member's favour,
   * which also keeps the 25% test true on the rounded figures.
   */
  pensionGivenUpPence: number;
  residualPensionPence: number;
  /** AVC fund not taken as cash (to buy pension or be taken under the DC rules). */
  avcRemainingPence: number;
}

/** Splits a chosen lump sum between 0 and the maximum: AVC fund first, then commutation. */
export function lumpSumOption(basis: LumpSumBasis, lumpSumPence: number): LumpSumOption {
  const { maximumPence } = maximumLumpSum(basis);
  if (!Number.isInteger(lumpSumPence) || lumpSumPence < 0 || lumpSumPence > maximumPence) {
    throw new CalculationError('lump_sum_out_of_range', 'The lump sum must be between £0 and the maximum', {
      minimumPence: 0,
      maximumPence,
      requestedPence: lumpSumPence,
    });
  }
  const fromAvcPence = Math.min(avcForCash(basis), lumpSumPence);
  const fromCommutationPence = lumpSumPence - fromAvcPence;
  const pensionGivenUpPence = floorPence(fromCommutationPence / basis.commutationFactor);
  return {
    lumpSumPence,
    fromAvcPence,
    fromCommutationPence,
    pensionGivenUpPence,
    residualPensionPence: basis.fullPensionPence - pensionGivenUpPence,
    avcRemainingPence: basis.avcFundPence - fromAvcPence,
  };
}

/** Shares a residual pension across tranches in proportion to their full amounts, to the penny. */
export function residualTranches<T extends { code: string; annualPensionPence: number }>(
  tranches: readonly T[],
  residualPensionPence: number,
): { code: string; annualPensionPence: number }[] {
  const parts = allocatePence(
    residualPensionPence,
    tranches.map((t) => t.annualPensionPence),
  );
  return tranches.map((t, i) => ({ code: t.code, annualPensionPence: parts[i]! }));
}

export interface AvcUse {
  fundPence: number;
  /** Paid as tax-free cash, before any pension is given up. */
  asCashPence: number;
  /** The rest of the fund, buying extra pension. */
  toPensionPence: number;
  /** Extra pension a year it buys at the scheme's AVC pension factor, rounded down; null without a factor. */
  extraPensionPence: number | null;
}

/** How an AVC fund is taken with a lump-sum option: the cash part first, the rest as extra pension. */
export function avcUse(fundPence: number, option: LumpSumOption, pensionFactor: number | null): AvcUse {
  const toPensionPence = fundPence - option.fromAvcPence;
  return {
    fundPence,
    asCashPence: option.fromAvcPence,
    toPensionPence,
    extraPensionPence: pensionFactor === null ? null : floorPence(toPensionPence / pensionFactor),
  };
}
