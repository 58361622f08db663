import { z } from 'zod';
import rawTm1 from '../smpi/as-tm1.json';
import { calculateDbQuote } from './db-quote';
import { growthPathFor } from './dc-quote';
import { inTodaysMoney, projectPot } from './dc-projection';
import { CalculationError } from './errors';
import { interpolate } from './factor-tables';
import type { DbMember, DcMember } from './member';
import { memoByScheme } from './memo';
import { roundPence, roundTo, sumPence } from './money';
import { completedMonths, type YearsMonths } from './periods';
import { dateAtAge, retirementDates } from './retirement-dates';
import { revaluedTranches } from './revaluation';
import { isoDateSchema, rateSchema } from './schema-primitives';
import type { DbSchemeConfig, DcSchemeConfig } from './scheme-config';
import type { IsoDate } from './dates';

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
  annuity: z.object({
    basis: z.string().min(1),
    ratesByAge: z.array(z.object({ age: z.number().min(0).max(120), rate: z.number().positive() })).min(1),
  }),
});

export type Tm1Basis = z.infer<typeof tm1VersionSchema>;

const tm1FileSchema = z.object({
  versions: z
    .array(tm1VersionSchema)
    .min(1)
    .superRefine((versions, ctx) => {
      for (let i = 1; i < versions.length; i++)
        if (versions[i]!.effectiveFrom <= versions[i - 1]!.effectiveFrom)
          ctx.addIssue({ code: 'custom', message: 'versions must ascend by effectiveFrom', path: [i] });
    }),
});

let tm1Versions: readonly Tm1Basis[] | undefined;

/** The AS TM1 basis in force on a date (packages/pensions/smpi/as-tm1.json), else the oldest configured. */
export function tm1BasisOn(date: IsoDate): Tm1Basis {
  tm1Versions ??= Object.freeze(tm1FileSchema.parse(rawTm1).versions);
  return tm1Versions.findLast((v) => v.effectiveFrom <= date) ?? tm1Versions[0]!;
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
  annuityRate: number;
  annualPensionTodaysMoneyPence: number;
  assumptions: string[];
}

const pct = (rate: number) => `${roundTo(rate * 100, 2)}%`;
const pounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The Statutory Money Purchase Illustration per AS TM1: the pot projected month by month to the target
 * retirement date at each fund's accumulation rate less its charge (along the member's lifestyle path, or
 * their funds' proportions), contributions rising each year at TM1's rate while the member pays in; deflated
 * to today's money at TM1's inflation; turned into a yearly pension at the configured annuity rate for the
 * age then (interpolated by years and months). The pension is in today's money, rising with inflation.
 */
export function calculateSmpi(
  member: DcMember,
  scheme: DcSchemeConfig,
  statementDate: IsoDate,
  basis: Tm1Basis = tm1BasisOn(statementDate),
): Smpi {
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
  const annuityRate = roundTo(
    interpolate(
      basis.annuity.ratesByAge.map((r) => ({ x: r.age, y: r.rate })),
      ageAtRetirement.years + ageAtRetirement.months / 12,
    ),
    6,
  );
  const used = usedFunds(member, scheme, strategyCode);
  const funds = scheme.funds.filter((f) => used.has(f.code)).map((f) => smpiFund(basis, f));
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
    annuityRate,
    annualPensionTodaysMoneyPence: roundPence(realPot * annuityRate),
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
      `The pension is worked out at ${pct(annuityRate)} of the pot at age ${ageAtRetirement.years}: ${basis.annuity.basis}`,
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
