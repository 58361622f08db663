import { addDays, addMonths, addYears, dateParts, daysBetween, minDate, type IsoDate } from './dates';
import { ENGINE_VERSION, TRANSFER_ADVICE_THRESHOLD_PENCE } from './constants';
import { CalculationError } from './errors';
import { interpolate } from './factor-tables';
import type { DbMember } from './member';
import { allocatePence, roundPence, roundTo, sumPence } from './money';
import { completedMonths, type YearsMonths } from './periods';
import { retirementDates } from './retirement-dates';
import { revaluationFactor } from './revaluation';
import type { DbSchemeConfig } from './scheme-config';

export interface TransferRequest {
  today: IsoDate;
  /** The date the value is worked out at and guaranteed from; defaults to today. */
  guaranteeDate?: IsoDate | null;
}

export interface TransferTranche {
  code: string;
  label: string;
  /** Pension per annum at the guarantee date (revalued in deferment to then). */
  pensionPence: number;
  factor: number;
  transferValuePence: number;
}

export interface TransferQuote {
  kind: 'transfer';
  basis: string;
  schemeCode: string;
  schemeVersion: string;
  calculatedOn: IsoDate;
  guaranteeDate: IsoDate;
  /** Last day of the three months beginning with the guarantee date. */
  guaranteedUntil: IsoDate;
  ageAtGuaranteeDate: YearsMonths;
  /** The statutory right to a transfer lasts until one year before normal retirement date. */
  statutoryRight: boolean;
  partialTransfersAllowed: boolean;
  /**
   * The scheme's threshold for regulated advice, in pence, when the quote was made (`adviceThresholdOf`
   * reads it: a quote stored before it was recorded has none, and the law's applies).
   */
  adviceThresholdPence?: number;
  tranches: TransferTranche[];
  pensionPence: number;
  transferValuePence: number;
}

/** The value over which a quote's transfer of safeguarded benefits needs regulated advice, in pence. */
export const adviceThresholdOf = (quote: Pick<TransferQuote, 'adviceThresholdPence'>) =>
  quote.adviceThresholdPence ?? TRANSFER_ADVICE_THRESHOLD_PENCE;

/**
 * Last day of the three months beginning with the guarantee date: the day before the corresponding date three
 * months on, or that month's last day when it has no corresponding date (30 Nov → 28 Feb).
 */
export function transferGuaranteedUntil(guaranteeDate: IsoDate): IsoDate {
  const { day } = dateParts(guaranteeDate);
  const threeMonthsOn = addMonths(guaranteeDate, 3);
  return dateParts(threeMonthsOn).day < day ? threeMonthsOn : addDays(threeMonthsOn, -1);
}

/** Cash equivalent per £1 a year for a tranche at an age in years and months, interpolated and rounded to 4 places. */
export function transferFactor(scheme: DbSchemeConfig, trancheCode: string, age: YearsMonths): number {
  const points = scheme.transfer.factorsByAge.map((row) => ({
    x: row.age,
    y: row.factors[trancheCode] ?? 0,
  }));
  return roundTo(interpolate(points, age.years + age.months / 12), 4);
}

/**
 * Cash equivalent transfer value: each tranche's pension at the guarantee date (revalued in deferment, capped at NRD)
 * times the scheme's factor for the member's age, rounded half up to the penny per tranche.
 */
export function calculateTransferValue(
  member: DbMember,
  scheme: DbSchemeConfig,
  request: TransferRequest,
): TransferQuote {
  if (member.status === 'Pensioner')
    throw new CalculationError('invalid_member', 'Pensions in payment cannot be transferred');
  const guaranteeDate = request.guaranteeDate ?? request.today;
  const dates = retirementDates(member.dateOfBirth, scheme.ages, member.protectedPensionAge);
  const active = member.status === 'Active';
  const pensionAsAt =
    member.benefits.pensionAsAt ?? (active ? guaranteeDate : (member.dateLeftScheme ?? guaranteeDate));
  const months = completedMonths(member.dateOfBirth, guaranteeDate);
  const age = { years: Math.floor(months / 12), months: months % 12 };

  const tranches = member.benefits.tranches.map((held): TransferTranche => {
    const config = scheme.tranches.find((t) => t.code === held.code);
    if (!config)
      throw new CalculationError('invalid_member', `Tranche ${held.code} is not in scheme ${scheme.code}`);
    const factor = active
      ? 1
      : revaluationFactor(
          pensionAsAt,
          minDate(guaranteeDate, dates.normal),
          held.revaluationCapPercent ?? config.revaluationCapPercent,
          scheme.revaluation,
        );
    const pensionPence = roundPence(held.annualPensionPence * factor);
    const transferFactorValue = transferFactor(scheme, held.code, age);
    return {
      code: held.code,
      label: config.label,
      pensionPence,
      factor: transferFactorValue,
      transferValuePence: roundPence(pensionPence * transferFactorValue),
    };
  });
  if (tranches.length === 0)
    throw new CalculationError('no_benefits', 'The member has no pension to transfer');

  return {
    kind: 'transfer',
    basis: `${ENGINE_VERSION} ${scheme.code}@${scheme.version}`,
    schemeCode: scheme.code,
    schemeVersion: scheme.version,
    calculatedOn: request.today,
    guaranteeDate,
    guaranteedUntil: transferGuaranteedUntil(guaranteeDate),
    ageAtGuaranteeDate: age,
    statutoryRight: guaranteeDate <= addYears(dates.normal, -1),
    partialTransfersAllowed: scheme.transfer.partialTransfersAllowed,
    adviceThresholdPence: scheme.transfer.adviceThresholdPence,
    tranches,
    pensionPence: sumPence(tranches.map((t) => t.pensionPence)),
    transferValuePence: sumPence(tranches.map((t) => t.transferValuePence)),
  };
}

export interface PartialTransferTranche {
  code: string;
  transferValuePence: number;
  transferredPensionPence: number;
  residualPensionPence: number;
}

export interface PartialTransfer {
  transferValuePence: number;
  residualPensionPence: number;
  tranches: PartialTransferTranche[];
}

/**
 * What the partial calculator by value reads of a quote: a transfer application keeps just this of the
 * quote it locked, so it works its part out again on the same figures.
 */
export type PartialTransferBasis = Pick<
  TransferQuote,
  'schemeCode' | 'partialTransfersAllowed' | 'transferValuePence'
> & { tranches: Array<Pick<TransferTranche, 'code' | 'pensionPence' | 'transferValuePence'>> };

function checkPartialAllowed(quote: Pick<TransferQuote, 'schemeCode' | 'partialTransfersAllowed'>) {
  if (!quote.partialTransfersAllowed) {
    throw new CalculationError(
      'partial_transfer_not_allowed',
      `Scheme ${quote.schemeCode} does not allow partial transfers`,
    );
  }
}

/**
 * Transfer part of the value: it is taken from each tranche in proportion to the tranche's transfer value, and each
 * tranche keeps the matching share of its pension: residual = pension × (CETV − part) / CETV, rounded half up.
 */
export function partialTransferByValue(
  quote: PartialTransferBasis,
  transferValuePence: number,
): PartialTransfer {
  checkPartialAllowed(quote);
  if (
    !Number.isInteger(transferValuePence) ||
    transferValuePence < 0 ||
    transferValuePence > quote.transferValuePence
  ) {
    throw new CalculationError(
      'transfer_value_out_of_range',
      'The amount must be between £0 and the full transfer value',
      {
        maximumPence: quote.transferValuePence,
      },
    );
  }
  const parts = allocatePence(
    transferValuePence,
    quote.tranches.map((t) => t.transferValuePence),
  );
  const tranches = quote.tranches.map((t, i) => {
    const part = parts[i]!;
    const residual =
      t.transferValuePence === 0
        ? t.pensionPence
        : roundPence((t.pensionPence * (t.transferValuePence - part)) / t.transferValuePence);
    return {
      code: t.code,
      transferValuePence: part,
      transferredPensionPence: t.pensionPence - residual,
      residualPensionPence: residual,
    };
  });
  return {
    transferValuePence,
    residualPensionPence: sumPence(tranches.map((t) => t.residualPensionPence)),
    tranches,
  };
}

/**
 * Keep a chosen pension and transfer the rest: the kept pension is shared across tranches in proportion to their
 * pensions, and each tranche transfers (pension − kept) × its factor, rounded half up.
 */
export function partialTransferByResidualPension(
  quote: TransferQuote,
  residualPensionPence: number,
): PartialTransfer {
  checkPartialAllowed(quote);
  if (
    !Number.isInteger(residualPensionPence) ||
    residualPensionPence < 0 ||
    residualPensionPence > quote.pensionPence
  ) {
    throw new CalculationError(
      'residual_pension_out_of_range',
      'The pension kept must be between £0 and the full pension',
      {
        maximumPence: quote.pensionPence,
      },
    );
  }
  const kept = allocatePence(
    residualPensionPence,
    quote.tranches.map((t) => t.pensionPence),
  );
  const tranches = quote.tranches.map((t, i) => {
    const residual = kept[i]!;
    const transferred = t.pensionPence - residual;
    return {
      code: t.code,
      transferValuePence: residual === 0 ? t.transferValuePence : roundPence(transferred * t.factor),
      transferredPensionPence: transferred,
      residualPensionPence: residual,
    };
  });
  return {
    transferValuePence: sumPence(tranches.map((t) => t.transferValuePence)),
    residualPensionPence,
    tranches,
  };
}

export interface StatementEntitlement {
  /** A statement of entitlement asked for today is free. */
  freeNow: boolean;
  /** The first day a free statement can be asked for again; null when one is free now. */
  nextFreeOn: IsoDate | null;
  /** Statements issued in the 12 months up to today. */
  issuedInLast12Months: number;
  /**
   * What a statement asked for today costs, in pence: 0 when it is free, else the scheme's charge; null
   * when it is not free and the scheme charges for none (the member waits for `nextFreeOn`).
   */
  chargePence: number | null;
}

/**
 * One statement of entitlement is free in any 12 months: a statement issued on a day uses the free one until
 * the same day a year on (issued 28 Oct 2026 → free again from 28 Oct 2027). Before then another costs the
 * scheme's `extraStatementChargePence`, or is not offered at all where the scheme sets none.
 */
export function statementEntitlement(
  scheme: DbSchemeConfig,
  issuedOn: readonly IsoDate[],
  today: IsoDate,
): StatementEntitlement {
  const freeAgainOn = issuedOn.filter((date) => date <= today).map((date) => addYears(date, 1));
  const blocking = freeAgainOn.filter((date) => date > today);
  const nextFreeOn = blocking.length ? blocking.reduce((a, b) => (a > b ? a : b)) : null;
  return {
    freeNow: nextFreeOn === null,
    nextFreeOn,
    issuedInLast12Months: blocking.length,
    chargePence: nextFreeOn === null ? 0 : (scheme.transfer.extraStatementChargePence ?? null),
  };
}

/**
 * Days left on `today` of the 6 months from the guarantee date in which the scheme must pay a transfer
 * (`payBy`), counted in UTC days (0 on the day itself and after it).
 */
export function daysLeftToPay(payBy: IsoDate, today: IsoDate): number {
  return Math.max(0, daysBetween(today, payBy));
}

/** Days of the guarantee left on `today`, counting today and the last day (0 once it has expired). */
export function guaranteeDaysLeft(guaranteedUntil: IsoDate, today: IsoDate): number {
  return Math.max(0, daysBetween(today, guaranteedUntil) + 1);
}
