import { z } from 'zod';
import { addDays, addMonths, fromParts, minDate, type IsoDate } from './dates';
import { taxYearOf } from './income-tax';
import { isoDateSchema, penceSchema } from './schema-primitives';

/**
 * A DC pot as fund platforms hold it: units of each fund, each priced on a day. Units and unit prices
 * (in pence) are held to 4 decimal places, as platforms quote them. A holding's value is units × price
 * rounded half up to the penny, worked in whole ten-thousandths so binary fractions never tip a
 * half-penny; the pot is the sum of those rounded values, so the funds shown always add up to it.
 */
export const UNIT_DECIMALS = 4;

const SCALE = 10 ** UNIT_DECIMALS;
const scaled = (value: number) => Math.round(value * SCALE);
const atMostFourPlaces = (value: number) => Math.abs(value * SCALE - scaled(value)) < 1e-6;

export const unitsSchema = z
  .number()
  .min(0)
  .max(1e9)
  .refine(atMostFourPlaces, `at most ${UNIT_DECIMALS} decimal places`);
export const unitPricePenceSchema = z
  .number()
  .positive()
  .max(1e7)
  .refine(atMostFourPlaces, `at most ${UNIT_DECIMALS} decimal places`);

export const unitHoldingSchema = z.object({
  code: z.string().min(1),
  units: unitsSchema,
  /** The price of one unit, in pence. */
  unitPricePence: unitPricePenceSchema,
  /** The day the price is from. */
  pricedOn: isoDateSchema,
});

/** One contribution paid into the pot, split by who paid it. */
export const contributionSchema = z.object({
  paidOn: isoDateSchema,
  memberPence: penceSchema,
  employerPence: penceSchema,
});

export type UnitHolding = z.infer<typeof unitHoldingSchema>;
export type Contribution = z.infer<typeof contributionSchema>;

/** A holding's value: units × unit price, rounded half up to the penny. */
export function holdingValuePence(units: number, unitPricePence: number): number {
  const product = BigInt(scaled(units)) * BigInt(scaled(unitPricePence));
  const divisor = BigInt(SCALE * SCALE);
  return Number((product + divisor / 2n) / divisor);
}

export interface ValuedHolding extends UnitHolding {
  valuePence: number;
}

export function valueHoldings(holdings: readonly UnitHolding[]): ValuedHolding[] {
  return holdings.map((holding) => ({
    ...holding,
    valuePence: holdingValuePence(holding.units, holding.unitPricePence),
  }));
}

export interface ContributionTotals {
  /** The first and last days counted: the 12 months up to and including `today`. */
  from: IsoDate;
  to: IsoDate;
  memberPence: number;
  employerPence: number;
  totalPence: number;
  /** Each contribution paid in those 12 months, newest first, with what it came to. */
  payments: (Contribution & { totalPence: number })[];
}

/** Contributions paid in the 12 months up to and including `today`: their totals and each one. */
export function contributionsInLastYear(
  contributions: readonly Contribution[],
  today: IsoDate,
): ContributionTotals {
  const from = addDays(addMonths(today, -12), 1);
  const payments = contributions
    .filter((contribution) => contribution.paidOn >= from && contribution.paidOn <= today)
    .map((contribution) => ({
      paidOn: contribution.paidOn,
      memberPence: contribution.memberPence,
      employerPence: contribution.employerPence,
      totalPence: contribution.memberPence + contribution.employerPence,
    }))
    .sort((a, b) => (a.paidOn < b.paidOn ? 1 : a.paidOn > b.paidOn ? -1 : 0));
  const memberPence = payments.reduce((sum, payment) => sum + payment.memberPence, 0);
  const employerPence = payments.reduce((sum, payment) => sum + payment.employerPence, 0);
  return { from, to: today, memberPence, employerPence, totalPence: memberPence + employerPence, payments };
}

/** What was paid in over one tax year (6 April to 5 April), split by who paid it. */
export interface TaxYearContributions {
  /** Named like 2026/27. */
  taxYear: string;
  /** The tax year's first day, and its last or `today` if sooner. */
  from: IsoDate;
  to: IsoDate;
  /** How many contributions were paid in it. */
  count: number;
  memberPence: number;
  employerPence: number;
  totalPence: number;
}

export interface ContributionsSinceJoining {
  /** The day the first contribution held was paid; null when none is held. */
  from: IsoDate | null;
  to: IsoDate;
  memberPence: number;
  employerPence: number;
  totalPence: number;
  /**
   * Each tax year from the first contribution's to the latest's, newest first, a year with nothing
   * paid in included with noughts, so the years add up to the totals.
   */
  byTaxYear: TaxYearContributions[];
}

const taxYearStarting = (startYear: number) => taxYearOf(fromParts(startYear, 4, 6));

/** Every contribution held, paid up to and including `today`: the totals and each tax year's. */
export function contributionsSinceJoining(
  contributions: readonly Contribution[],
  today: IsoDate,
): ContributionsSinceJoining {
  const paid = contributions
    .filter((contribution) => contribution.paidOn <= today)
    .sort((a, b) => (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : 0));
  const startYear = (contribution: Contribution) => Number(taxYearOf(contribution.paidOn).slice(0, 4));
  const years = new Map<string, TaxYearContributions>();
  if (paid.length > 0) {
    for (let start = startYear(paid.at(-1)!); start >= startYear(paid[0]!); start -= 1) {
      years.set(taxYearStarting(start), {
        taxYear: taxYearStarting(start),
        from: fromParts(start, 4, 6),
        to: minDate(fromParts(start + 1, 4, 5), today),
        count: 0,
        memberPence: 0,
        employerPence: 0,
        totalPence: 0,
      });
    }
  }
  for (const contribution of paid) {
    const year = years.get(taxYearOf(contribution.paidOn))!;
    year.count += 1;
    year.memberPence += contribution.memberPence;
    year.employerPence += contribution.employerPence;
    year.totalPence += contribution.memberPence + contribution.employerPence;
  }
  const memberPence = paid.reduce((sum, contribution) => sum + contribution.memberPence, 0);
  const employerPence = paid.reduce((sum, contribution) => sum + contribution.employerPence, 0);
  const from = paid[0]?.paidOn ?? null;
  return {
    from,
    to: today,
    memberPence,
    employerPence,
    totalPence: memberPence + employerPence,
    byTaxYear: [...years.values()],
  };
}

/**
 * Units for a holding worth `valuePence` at `unitPricePence`: the value divided by the price, to 4
 * places, checked to value back to the same penny (it does for any price under £100 a unit).
 */
export function unitsForValue(valuePence: number, unitPricePence: number): number {
  const units = Math.round((valuePence / unitPricePence) * SCALE) / SCALE;
  if (holdingValuePence(units, unitPricePence) !== valuePence) {
    throw new RangeError(`No ${UNIT_DECIMALS}-place units value to ${valuePence}p at ${unitPricePence}p`);
  }
  return units;
}
