import type { IsoDate } from './dates';
import { ENGINE_VERSION } from './constants';
import { dcProjectionAges } from './age-lines';
import {
  holdingsGrowthPath,
  inTodaysMoney,
  projectPot,
  strategyGrowthPath,
  type GrowthPath,
} from './dc-projection';
import {
  annuityIncome,
  annuityRate,
  drawdownMonths,
  maximumTaxFreeCash,
  ufpls,
} from './dc-retirement-options';
import { CalculationError } from './errors';
import { lifestyleStrategyOf } from './glide-path';
import { assertQuotableRetirementDate } from './retirement-date-check';
import { dcLifeStage, type DcLifeStage } from './life-stage';
import { lumpSumAllowanceRemaining } from './lump-sum';
import type { DcMember } from './member';
import { roundPence, roundTo } from './money';
import { payTimeline, type PayTimeline } from './pay-timeline';
import { completedMonths, type YearsMonths } from './periods';
import { dateAtAge, dcRetirementDate, retirementDates, type RetirementDates } from './retirement-dates';
import type { DcSchemeConfig, SpendingStrategy } from './scheme-config';
import { memoByScheme } from './memo';

export interface DcQuoteRequest {
  today: IsoDate;
  /** Defaults to the target retirement date, or the DC retirement date once that has passed. */
  retirementDate?: IsoDate | null;
  /** Tax-free cash for the options that take it; defaults to the maximum. */
  taxFreeCashPence?: number | null;
  /** Chosen yearly drawdown income; defaults to the scheme's rate × the pot left after cash. */
  drawdownIncomePence?: number | null;
}

export interface DcProjectionLine {
  age: number;
  date: IsoDate;
  isTarget: boolean;
  potPence: number;
  potTodaysMoneyPence: number;
}

export interface DcOption {
  code: string;
  name: string;
  kind: SpendingStrategy['kind'];
  /** Cash paid when benefits start: tax-free cash, or for UFPLS the whole pot. */
  lumpSumPence: number;
  taxFreePence: number;
  taxablePence: number;
  annualIncomePence: number;
  annualIncomeTodaysMoneyPence: number;
  /** Drawdown only: whole months the income lasts; null when it does not run out. */
  lastsMonths: number | null;
  /** Drawdown only: the member's age when the money runs out. */
  lastsUntilAge: YearsMonths | null;
}

export interface DcQuote {
  kind: 'DC';
  basis: string;
  schemeCode: string;
  schemeVersion: string;
  calculatedOn: IsoDate;
  effectiveDate: IsoDate;
  targetRetirementDate: IsoDate;
  retirementDates: RetirementDates;
  lifeStage: DcLifeStage;
  ageAtRetirement: YearsMonths;
  currentPotPence: number;
  projection: {
    months: number;
    potPence: number;
    potTodaysMoneyPence: number;
    contributionsPence: number;
    lines: DcProjectionLine[];
  };
  strategyCode: string | null;
  annuityRate: number;
  taxFreeCash: { maximumPence: number; chosenPence: number };
  lumpSumAllowanceRemainingPence: number;
  options: DcOption[];
  payments: PayTimeline;
  assumptions: readonly string[];
}

// Built field by field (not by spreading) so every option has one object shape: quotes run in bulk.
function dcOption(
  strategy: SpendingStrategy,
  lumpSumPence: number,
  taxFreePence: number,
  taxablePence: number,
  annualIncomePence: number,
  annualIncomeTodaysMoneyPence: number,
  lastsMonths: number | null,
  lastsUntilAge: YearsMonths | null,
): DcOption {
  return {
    code: strategy.code,
    name: strategy.name,
    kind: strategy.kind,
    lumpSumPence,
    taxFreePence,
    taxablePence,
    annualIncomePence,
    annualIncomeTodaysMoneyPence,
    lastsMonths,
    lastsUntilAge,
  };
}

/** How the member's pot is invested: their strategy's glide path, or their self-selected funds. */
export function growthPathFor(
  member: DcMember,
  scheme: DcSchemeConfig,
): { path: GrowthPath; strategyCode: string | null } {
  const investment = member.benefits.investment;
  if (investment && 'funds' in investment) {
    const unknown = investment.funds.find((h) => !scheme.funds.some((f) => f.code === h.code));
    if (unknown)
      throw new CalculationError('invalid_member', `Fund ${unknown.code} is not in scheme ${scheme.code}`);
    return { path: holdingsGrowthPath(investment.funds, scheme), strategyCode: null };
  }
  const { code } = lifestyleStrategyOf(investment, scheme)!;
  return { path: strategyGrowthPath(scheme, code), strategyCode: code };
}

/**
 * A DC quote: the pot projected to the retirement date with contributions, fund growth net of charges and
 * the investment strategy, shown in money of the day and today's money, with each configured way of spending it.
 */
export function calculateDcQuote(member: DcMember, scheme: DcSchemeConfig, request: DcQuoteRequest): DcQuote {
  const { today } = request;
  const dob = member.dateOfBirth;
  const dates = retirementDates(dob, scheme.ages, member.protectedPensionAge);
  const targetAge = member.benefits.targetRetirementAge ?? scheme.defaultTargetRetirementAge;
  const targetDate = dateAtAge(dob, targetAge);
  const effectiveDate =
    request.retirementDate ?? (targetDate > today ? targetDate : dcRetirementDate(dob, today));
  assertQuotableRetirementDate(member, dates, effectiveDate, today);

  const { path, strategyCode } = growthPathFor(member, scheme);
  const lines = dcProjectionAges(dob, targetAge, today);
  const months = completedMonths(today, effectiveDate);
  const lineMonths = lines.map((l) => completedMonths(today, l.date));
  const { inflation, contributionEscalation } = scheme.assumptions;
  const projection = projectPot({
    potPence: member.benefits.potPence,
    monthlyContributionPence: member.status === 'Active' ? member.benefits.monthlyContributionPence : 0,
    contributionEscalation,
    months: Math.max(months, ...lineMonths),
    monthsToTarget: completedMonths(today, targetDate),
    growth: path,
    captureAt: [months, ...lineMonths],
  });
  const atRetirement = projection.captured.get(months) ?? projection;
  const pot = atRetirement.potPence;
  const real = (pence: number) => inTodaysMoney(pence, inflation, months);

  const ageMonths = completedMonths(dob, effectiveDate);
  const ageAtRetirement = { years: Math.floor(ageMonths / 12), months: ageMonths % 12 };
  const lsaRemaining = lumpSumAllowanceRemaining(member.lumpSumAllowanceUsedPence);
  const maxCash = maximumTaxFreeCash(pot, lsaRemaining);
  const chosenCash = request.taxFreeCashPence ?? maxCash;
  if (!Number.isInteger(chosenCash) || chosenCash < 0 || chosenCash > maxCash) {
    throw new CalculationError('lump_sum_out_of_range', 'Tax-free cash must be between £0 and the maximum', {
      minimumPence: 0,
      maximumPence: maxCash,
      requestedPence: chosenCash,
    });
  }
  const rate = annuityRate(scheme, ageAtRetirement);

  const options = scheme.spendingStrategies.map((strategy): DcOption => {
    if (strategy.kind === 'ufpls') {
      const split = ufpls(pot, lsaRemaining);
      return dcOption(strategy, pot, split.taxFreePence, split.taxablePence, 0, 0, null, null);
    }
    const cash = strategy.withTaxFreeCash ? chosenCash : 0;
    const invested = pot - cash;
    if (strategy.kind === 'annuity') {
      const income = annuityIncome(invested, rate);
      return dcOption(strategy, cash, cash, 0, income, real(income), null, null);
    }
    const income = request.drawdownIncomePence ?? roundPence(invested * scheme.drawdown.defaultIncomeRate);
    const lasts = drawdownMonths(invested, income, scheme.drawdown.growth);
    const until =
      lasts === null
        ? null
        : { years: Math.floor((ageMonths + lasts) / 12), months: (ageMonths + lasts) % 12 };
    return dcOption(strategy, cash, cash, 0, income, real(income), lasts, until);
  });

  return {
    kind: 'DC',
    basis: `${ENGINE_VERSION} ${scheme.code}@${scheme.version}`,
    schemeCode: scheme.code,
    schemeVersion: scheme.version,
    calculatedOn: today,
    effectiveDate,
    targetRetirementDate: targetDate,
    retirementDates: dates,
    lifeStage: dcLifeStage(targetDate, today),
    ageAtRetirement,
    currentPotPence: member.benefits.potPence,
    projection: {
      months,
      potPence: pot,
      potTodaysMoneyPence: real(pot),
      contributionsPence: atRetirement.contributionsPence,
      lines: lines.map((line, i) => {
        const lineMonth = lineMonths[i]!;
        const linePot = projection.captured.get(lineMonth)?.potPence ?? member.benefits.potPence;
        return {
          age: line.age,
          date: line.date,
          isTarget: line.isTarget,
          potPence: linePot,
          potTodaysMoneyPence: inTodaysMoney(linePot, inflation, lineMonth),
        };
      }),
    },
    strategyCode,
    annuityRate: rate,
    taxFreeCash: { maximumPence: maxCash, chosenPence: chosenCash },
    lumpSumAllowanceRemainingPence: lsaRemaining,
    options,
    payments: payTimeline({
      effectiveDate,
      payDay: scheme.payments.payDay,
      lumpSumPaymentDays: scheme.payments.lumpSumPaymentDays,
      hasAvc: false,
      region: scheme.payments.region,
    }),
    assumptions: dcAssumptions(scheme, strategyCode ?? ''),
  };
}

const dcAssumptions = memoByScheme((scheme: DcSchemeConfig, strategyCode: string): readonly string[] => {
  const pct = (rate: number) => `${roundTo(rate * 100, 2)}%`;
  return Object.freeze([
    strategyCode
      ? `Invested in ${scheme.strategies.find((s) => s.code === strategyCode)?.name ?? strategyCode}, moving along its glide path towards the target retirement date.`
      : 'Invested in the member’s chosen funds in their current proportions.',
    `Fund growth before charges: ${scheme.funds.map((f) => `${f.name} ${pct(f.growth)} less ${pct(f.charge)} charges`).join('; ')}.`,
    `Contributions continue monthly while the member is active${scheme.assumptions.contributionEscalation ? `, rising ${pct(scheme.assumptions.contributionEscalation)} a year` : ''}.`,
    `Today’s money allows for inflation of ${pct(scheme.assumptions.inflation)} a year.`,
    `Drawdown income assumes ${pct(scheme.drawdown.growth)} a year growth after charges; annuity income uses the scheme’s level single-life rates by age.`,
    'Tax-free cash is 25% of the pot up to the remaining Lump Sum Allowance; figures are before income tax.',
  ]);
});
