import { minDate, type IsoDate } from './dates';
import { ENGINE_VERSION } from './constants';
import { CalculationError } from './errors';
import { assertQuotableRetirementDate } from './retirement-date-check';
import { interpolate } from './factor-tables';
import {
  avcUse,
  lumpSumAllowanceRemaining,
  lumpSumOption,
  maximumLumpSum,
  residualTranches,
  type LumpSumBasis,
  type LumpSumLimit,
  type LumpSumOption,
} from './lump-sum';
import type { DbMember } from './member';
import { floorPence, roundPence, roundTo, sumPence } from './money';
import { payTimeline, type PayTimeline } from './pay-timeline';
import { completedMonths, type YearsMonths } from './periods';
import { retirementAdjustment, type AppliedAdjustment } from './retirement-adjustment';
import { effectiveRetirementDate, retirementDates, type RetirementDates } from './retirement-dates';
import { trancheRevaluationFactor } from './revaluation';
import type { DbSchemeConfig } from './scheme-config';
import { memoByScheme } from './memo';

export interface DbQuoteRequest {
  today: IsoDate;
  /** Defaults to the effective date: the normal retirement date, or today once that has passed. */
  retirementDate?: IsoDate | null;
  /** A lump sum between £0 and the maximum, recalculated as an extra option. */
  requestedLumpSumPence?: number | null;
}

export interface DbTrancheFigures {
  code: string;
  label: string;
  /** As held at `pensionAsAt`. */
  heldPence: number;
  revaluationFactor: number;
  revaluedPence: number;
  futureAccrualPence: number;
  /** After the early or late retirement factor. */
  fullPensionPence: number;
}

export type DbOptionKind = 'full-pension' | 'maximum-lump-sum' | 'requested-lump-sum';

export interface DbOption extends LumpSumOption {
  kind: DbOptionKind;
  tranches: { code: string; annualPensionPence: number }[];
  /**
   * The extra pension a year the AVC fund not taken as cash (`avcRemainingPence`) buys at the scheme's AVC
   * pension factor, rounded down, on top of `residualPensionPence`; 0 without an AVC fund or when all of it
   * is cash; null when the scheme has no factor (it quotes the extra pension on the application).
   */
  avcExtraPensionPence: number | null;
}

/** Service an active member would build up to the retirement date: salary × months ÷ 12 × accrual rate. */
export interface DbFutureService {
  from: IsoDate;
  /** The retirement date, or the normal retirement date when that is sooner: service stops there. */
  to: IsoDate;
  months: number;
  salaryPence: number;
  accrualRate: string;
  pensionPence: number;
}

export interface DbQuote {
  kind: 'DB';
  basis: string;
  schemeCode: string;
  schemeVersion: string;
  calculatedOn: IsoDate;
  /** The retirement date the figures are for. */
  effectiveDate: IsoDate;
  retirementDates: RetirementDates;
  ageAtRetirement: YearsMonths;
  pensionAsAt: IsoDate;
  tranches: DbTrancheFigures[];
  /** Null for a deferred member, or an active one without a salary and accrual rate. */
  futureService: DbFutureService | null;
  adjustment: AppliedAdjustment;
  fullPensionPence: number;
  commutationFactor: number;
  avcFundPence: number;
  /** Whether the scheme takes the AVC fund as tax-free cash first (else it buys extra pension only). */
  avcTakenAsCashFirst: boolean;
  /** £ of AVC fund per £1 a year of extra pension at this age; null when the scheme has no table. */
  avcPensionFactor: number | null;
  /** The extra pension a year the whole AVC fund would buy (none of it cash), rounded down; null without a factor. */
  avcFundAsPensionPence: number | null;
  lumpSumAllowanceRemainingPence: number;
  lumpSum: { minimumPence: 0; maximumPence: number; hmrcLimitPence: number; limitedBy: LumpSumLimit };
  options: DbOption[];
  payments: PayTimeline;
  assumptions: readonly string[];
}

/** Accrual fraction from '1/60'. */
const accrualFraction = (rate: string) => 1 / Number(rate.slice(2));

/** The age-based commutation factor, interpolated by whole months and rounded to 4 places. */
export function commutationFactor(scheme: DbSchemeConfig, age: YearsMonths): number {
  const points = scheme.commutationFactors.map((r) => ({ x: r.age, y: r.factor }));
  return roundTo(interpolate(points, age.years + age.months / 12), 4);
}

/** The age-based AVC pension factor, interpolated as the commutation factor is; null when the scheme has none. */
export function avcPensionFactor(scheme: DbSchemeConfig, age: YearsMonths): number | null {
  if (!scheme.avcPensionFactors) return null;
  const points = scheme.avcPensionFactors.map((r) => ({ x: r.age, y: r.factor }));
  return roundTo(interpolate(points, age.years + age.months / 12), 4);
}

/**
 * A DB retirement quote: held pension revalued (deferred members) or projected with future service
 * (active members) to the retirement date, adjusted for early or late payment, with lump-sum options.
 */
export function calculateDbQuote(member: DbMember, scheme: DbSchemeConfig, request: DbQuoteRequest): DbQuote {
  const { today } = request;
  const dates = retirementDates(member.dateOfBirth, scheme.ages, member.protectedPensionAge);
  const effectiveDate =
    request.retirementDate ??
    effectiveRetirementDate(dates, today, scheme.effectiveDateRule, scheme.applicationWindow);
  assertQuotableRetirementDate(member, dates, effectiveDate, today);

  const benefits = member.benefits;
  const active = member.status === 'Active';
  const pensionAsAt = benefits.pensionAsAt ?? (active ? today : (member.dateLeftScheme ?? today));
  const accrualEnd = minDate(effectiveDate, dates.normal);
  const futureService: DbFutureService | null =
    active && benefits.finalPensionableSalaryPence && benefits.accrualRate
      ? {
          from: today,
          to: accrualEnd,
          months: completedMonths(today, accrualEnd),
          salaryPence: benefits.finalPensionableSalaryPence,
          accrualRate: benefits.accrualRate,
          pensionPence: roundPence(
            (benefits.finalPensionableSalaryPence *
              completedMonths(today, accrualEnd) *
              accrualFraction(benefits.accrualRate)) /
              12,
          ),
        }
      : null;
  const futureAccrual = futureService?.pensionPence ?? 0;

  const adjustment = retirementAdjustment(scheme, dates.normal, effectiveDate);

  const unknown = benefits.tranches.find((t) => !scheme.tranches.some((s) => s.code === t.code));
  if (unknown)
    throw new CalculationError('invalid_member', `Tranche ${unknown.code} is not in scheme ${scheme.code}`);
  const held = new Map(benefits.tranches.map((t) => [t.code, t]));
  const tranches: DbTrancheFigures[] = scheme.tranches
    .filter((t) => held.has(t.code) || (futureAccrual > 0 && t.code === scheme.accrual.trancheCode))
    .map((t) => {
      const holding = held.get(t.code);
      const heldPence = holding?.annualPensionPence ?? 0;
      // Active members' pensions follow salary, so only deferred pensions are revalued in deferment.
      const factor = active ? 1 : trancheRevaluationFactor(scheme, t, holding, pensionAsAt, accrualEnd);
      const revaluedPence = roundPence(heldPence * factor);
      const futureAccrualPence = t.code === scheme.accrual.trancheCode ? futureAccrual : 0;
      return {
        code: t.code,
        label: t.label,
        heldPence,
        revaluationFactor: factor,
        revaluedPence,
        futureAccrualPence,
        fullPensionPence: roundPence((revaluedPence + futureAccrualPence) * adjustment.factor),
      };
    });
  const fullPensionPence = sumPence(tranches.map((t) => t.fullPensionPence));
  if (fullPensionPence === 0 && benefits.avcFundPence === 0) {
    throw new CalculationError('no_benefits', 'The member has no pension to quote');
  }

  const months = completedMonths(member.dateOfBirth, effectiveDate);
  const ageAtRetirement = { years: Math.floor(months / 12), months: months % 12 };
  const basis: LumpSumBasis = {
    fullPensionPence,
    commutationFactor: commutationFactor(scheme, ageAtRetirement),
    avcFundPence: benefits.avcFundPence,
    lumpSumAllowanceRemainingPence: lumpSumAllowanceRemaining(member.lumpSumAllowanceUsedPence),
    avcAsCash: scheme.avc.takeAsCashFirst,
  };
  const avcFactor = benefits.avcFundPence > 0 ? avcPensionFactor(scheme, ageAtRetirement) : null;
  const maximum = maximumLumpSum(basis);
  // The full pension gives up none: an AVC fund taken as cash first is still paid as cash.
  const fullPensionCash = scheme.avc.takeAsCashFirst ? Math.min(basis.avcFundPence, maximum.maximumPence) : 0;
  const options = [
    dbOption('full-pension', basis, fullPensionCash, tranches, avcFactor),
    dbOption('maximum-lump-sum', basis, maximum.maximumPence, tranches, avcFactor),
  ];
  if (request.requestedLumpSumPence != null)
    options.push(dbOption('requested-lump-sum', basis, request.requestedLumpSumPence, tranches, avcFactor));

  return {
    kind: 'DB',
    basis: `${ENGINE_VERSION} ${scheme.code}@${scheme.version}`,
    schemeCode: scheme.code,
    schemeVersion: scheme.version,
    calculatedOn: today,
    effectiveDate,
    retirementDates: dates,
    ageAtRetirement,
    pensionAsAt,
    tranches,
    futureService,
    adjustment,
    fullPensionPence,
    commutationFactor: basis.commutationFactor,
    avcFundPence: basis.avcFundPence,
    avcTakenAsCashFirst: scheme.avc.takeAsCashFirst,
    avcPensionFactor: avcFactor,
    avcFundAsPensionPence: avcFactor === null ? null : floorPence(basis.avcFundPence / avcFactor),
    lumpSumAllowanceRemainingPence: basis.lumpSumAllowanceRemainingPence,
    lumpSum: {
      minimumPence: 0,
      maximumPence: maximum.maximumPence,
      hmrcLimitPence: maximum.hmrcLimitPence,
      limitedBy: maximum.limitedBy,
    },
    options,
    payments: payTimeline({
      effectiveDate,
      payDay: scheme.payments.payDay,
      lumpSumPaymentDays: scheme.payments.lumpSumPaymentDays,
      hasAvc: basis.avcFundPence > 0,
      region: scheme.payments.region,
    }),
    assumptions: dbAssumptions(scheme, `${active}:${futureAccrual > 0}:${basis.avcFundPence > 0}`),
  };
}

/** Recalculates a quote's lump sum for another amount without re-running the whole quote. */
export function dbLumpSumOption(quote: DbQuote, lumpSumPence: number): DbOption {
  const basis: LumpSumBasis = {
    fullPensionPence: quote.fullPensionPence,
    commutationFactor: quote.commutationFactor,
    avcFundPence: quote.avcFundPence,
    lumpSumAllowanceRemainingPence: quote.lumpSumAllowanceRemainingPence,
    avcAsCash: quote.avcTakenAsCashFirst,
  };
  return dbOption('requested-lump-sum', basis, lumpSumPence, quote.tranches, quote.avcPensionFactor ?? null);
}

function dbOption(
  kind: DbOptionKind,
  basis: LumpSumBasis,
  lumpSumPence: number,
  tranches: readonly DbTrancheFigures[],
  avcFactor: number | null,
): DbOption {
  const figures = lumpSumOption(basis, lumpSumPence);
  const avc = avcUse(basis.avcFundPence, figures, avcFactor);
  return {
    kind,
    lumpSumPence: figures.lumpSumPence,
    fromAvcPence: figures.fromAvcPence,
    fromCommutationPence: figures.fromCommutationPence,
    pensionGivenUpPence: figures.pensionGivenUpPence,
    residualPensionPence: figures.residualPensionPence,
    avcRemainingPence: figures.avcRemainingPence,
    tranches: residualTranches(
      tranches.map((t) => ({ code: t.code, annualPensionPence: t.fullPensionPence })),
      figures.residualPensionPence,
    ),
    avcExtraPensionPence: avc.toPensionPence === 0 ? 0 : avc.extraPensionPence,
  };
}

const dbAssumptions = memoByScheme((scheme: DbSchemeConfig, key: string): readonly string[] => {
  const [active, projected, hasAvc] = key.split(':').map((flag) => flag === 'true');
  const pct = (rate: number) => `${roundTo(rate * 100, 2)}%`;
  const lines = [
    active
      ? 'Pension built up so far is shown at today’s salary; no revaluation is added.'
      : `Deferred pension is revalued each complete year by CPI (${pct(scheme.revaluation.assumedCpi)} a year assumed for future years), capped per tranche: ${scheme.tranches.map((t) => `${t.code} ${t.revaluationCapPercent}%`).join(', ')}.`,
    scheme.earlyRetirement.method === 'table'
      ? 'Early retirement reduces the pension by the scheme’s factor for each complete month before normal retirement age.'
      : `Early retirement reduces the pension by ${pct(scheme.earlyRetirement.annualRate)} a year, compound, for each complete month early.`,
    scheme.lateRetirement.method === 'table'
      ? 'Late retirement increases the pension by the scheme’s factor for each complete month after normal retirement age.'
      : `Late retirement increases the pension by ${pct(scheme.lateRetirement.annualRate)} a year, compound, for each complete month late.`,
    scheme.avc.takeAsCashFirst
      ? 'Lump sums are paid from AVC funds first, then by giving up pension at the scheme’s commutation factor; the maximum is limited to 25% of the benefits’ value and to the remaining Lump Sum Allowance.'
      : 'Lump sums are paid by giving up pension at the scheme’s commutation factor; the maximum is limited to 25% of the benefits’ value and to the remaining Lump Sum Allowance.',
    'Figures are before income tax.',
  ];
  if (hasAvc)
    lines.splice(
      -1,
      0,
      scheme.avcPensionFactors
        ? `AVC funds not taken as tax-free cash buy extra pension at the scheme’s AVC pension factor for your age${scheme.avc.takeAsCashFirst ? '' : ': this scheme does not pay AVC funds as cash'}.`
        : 'AVC funds not taken as tax-free cash buy extra pension, which the scheme works out when you apply.',
    );
  if (projected)
    lines.unshift('Future service to the retirement date is added at the current salary and accrual rate.');
  return Object.freeze(lines);
});
