import { z } from 'zod';
import rawTm1 from '../smpi/as-tm1.json';
import { calculateDbQuote } from './db-quote';
import { growthPathFor } from './dc-quote';
import { inTodaysMoney, projectPot } from './dc-projection';
import { CalculationError } from './errors';
import type { DbMember, DcMember } from './member';
import { memoByScheme } from './memo';
import { roundPence, roundTo, sumPence } from './money';
import { completedMonths, type YearsMonths } from './periods';
import { dateAtAge, retirementDates } from './retirement-dates';
import { revaluedTranches } from './revaluation';
import { isoDateSchema, rateSchema } from './schema-primitives';
import type { DbSchemeConfig, DcSchemeConfig } from './scheme-config';
import { dateParts, type IsoDate } from './dates';
import { taxYearOf } from './income-tax';
import {
  annuityFactor,
  annuityInterestRate,
  annuityInterestSchema,
  annuityMortalitySchema,
  mortalityRate,
  mortalityTable,
  type AnnuityInterest,
} from './smpi-annuity';

const tm1VersionSchema = z.object({
  version: z.string().min(1),
  effectiveFrom: isoDateSchema,
  source: z.string().min(1),
  inflation: rateSchema,
  contributionIncrease: rateSchema,
  volatilityGroups: z
    .array(
      z.object({
        group: z.number().int().min(1),
        /** The group holds funds whose volatility is below this percentage; null for the last group. */
        belowPercent: z.number().positive().nullable(),
        accumulationRate: rateSchema,
      }),
    )
    .min(1)
    .refine((groups) => groups.at(-1)!.belowPercent === null, 'the last group has no upper bound'),
  funds: z.array(
    z.object({
      code: z.string().min(1),
      volatilityPercent: z.number().min(0),
      /** A lower rate the scheme states for the fund, used instead of its group's. */
      statedRate: rateSchema.optional(),
    }),
  ),
  /** The annuity the pot is assumed to buy, and how its price is worked out. */
  annuity: z.object({
    /** In words, for the member. */
    basis: z.string().min(1),
    source: z.string().min(1),
    paymentsPerYear: z.number().int().positive(),
    guaranteeYears: z.number().int().min(0),
    /** A share of the pot kept for the insurer's expenses (0.04 is 4%). */
    expenseAllowance: rateSchema,
    /** Added to the gilt yield before rounding. */
    interestMargin: z.number().min(-0.1).max(0.1),
    /** The annuity interest rate is rounded to the nearest multiple of this (0.002 is 0.2%). */
    interestRoundingStep: z.number().positive(),
    mortality: annuityMortalitySchema,
  }),
});

export type Tm1Basis = z.infer<typeof tm1VersionSchema>;

/** Entries dated by a key that must ascend through the list. */
const ascendingBy =
  <T>(key: (entry: T) => string, what: string) =>
  (entries: T[], ctx: z.RefinementCtx) => {
    for (let i = 1; i < entries.length; i++)
      if (key(entries[i]!) <= key(entries[i - 1]!))
        ctx.addIssue({ code: 'custom', message: `${what} must ascend`, path: [i] });
  };

const tm1FileSchema = z.object({
  versions: z
    .array(tm1VersionSchema)
    .min(1)
    .superRefine(ascendingBy((v) => v.effectiveFrom, 'versions by effectiveFrom')),
  annuityInterest: z
    .array(annuityInterestSchema)
    .min(1)
    .superRefine(ascendingBy((e) => e.illustrationsFrom, 'annuityInterest by illustrationsFrom')),
});

let tm1File: z.infer<typeof tm1FileSchema> | undefined;
const tm1 = () => (tm1File ??= Object.freeze(tm1FileSchema.parse(rawTm1)));

/** The AS TM1 basis in force on a date (packages/pensions/smpi/as-tm1.json), else the oldest configured. */
export function tm1BasisOn(date: IsoDate): Tm1Basis {
  const { versions } = tm1();
  return versions.findLast((v) => v.effectiveFrom <= date) ?? versions[0]!;
}

/** Why an SMPI cannot be worked out on a day: the illustration year has no annuity interest rate. */
export interface Tm1MissingRate {
  /** The setting to add to: an `annuityInterest` entry in packages/pensions/smpi/as-tm1.json. */
  setting: 'annuityInterest';
  /** The illustration year (6 April to 5 April) with no rate, like 2027/28. */
  illustrationYear: string;
  /** The `illustrationsFrom` the missing entry has: 6 April of that year. */
  illustrationsFrom: IsoDate;
  message: string;
}

export type Tm1AnnuityInterestLookup = { interest: AnnuityInterest } | { missing: Tm1MissingRate };

/**
 * The gilt yield for illustrations dated on a day: the entry for the illustration year (6 April to 5 April)
 * the day falls in, never an earlier year's. A year with no entry (before the first, or after the last,
 * configured) answers `missing`, naming the year: its SMPI cannot be worked out until the rate is added.
 */
export function tm1AnnuityInterestOn(date: IsoDate): Tm1AnnuityInterestLookup {
  const illustrationYear = taxYearOf(date);
  const entry = tm1().annuityInterest.find((e) => taxYearOf(e.illustrationsFrom) === illustrationYear);
  if (entry) return { interest: entry };
  const illustrationsFrom = `${illustrationYear.slice(0, 4)}-04-06` as IsoDate;
  return {
    missing: {
      setting: 'annuityInterest',
      illustrationYear,
      illustrationsFrom,
      message: `No AS TM1 annuity interest rate is configured for the ${illustrationYear} illustration year (illustrations dated ${date}): add an annuityInterest entry with illustrationsFrom ${illustrationsFrom} to packages/pensions/smpi/as-tm1.json`,
    },
  };
}

export interface SmpiFund {
  code: string;
  name: string;
  volatilityPercent: number | null;
  volatilityGroup: number | null;
  /** Yearly, before the fund's charge. */
  accumulationRate: number;
  rateFrom: 'volatility-group' | 'scheme-stated';
  charge: number;
}

/** A fund's TM1 accumulation rate: its volatility group's, or the scheme's stated rate when lower. */
export function smpiFund(basis: Tm1Basis, fund: { code: string; name: string; charge: number }): SmpiFund {
  const known = basis.funds.find((f) => f.code === fund.code);
  if (!known)
    throw new CalculationError('invalid_member', `Fund ${fund.code} has no volatility in ${basis.version}`);
  const group = basis.volatilityGroups.find(
    (g) => g.belowPercent === null || known.volatilityPercent < g.belowPercent,
  )!;
  const stated = known.statedRate !== undefined && known.statedRate < group.accumulationRate;
  return {
    code: fund.code,
    name: fund.name,
    volatilityPercent: known.volatilityPercent,
    volatilityGroup: group.group,
    accumulationRate: stated ? known.statedRate! : group.accumulationRate,
    rateFrom: stated ? 'scheme-stated' : 'volatility-group',
    charge: fund.charge,
  };
}

/**
 * The scheme with each fund's expected growth replaced by its TM1 accumulation rate, so the DC projection
 * (and its memoised growth paths) runs on it unchanged. Keyed by the whole basis, so another basis never
 * meets a stale copy.
 */
const tm1Scheme = memoByScheme((scheme: DcSchemeConfig, key: string): DcSchemeConfig => {
  const basis = JSON.parse(key) as Tm1Basis;
  return Object.freeze({
    ...scheme,
    funds: scheme.funds.map((fund) => ({ ...fund, growth: smpiFund(basis, fund).accumulationRate })),
  });
});

/** The annuity an SMPI assumes and its price, as stated to the member. */
export interface SmpiAnnuity {
  /** ä: the price of £1 a year of pension at the age then, to 4 places. */
  factor: number;
  interestRate: number;
  giltYield: number;
  /** The day of the gilt yield used, and the day AS TM1 reads it on. */
  yieldAsAt: IsoDate;
  referenceDate: IsoDate;
  yieldSource: string;
  /** The mortality basis, in words. */
  mortality: string;
  paymentsPerYear: number;
  guaranteeYears: number;
  expenseAllowance: number;
  /** A year's pension that £10,000 of pot buys at the age then. */
  pensionPer10000Pence: number;
}

export interface Smpi {
  kind: 'SMPI';
  basis: { version: string; effectiveFrom: IsoDate; source: string; annuityBasis: string };
  statementDate: IsoDate;
  targetRetirementAge: number;
  retirementDate: IsoDate;
  ageAtRetirement: YearsMonths;
  months: number;
  currentPotPence: number;
  monthlyContributionPence: number;
  funds: SmpiFund[];
  strategyCode: string | null;
  projectedPotPence: number;
  projectedPotTodaysMoneyPence: number;
  contributionsPence: number;
  inflation: number;
  contributionIncrease: number;
  /** A year's pension per £1 of pot: (1 − the expense allowance) / the annuity factor, to 6 places. */
  annuityRate: number;
  annuity: SmpiAnnuity;
  /** The first year's pension in today's money; level after that. */
  annualPensionTodaysMoneyPence: number;
  assumptions: string[];
}

const pct = (rate: number) => `${roundTo(rate * 100, 2)}%`;
const pounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const longDate = (date: IsoDate) => {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/**
 * The annuity the pot buys at the age then under the basis: its factor from the mortality table and the
 * illustration year's interest rate, and a year's pension per £1 of pot after the expense allowance.
 */
export function smpiAnnuity(
  basis: Tm1Basis,
  interest: AnnuityInterest,
  age: YearsMonths,
  startYear: number,
  sex: 'M' | 'F' | 'U' = 'U',
): SmpiAnnuity {
  const terms = basis.annuity;
  const interestRate = annuityInterestRate(
    interest.giltYield,
    terms.interestMargin,
    terms.interestRoundingStep,
  );
  const factor = roundTo(
    annuityFactor(
      (x, year) => mortalityRate(terms.mortality, x, year, sex),
      { ...age, startYear },
      { interestRate, paymentsPerYear: terms.paymentsPerYear, guaranteeYears: terms.guaranteeYears },
    ),
    4,
  );
  const table = mortalityTable(terms.mortality.table);
  const improvement = terms.mortality.annualImprovement;
  return {
    factor,
    interestRate,
    giltYield: interest.giltYield,
    yieldAsAt: interest.yieldAsAt,
    referenceDate: interest.referenceDate,
    yieldSource: interest.source,
    mortality: `${table.table}${terms.mortality.unisex ? ', men’s and women’s rates averaged (the same for everyone)' : ''}, ${improvement > 0 ? `improving by ${pct(improvement)} a year from ${table.baseYear}` : 'with no allowance for improvements in life expectancy'}`,
    paymentsPerYear: terms.paymentsPerYear,
    guaranteeYears: terms.guaranteeYears,
    expenseAllowance: terms.expenseAllowance,
    pensionPer10000Pence: roundPence((1_000_000 * (1 - terms.expenseAllowance)) / factor),
  };
}

/** No SMPI on this day: the rate it needs is not configured (never last year's used instead). */
export interface SmpiNotReady {
  kind: 'SMPI not ready';
  statementDate: IsoDate;
  missing: Tm1MissingRate;
}

/**
 * The Statutory Money Purchase Illustration per AS TM1: the pot projected month by month to the target
 * retirement date at each fund's accumulation rate less its charge (along the member's lifestyle path, or
 * their funds' proportions), contributions rising each year at TM1's rate while the member pays in; deflated
 * to today's money at TM1's inflation; then the level single-life annuity it buys at the age then
 * (`smpiAnnuity`): the pot less the expense allowance, divided by the annuity factor. The pension is the
 * first year's in today's money; being level, it buys less each year after. A day whose illustration year
 * has no annuity interest rate configured answers `SMPI not ready`, naming the year and the setting.
 */
export function calculateSmpi(
  member: DcMember,
  scheme: DcSchemeConfig,
  statementDate: IsoDate,
  basis: Tm1Basis | undefined,
  interest: AnnuityInterest,
): Smpi;
export function calculateSmpi(
  member: DcMember,
  scheme: DcSchemeConfig,
  statementDate: IsoDate,
  basis?: Tm1Basis,
  interest?: AnnuityInterest | Tm1AnnuityInterestLookup,
): Smpi | SmpiNotReady;
export function calculateSmpi(
  member: DcMember,
  scheme: DcSchemeConfig,
  statementDate: IsoDate,
  basis: Tm1Basis = tm1BasisOn(statementDate),
  interest: AnnuityInterest | Tm1AnnuityInterestLookup = tm1AnnuityInterestOn(statementDate),
): Smpi | SmpiNotReady {
  if ('missing' in interest) return { kind: 'SMPI not ready', statementDate, missing: interest.missing };
  if ('interest' in interest) interest = interest.interest;
  const projectionScheme = tm1Scheme(scheme, JSON.stringify(basis));
  const { path, strategyCode } = growthPathFor(member, projectionScheme);
  const dob = member.dateOfBirth;
  const targetAge = member.benefits.targetRetirementAge ?? scheme.defaultTargetRetirementAge;
  const target = dateAtAge(dob, targetAge);
  const retirementDate = target > statementDate ? target : statementDate;
  const months = completedMonths(statementDate, retirementDate);
  const monthlyContributionPence = member.status === 'Active' ? member.benefits.monthlyContributionPence : 0;
  const projection = projectPot({
    potPence: member.benefits.potPence,
    monthlyContributionPence,
    contributionEscalation: basis.contributionIncrease,
    months,
    monthsToTarget: months,
    growth: path,
  });
  const realPot = inTodaysMoney(projection.potPence, basis.inflation, months);
  const ageMonths = completedMonths(dob, retirementDate);
  const ageAtRetirement = { years: Math.floor(ageMonths / 12), months: ageMonths % 12 };
  const annuity = smpiAnnuity(
    basis,
    interest,
    ageAtRetirement,
    dateParts(retirementDate).year,
    member.gender ?? 'U',
  );
  const keep = 1 - annuity.expenseAllowance;
  const used = usedFunds(member, scheme, strategyCode);
  const funds = scheme.funds.filter((f) => used.has(f.code)).map((f) => smpiFund(basis, f));
  const margin = basis.annuity.interestMargin;
  return {
    kind: 'SMPI',
    basis: {
      version: basis.version,
      effectiveFrom: basis.effectiveFrom,
      source: basis.source,
      annuityBasis: basis.annuity.basis,
    },
    statementDate,
    targetRetirementAge: targetAge,
    retirementDate,
    ageAtRetirement,
    months,
    currentPotPence: member.benefits.potPence,
    monthlyContributionPence,
    funds,
    strategyCode,
    projectedPotPence: projection.potPence,
    projectedPotTodaysMoneyPence: realPot,
    contributionsPence: projection.contributionsPence,
    inflation: basis.inflation,
    contributionIncrease: basis.contributionIncrease,
    annuityRate: roundTo(keep / annuity.factor, 6),
    annuity,
    annualPensionTodaysMoneyPence: roundPence((realPot * keep) / annuity.factor),
    assumptions: [
      `Worked out under ${basis.version}, the actuarial standard for these illustrations.`,
      `Each fund grows at the rate for its volatility group (${basis.volatilityGroups.map((g) => `group ${g.group} ${pct(g.accumulationRate)}`).join(', ')} a year), or a lower rate the scheme states, less its yearly charge.`,
      strategyCode
        ? 'Your pot moves between funds as your lifestyle strategy does as your target retirement date nears.'
        : 'Your pot stays invested in your funds in today’s proportions.',
      monthlyContributionPence > 0
        ? `Contributions of ${pounds(monthlyContributionPence)} a month continue to your target retirement date, rising by ${pct(basis.contributionIncrease)} each year.`
        : 'No more contributions are paid in.',
      `Figures are in today’s money: the projected pot is reduced by ${pct(basis.inflation)} a year (inflation) to show what it would buy today.`,
      `The pension is what your pot could buy at age ${ageAtRetirement.years}: ${basis.annuity.basis} Because it does not rise, what it buys falls each year with inflation.`,
      `The annuity’s interest rate is ${pct(annuity.interestRate)} a year: the gilt yield of ${pct(annuity.giltYield)} on ${longDate(annuity.yieldAsAt)}${margin === 0 ? '' : `, ${margin > 0 ? 'plus' : 'less'} ${pct(Math.abs(margin))}`}, rounded to the nearest ${pct(basis.annuity.interestRoundingStep)}.`,
      `How long people live: ${annuity.mortality}.`,
      `At age ${ageAtRetirement.years}${ageAtRetirement.months ? ` and ${ageAtRetirement.months} month${ageAtRetirement.months === 1 ? '' : 's'}` : ''} the annuity factor is ${annuity.factor.toFixed(4)}: each £10,000 of pot buys a pension of ${pounds(annuity.pensionPer10000Pence)} a year.`,
      'This is an illustration, not a guarantee: what you get depends on investment returns, charges, inflation and annuity rates when you retire.',
    ],
  };
}

function usedFunds(member: DcMember, scheme: DcSchemeConfig, strategyCode: string | null): Set<string> {
  const investment = member.benefits.investment;
  if (investment && 'funds' in investment) return new Set(investment.funds.map((f) => f.code));
  const strategy = scheme.strategies.find((s) => s.code === strategyCode)!;
  return new Set(strategy.glidePath.flatMap((p) => Object.keys(p.allocation)));
}

export interface DbAnnualStatement {
  kind: 'DB';
  statementDate: IsoDate;
  /** For a deferred member, the date the pension was held at (leaving); null for an active one. */
  deferredSince: IsoDate | null;
  accrued: { code: string; label: string; heldPence: number; pensionPence: number }[];
  accruedPensionPence: number;
  normalRetirementDate: IsoDate;
  normalRetirementAge: number;
  projectedPensionPence: number;
  /** The most tax-free cash at normal retirement age and the pension left with it. */
  maximumLumpSumPence: number;
  residualPensionPence: number;
  avcFundPence: number;
  survivorPensionPence: number | null;
  survivorPensionPercent: number | null;
  /**
   * Whether the record shows a spouse or partner: the survivor's pension is then theirs; otherwise it is
   * for a spouse or partner the member may have at their death, and is worded so.
   */
  spouseOrPartnerOnRecord: boolean;
  assumptions: string[];
}

/** A spouse's or partner's pension: a year, and as a share of the member's pension. */
export interface SurvivorPension {
  pence: number;
  percent: number;
}

/**
 * The spouse's or partner's pension the scheme pays from a member's pension: for the spouse or partner on
 * the record or, where the record shows none, for one the member may have at their death. Null where the
 * scheme pays none, or where the record shows none and the scheme's `survivorPensionWithoutPartner` is
 * `omitted`. The annual statement and the transfer pack word it by this rule.
 */
export function survivorPensionOf(
  scheme: Pick<DbSchemeConfig, 'survivorPensionFraction' | 'survivorPensionWithoutPartner'>,
  pensionPence: number,
  spouseOrPartnerOnRecord: boolean,
): SurvivorPension | null {
  const omitted = !spouseOrPartnerOnRecord && scheme.survivorPensionWithoutPartner === 'omitted';
  const fraction = omitted ? 0 : scheme.survivorPensionFraction;
  if (fraction === 0) return null;
  return { pence: roundPence(pensionPence * fraction), percent: roundTo(fraction * 100, 2) };
}

export interface DbStatementOptions {
  /** The administrator's record shows a spouse or (civil) partner. */
  spouseOrPartnerOnRecord: boolean;
}

/**
 * The DB annual benefit statement: the pension built up at the statement date (a deferred member's revalued
 * from leaving, by tranche), the pension at normal retirement age from the retirement quote (revaluation at
 * the assumed CPI, or an active member's future service at today's salary), the most tax-free cash then,
 * and the spouse's or partner's pension at the scheme's fraction of the pension at normal retirement age:
 * for the spouse or partner on the record, or, where the record shows none, for one the member may have at
 * their death (or left out, where the scheme's `survivorPensionWithoutPartner` is `omitted`).
 */
export function calculateDbStatement(
  member: DbMember,
  scheme: DbSchemeConfig,
  statementDate: IsoDate,
  { spouseOrPartnerOnRecord }: DbStatementOptions = { spouseOrPartnerOnRecord: false },
): DbAnnualStatement {
  if (member.status === 'Pensioner')
    throw new CalculationError('no_benefits', 'A pension in payment has no annual benefit statement');
  const benefits = member.benefits;
  const left = benefits.pensionAsAt ?? member.dateLeftScheme ?? null;
  const deferredSince = member.status !== 'Active' && left && left < statementDate ? left : null;
  const accrued = revaluedTranches(
    scheme,
    benefits.tranches,
    deferredSince ?? statementDate,
    statementDate,
  ).map((t) => ({ code: t.code, label: t.label, heldPence: t.heldPence, pensionPence: t.revaluedPence }));
  const dates = retirementDates(member.dateOfBirth, scheme.ages, member.protectedPensionAge);
  const quote = calculateDbQuote(member, scheme, {
    today: statementDate,
    retirementDate: dates.normal > statementDate ? dates.normal : statementDate,
  });
  const maximum = quote.options.find((o) => o.kind === 'maximum-lump-sum')!;
  // Where the record shows no spouse or partner, a scheme may leave the pension out of the statement.
  const omitted = !spouseOrPartnerOnRecord && scheme.survivorPensionWithoutPartner === 'omitted';
  const survivor = survivorPensionOf(scheme, quote.fullPensionPence, spouseOrPartnerOnRecord);
  return {
    kind: 'DB',
    statementDate,
    deferredSince,
    accrued,
    accruedPensionPence: sumPence(accrued.map((t) => t.pensionPence)),
    normalRetirementDate: quote.effectiveDate,
    normalRetirementAge: scheme.ages.normalRetirementAge,
    projectedPensionPence: quote.fullPensionPence,
    maximumLumpSumPence: maximum.lumpSumPence,
    residualPensionPence: maximum.residualPensionPence,
    avcFundPence: benefits.avcFundPence,
    survivorPensionPence: survivor?.pence ?? null,
    survivorPensionPercent: survivor?.percent ?? null,
    spouseOrPartnerOnRecord,
    assumptions: [
      deferredSince
        ? 'Your pension built up is shown with the increases it has had since you left.'
        : 'Your pension built up is what your service so far has earned.',
      ...quote.assumptions.filter((line) => !line.startsWith('Early') && !line.startsWith('Late')),
      omitted
        ? 'Our records show no spouse or partner for you, so this statement shows no spouse’s or partner’s pension. Tell us if you marry or have a partner.'
        : !survivor
          ? 'Your scheme pays no spouse’s or partner’s pension.'
          : spouseOrPartnerOnRecord
            ? `If you die after your pension starts, your spouse or partner gets ${survivor.percent}% of your pension at normal retirement age.`
            : `Our records show no spouse or partner for you. If you die after your pension starts, a spouse or partner you may have then gets ${survivor.percent}% of your pension at normal retirement age, under the scheme’s rules. Tell us if you marry or have a partner.`,
    ],
  };
}
