import { MPAA_PENCE, SMALL_POT_LIMIT_PENCE } from './constants';
import type { IsoDate } from './dates';
import { annuityIncome, annuityRate, drawdownMonths, maximumTaxFreeCash } from './dc-retirement-options';
import { CalculationError } from './errors';
import { interpolate } from './factor-tables';
import { taxOnTopPence, type IncomeTaxYear, type TaxRegime } from './income-tax';
import { floorPence, roundPence, roundTo } from './money';
import type { YearsMonths } from './periods';
import { dateAtAge } from './retirement-dates';
import type { DcSchemeConfig } from './scheme-config';

export const DC_EXPLORE_OPTION_CODES = [
  'all-cash',
  'small-pot',
  'cash-and-drawdown',
  'cash-and-annuity',
  'cash-now-rest-invested',
  'leave-invested',
  'annuity-and-drawdown',
] as const;
export type DcExploreOptionCode = (typeof DC_EXPLORE_OPTION_CODES)[number];
export type AnnuityLives = 'single' | 'joint';
export type AnnuityEscalation = 'level' | 'increasing';

/** The member's choices for an option; what is left out takes the default (see `resolve`). */
export interface DcOptionChoice {
  code: DcExploreOptionCode;
  taxFreeCashPence?: number;
  drawdownIncomePence?: number;
  annuityLives?: AnnuityLives;
  annuityEscalation?: AnnuityEscalation;
  cashNowPence?: number;
  annuityPercent?: number;
}

/** What every option at one date is worked out from. */
export interface DcExploreBasis {
  scheme: DcSchemeConfig;
  dateOfBirth: IsoDate;
  retirementDate: IsoDate;
  ageAtRetirement: YearsMonths;
  /** The pot at the retirement date. */
  potPence: number;
  lumpSumAllowanceRemainingPence: number;
  tax: { rates: IncomeTaxYear; regime: TaxRegime; otherIncomePence: number };
}

export interface DcPotAtAge {
  age: number;
  date: IsoDate;
  potPence: number;
}

export interface DcDrawdownFigures {
  potPence: number;
  yearlyIncomePence: number;
  growthAfterCharges: number;
  charges: number | null;
  lastsMonths: number | null;
  lastsUntilAge: YearsMonths | null;
  potByAge: DcPotAtAge[];
}

export interface DcAnnuityFigures {
  potPence: number;
  lives: AnnuityLives;
  escalation: AnnuityEscalation;
  rate: number;
  yearlyIncomePence: number;
  yearlyIncrease: number | null;
  ratesAsAt: IsoDate;
}

export interface DcOptionFigures {
  code: DcExploreOptionCode;
  eligible: boolean;
  notEligibleReason: string | null;
  choice: DcOptionChoice;
  taxFreeCashPence: number;
  taxableCashPence: number;
  cashTaxPence: number;
  cashAfterTaxPence: number;
  yearlyIncomePence: number;
  yearlyIncomeTaxPence: number;
  yearlyIncomeAfterTaxPence: number;
  potLeftInvestedPence: number;
  lumpSumAllowanceUsedPence: number;
  mpaaApplies: boolean;
  givesUp: string[];
  drawdown: DcDrawdownFigures | null;
  annuity: DcAnnuityFigures | null;
}

const DEFAULT_ANNUITY_PERCENT = 50;
const SERIES_LAST_AGE = 100;
const pounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** The most tax-free cash at this date: 25% of the pot, no more than the remaining Lump Sum Allowance. */
export function dcMaximumTaxFreeCash(basis: DcExploreBasis): number {
  return maximumTaxFreeCash(basis.potPence, basis.lumpSumAllowanceRemainingPence);
}

/** Income a year per £1 for an annuity bought at an age: the dated table, or the scheme's level single-life rates. */
export function annuityRateFor(
  scheme: DcSchemeConfig,
  lives: AnnuityLives,
  escalation: AnnuityEscalation,
  age: YearsMonths,
): { rate: number; yearlyIncrease: number | null; asAt: IsoDate } {
  const tables = scheme.annuityRateTables;
  const table = tables?.tables.find((t) => t.lives === lives && t.escalation === escalation);
  if (table && tables) {
    const points = table.rates.map((r) => ({ x: r.age, y: r.rate }));
    return {
      rate: roundTo(interpolate(points, age.years + age.months / 12), 6),
      yearlyIncrease: escalation === 'increasing' ? tables.yearlyIncrease : null,
      asAt: tables.asAt,
    };
  }
  if (lives === 'single' && escalation === 'level')
    return { rate: annuityRate(scheme, age), yearlyIncrease: null, asAt: scheme.effectiveFrom };
  throw new CalculationError(
    'option_not_eligible',
    `The scheme has no ${lives}-life ${escalation} annuity rates`,
    { lives, escalation },
  );
}

/**
 * The pot in drawdown on each birthday: month by month the income (a twelfth of the yearly income, rounded
 * half up) is paid first and the rest grows at the monthly equivalent of the yearly growth, rounded to the
 * penny; from the retirement date to the birthday after the money runs out, or age 100.
 */
export function drawdownPotByAge(
  basis: Pick<DcExploreBasis, 'dateOfBirth' | 'retirementDate' | 'ageAtRetirement'>,
  potPence: number,
  yearlyIncomePence: number,
  growth: number,
  lastsMonths: number | null,
): DcPotAtAge[] {
  const monthly = roundPence(yearlyIncomePence / 12);
  const r = (1 + growth) ** (1 / 12) - 1;
  const { years, months } = basis.ageAtRetirement;
  const series: DcPotAtAge[] = [{ age: years, date: basis.retirementDate, potPence }];
  let balance = potPence;
  let month = 0;
  for (let age = years + 1; age <= SERIES_LAST_AGE; age++) {
    const until = (age - years) * 12 - months;
    for (; month < until; month++) {
      balance =
        lastsMonths !== null && month >= lastsMonths
          ? 0
          : Math.max(0, roundPence((balance - monthly) * (1 + r)));
    }
    series.push({ age, date: dateAtAge(basis.dateOfBirth, age), potPence: balance });
    if (balance === 0) break;
  }
  return series;
}

function drawdownFigures(
  basis: DcExploreBasis,
  potPence: number,
  yearlyIncomePence: number,
): DcDrawdownFigures {
  const growth = basis.scheme.drawdown.growth;
  const lastsMonths = drawdownMonths(potPence, yearlyIncomePence, growth);
  const ageMonths = basis.ageAtRetirement.years * 12 + basis.ageAtRetirement.months;
  return {
    potPence,
    yearlyIncomePence,
    growthAfterCharges: growth,
    charges: basis.scheme.drawdown.charges,
    lastsMonths,
    lastsUntilAge:
      lastsMonths === null
        ? null
        : { years: Math.floor((ageMonths + lastsMonths) / 12), months: (ageMonths + lastsMonths) % 12 },
    potByAge: drawdownPotByAge(basis, potPence, yearlyIncomePence, growth, lastsMonths),
  };
}

function annuityFigures(
  basis: DcExploreBasis,
  potPence: number,
  lives: AnnuityLives,
  escalation: AnnuityEscalation,
): DcAnnuityFigures {
  const { rate, yearlyIncrease, asAt } = annuityRateFor(
    basis.scheme,
    lives,
    escalation,
    basis.ageAtRetirement,
  );
  return {
    potPence,
    lives,
    escalation,
    rate,
    yearlyIncomePence: annuityIncome(potPence, rate),
    yearlyIncrease,
    ratesAsAt: asAt,
  };
}

function checkedTaxFreeCash(basis: DcExploreBasis, requested: number | undefined): number {
  const maximumPence = dcMaximumTaxFreeCash(basis);
  const chosen = requested ?? maximumPence;
  if (chosen > maximumPence) {
    throw new CalculationError(
      'lump_sum_out_of_range',
      `Tax-free cash can be at most ${pounds(maximumPence)}: a quarter of the pot, within your remaining Lump Sum Allowance`,
      { minimumPence: 0, maximumPence, requestedPence: chosen },
    );
  }
  return chosen;
}

/** Why an option cannot be taken at this date; null when it can. */
function notEligibleReason(basis: DcExploreBasis, code: DcExploreOptionCode): string | null {
  if (code === 'small-pot' && basis.potPence > SMALL_POT_LIMIT_PENCE)
    return `A small-pot lump sum is for a pot of ${pounds(SMALL_POT_LIMIT_PENCE)} or less.`;
  if (
    (code === 'all-cash' || code === 'cash-now-rest-invested') &&
    basis.lumpSumAllowanceRemainingPence === 0
  )
    return 'Cash with a tax-free quarter needs some Lump Sum Allowance left, and you have none.';
  if (basis.potPence === 0 && code !== 'leave-invested') return 'There is no money in the pot.';
  if (code === 'cash-now-rest-invested' && basis.potPence < 2)
    return 'The pot is too small to take part of it and leave the rest.';
  return null;
}

interface Parts {
  taxFreeCashPence: number;
  taxableCashPence: number;
  potLeftInvestedPence: number;
  lumpSumAllowanceUsedPence: number;
  mpaaApplies: boolean;
  givesUp: string[];
  drawdown: DcDrawdownFigures | null;
  annuity: DcAnnuityFigures | null;
}

const NOTHING: Parts = {
  taxFreeCashPence: 0,
  taxableCashPence: 0,
  potLeftInvestedPence: 0,
  lumpSumAllowanceUsedPence: 0,
  mpaaApplies: false,
  givesUp: [],
  drawdown: null,
  annuity: null,
};

const whatDrawdownGivesUp = (figures: DcDrawdownFigures) => [
  'A guaranteed income: drawdown income is not promised, and investments can fall as well as rise.',
  figures.lastsUntilAge === null
    ? 'Nothing more if growth is as assumed: at this income the pot does not run out before age 100.'
    : `Income after the pot runs out: at this income it lasts until about age ${figures.lastsUntilAge.years}.`,
];

const whatAnnuityGivesUp = (figures: DcAnnuityFigures) => [
  'Flexibility: an annuity cannot be changed or cashed in once bought, and nothing is left to pass on.',
  figures.escalation === 'level'
    ? 'Protection from rising prices: a level income buys less each year.'
    : 'Some income at the start: an increasing annuity starts lower than a level one.',
  figures.lives === 'single'
    ? 'Income for a partner: a single-life annuity stops when you die.'
    : 'Some income now: a joint-life annuity pays less, to keep paying a partner after you die.',
];

function parts(basis: DcExploreBasis, choice: DcOptionChoice): { parts: Parts; choice: DcOptionChoice } {
  const pot = basis.potPence;
  const lsa = basis.lumpSumAllowanceRemainingPence;
  const rate = basis.scheme.drawdown.defaultIncomeRate;
  switch (choice.code) {
    case 'all-cash': {
      const taxFree = maximumTaxFreeCash(pot, lsa);
      return {
        choice: { code: choice.code },
        parts: {
          ...NOTHING,
          taxFreeCashPence: taxFree,
          taxableCashPence: pot - taxFree,
          lumpSumAllowanceUsedPence: taxFree,
          mpaaApplies: true,
          givesUp: [
            'Any income from the pot: all of it is paid now and nothing is left for later years.',
            'Tax: three quarters is taxed as income in one tax year, which can push it into a higher band.',
          ],
        },
      };
    }
    case 'small-pot': {
      const taxFree = floorPence(pot / 4);
      return {
        choice: { code: choice.code },
        parts: {
          ...NOTHING,
          taxFreeCashPence: taxFree,
          taxableCashPence: pot - taxFree,
          givesUp: ['Any income from the pot: all of it is paid now and nothing is left for later years.'],
        },
      };
    }
    case 'cash-and-drawdown': {
      const taxFree = checkedTaxFreeCash(basis, choice.taxFreeCashPence);
      const invested = pot - taxFree;
      const income = choice.drawdownIncomePence ?? roundPence(invested * rate);
      const drawdown = drawdownFigures(basis, invested, income);
      return {
        choice: { code: choice.code, taxFreeCashPence: taxFree, drawdownIncomePence: income },
        parts: {
          ...NOTHING,
          taxFreeCashPence: taxFree,
          lumpSumAllowanceUsedPence: taxFree,
          mpaaApplies: income > 0,
          givesUp: whatDrawdownGivesUp(drawdown),
          drawdown,
        },
      };
    }
    case 'cash-and-annuity': {
      const taxFree = checkedTaxFreeCash(basis, choice.taxFreeCashPence);
      const lives = choice.annuityLives ?? 'single';
      const escalation = choice.annuityEscalation ?? 'level';
      const annuity = annuityFigures(basis, pot - taxFree, lives, escalation);
      return {
        choice: {
          code: choice.code,
          taxFreeCashPence: taxFree,
          annuityLives: lives,
          annuityEscalation: escalation,
        },
        parts: {
          ...NOTHING,
          taxFreeCashPence: taxFree,
          lumpSumAllowanceUsedPence: taxFree,
          givesUp: whatAnnuityGivesUp(annuity),
          annuity,
        },
      };
    }
    case 'cash-now-rest-invested': {
      const cashNow = choice.cashNowPence ?? Math.max(1, floorPence(pot / 4));
      if (cashNow <= 0 || cashNow >= pot) {
        throw new CalculationError(
          'cash_now_out_of_range',
          `Cash now must be more than £0 and less than the pot of ${pounds(pot)} (to take it all, choose all as cash)`,
          { minimumPence: 1, maximumPence: pot - 1, requestedPence: cashNow },
        );
      }
      const taxFree = maximumTaxFreeCash(cashNow, lsa);
      return {
        choice: { code: choice.code, cashNowPence: cashNow },
        parts: {
          ...NOTHING,
          taxFreeCashPence: taxFree,
          taxableCashPence: cashNow - taxFree,
          potLeftInvestedPence: pot - cashNow,
          lumpSumAllowanceUsedPence: taxFree,
          mpaaApplies: true,
          givesUp: [
            'Tax-free cash in one sum: only a quarter of each amount taken is tax-free.',
            'Growth on the cash taken; what stays invested can fall as well as rise.',
          ],
        },
      };
    }
    case 'leave-invested':
      return {
        choice: { code: choice.code },
        parts: {
          ...NOTHING,
          potLeftInvestedPence: pot,
          givesUp: ['Cash and income now: the pot stays invested and can fall as well as rise.'],
        },
      };
    case 'annuity-and-drawdown': {
      const taxFree = checkedTaxFreeCash(basis, choice.taxFreeCashPence);
      const rest = pot - taxFree;
      const percent = choice.annuityPercent ?? DEFAULT_ANNUITY_PERCENT;
      const annuityPot = roundPence((rest * percent) / 100);
      const lives = choice.annuityLives ?? 'single';
      const escalation = choice.annuityEscalation ?? 'level';
      const annuity = annuityFigures(basis, annuityPot, lives, escalation);
      const drawdownPot = rest - annuityPot;
      const income = choice.drawdownIncomePence ?? roundPence(drawdownPot * rate);
      const drawdown = drawdownFigures(basis, drawdownPot, income);
      return {
        choice: {
          code: choice.code,
          taxFreeCashPence: taxFree,
          annuityPercent: percent,
          annuityLives: lives,
          annuityEscalation: escalation,
          drawdownIncomePence: income,
        },
        parts: {
          ...NOTHING,
          taxFreeCashPence: taxFree,
          lumpSumAllowanceUsedPence: taxFree,
          mpaaApplies: income > 0,
          givesUp: [whatAnnuityGivesUp(annuity)[0]!, ...whatDrawdownGivesUp(drawdown)],
          drawdown,
          annuity,
        },
      };
    }
  }
}

/**
 * One option's figures at the basis's date. Taxable cash is taxed on top of the member's other income in
 * the tax year it is paid; the yearly income on top of the other income in a full year (separately).
 * An option the member cannot take answers `eligible: false` with zero figures and the reason.
 */
export function dcOptionFigures(basis: DcExploreBasis, requested: DcOptionChoice): DcOptionFigures {
  const reason = notEligibleReason(basis, requested.code);
  const { parts: p, choice } = reason
    ? { parts: NOTHING, choice: { code: requested.code } }
    : parts(basis, requested);
  const { rates, regime, otherIncomePence } = basis.tax;
  const cashTax = taxOnTopPence(p.taxableCashPence, otherIncomePence, rates, regime);
  const yearlyIncome = (p.annuity?.yearlyIncomePence ?? 0) + (p.drawdown?.yearlyIncomePence ?? 0);
  const incomeTax = taxOnTopPence(yearlyIncome, otherIncomePence, rates, regime);
  return {
    code: requested.code,
    eligible: reason === null,
    notEligibleReason: reason,
    choice,
    taxFreeCashPence: p.taxFreeCashPence,
    taxableCashPence: p.taxableCashPence,
    cashTaxPence: cashTax,
    cashAfterTaxPence: p.taxFreeCashPence + p.taxableCashPence - cashTax,
    yearlyIncomePence: yearlyIncome,
    yearlyIncomeTaxPence: incomeTax,
    yearlyIncomeAfterTaxPence: yearlyIncome - incomeTax,
    potLeftInvestedPence: p.potLeftInvestedPence,
    lumpSumAllowanceUsedPence: p.lumpSumAllowanceUsedPence,
    mpaaApplies: p.mpaaApplies,
    givesUp: p.givesUp,
    drawdown: p.drawdown,
    annuity: p.annuity,
  };
}

/** Every option at the date, with the member's choices applied to the options they concern. */
export function exploreDcOptions(
  basis: DcExploreBasis,
  choices: Omit<DcOptionChoice, 'code'> = {},
): DcOptionFigures[] {
  return DC_EXPLORE_OPTION_CODES.map((code) => dcOptionFigures(basis, { ...choices, code }));
}

/** Options to compare: each must be one the member can take. */
export function compareDcOptions(
  basis: DcExploreBasis,
  choices: readonly DcOptionChoice[],
): DcOptionFigures[] {
  return choices.map((choice) => {
    const figures = dcOptionFigures(basis, choice);
    if (!figures.eligible)
      throw new CalculationError('option_not_eligible', figures.notEligibleReason!, { code: choice.code });
    return figures;
  });
}

export type LivingStandardLevel = 'minimum' | 'moderate' | 'comfortable';

export interface LivingStandards {
  year: string;
  source: string;
  levels: { level: LivingStandardLevel; singlePence: number; couplePence: number }[];
}

/** An income after tax set against each standard for the household, and the highest standard it reaches. */
export function againstLivingStandards(
  yearlyIncomeAfterTaxPence: number,
  standards: LivingStandards,
  household: 'single' | 'couple',
): {
  reaches: LivingStandardLevel | null;
  againstStandards: { level: LivingStandardLevel; standardPence: number; differencePence: number }[];
} {
  const against = standards.levels.map((level) => {
    const standardPence = household === 'single' ? level.singlePence : level.couplePence;
    return { level: level.level, standardPence, differencePence: yearlyIncomeAfterTaxPence - standardPence };
  });
  const reached = against
    .filter((a) => a.differencePence >= 0)
    .sort((a, b) => b.standardPence - a.standardPence);
  return { reaches: reached[0]?.level ?? null, againstStandards: against };
}

/** What holds for every option at the date: the tax-free cash limit, the small-pot test and the assumptions. */
export function dcExploreContext(basis: DcExploreBasis) {
  const maximumPence = dcMaximumTaxFreeCash(basis);
  const pct = (rate: number) => `${roundTo(rate * 100, 2)}%`;
  const tables = basis.scheme.annuityRateTables;
  return {
    taxFreeCash: {
      maximumPence,
      lumpSumAllowanceRemainingPence: basis.lumpSumAllowanceRemainingPence,
      limitedBy:
        maximumPence < floorPence(basis.potPence / 4)
          ? ('lump-sum-allowance' as const)
          : ('quarter-of-pot' as const),
    },
    smallPot: basis.potPence <= SMALL_POT_LIMIT_PENCE,
    mpaaPence: MPAA_PENCE,
    assumptions: [
      `Drawdown grows ${pct(basis.scheme.drawdown.growth)} a year after charges${basis.scheme.drawdown.charges === null ? '' : ` of ${pct(basis.scheme.drawdown.charges)} a year`}; the income is paid monthly and does not rise.`,
      `Unless you choose an income, drawdown pays ${pct(basis.scheme.drawdown.defaultIncomeRate)} of the pot drawn from a year.`,
      tables
        ? `Annuity rates as at ${tables.asAt}: ${tables.source}`
        : 'Annuity rates are the scheme’s level single-life rates by age.',
      'Tax is an estimate: the pension is added to your other income for the year; cash is taxed in the tax year it is paid, and the first payment may be taxed on an emergency code and refunded later.',
      `Tax-free cash is at most a quarter of the pot and never more than your remaining Lump Sum Allowance; taking income flexibly brings in the Money Purchase Annual Allowance of ${pounds(MPAA_PENCE)} a year for future contributions.`,
    ],
  };
}
