import { z } from 'zod';
import rawOnsUk20222024 from '../smpi/ons-uk-2022-2024.json';
import { CalculationError } from './errors';
import { roundTo } from './money';
import { isoDateSchema, rateSchema } from './schema-primitives';

/**
 * The annuity an SMPI's pot is assumed to buy (AS TM1 v5): a level single-life annuity whose price is worked
 * out from a mortality table and an interest rate. Pure functions; the tables and rates are dated
 * configuration in packages/pensions/smpi/.
 */

const qxSchema = z.number().min(0).max(1);

const mortalityTableSchema = z
  .object({
    table: z.string().min(1),
    source: z.string().min(1),
    /** The middle calendar year of the table's data, from which improvements run. */
    baseYear: z.number().int(),
    /** The age of the first rate in each list; the last rate is for the table's oldest age. */
    fromAge: z.number().int().min(0),
    /** q_x: the chance that a person aged exactly x dies before age x + 1, from `fromAge` up. */
    male: z.array(qxSchema).min(1),
    female: z.array(qxSchema).min(1),
  })
  .refine((t) => t.male.length === t.female.length, 'the male and female lists cover the same ages');

export type MortalityTable = z.infer<typeof mortalityTableSchema>;

const mortalityTables: Readonly<Record<string, MortalityTable>> = Object.freeze({
  'ons-uk-2022-2024': mortalityTableSchema.parse(rawOnsUk20222024),
});

export const mortalityTableKeys = Object.keys(mortalityTables) as [string, ...string[]];

export function mortalityTable(key: string): MortalityTable {
  const table = mortalityTables[key];
  if (!table) throw new CalculationError('invalid_request', `No mortality table ${key} is configured`);
  return table;
}

/** No one is assumed to live past this age. */
export const LIMITING_AGE = 120;

export const annuityMortalitySchema = z.object({
  table: z.enum(mortalityTableKeys),
  /** Men's and women's rates averaged, the same for everyone; otherwise the member's own sex's. */
  unisex: z.boolean(),
  /** A yearly fall in every rate from the table's base year (0.015 is 1.5% a year); 0 for none. */
  annualImprovement: rateSchema,
});
export type AnnuityMortality = z.infer<typeof annuityMortalitySchema>;

/**
 * q for a whole age in a calendar year: the table's rate (unisex, the average of men's and women's; else
 * the sex given, the average where it is not known), reduced by the improvement for each year after the table's
 * base year. Ages over the table's oldest take its oldest rate, up to the limiting age, where q is 1.
 */
export function mortalityRate(
  mortality: AnnuityMortality,
  age: number,
  year: number,
  sex: 'M' | 'F' | 'U' = 'U',
): number {
  if (age >= LIMITING_AGE) return 1;
  const table = mortalityTable(mortality.table);
  if (age < table.fromAge)
    throw new CalculationError('invalid_member', `${table.table} starts at age ${table.fromAge}`);
  const index = Math.min(age - table.fromAge, table.male.length - 1);
  const male = table.male[index]!;
  const female = table.female[index]!;
  const base = mortality.unisex || sex === 'U' ? (male + female) / 2 : sex === 'F' ? female : male;
  return base * (1 - mortality.annualImprovement) ** Math.max(0, year - table.baseYear);
}

export interface AnnuityTerms {
  interestRate: number;
  /** 12 for monthly: payments fall on whole months, so a divisor of 12. */
  paymentsPerYear: number;
  /** Payments made whether or not the annuitant lives, from the start. */
  guaranteeYears: number;
}

/**
 * The price of 1 a year of level pension, paid in advance `paymentsPerYear` times a year from the age
 * given (whole years and months) for life, the first `guaranteeYears` paid regardless:
 *   ä = Σ_k (1/p) · v^(k/p) · S_k,   v = 1 / (1 + i),
 * where S_k is 1 inside the guarantee and otherwise the chance of living from the starting age to k/p years
 * later. Within a year of age deaths are spread evenly (l(x + s) = l(x) · (1 − s · q_x)); q_x is the rate for
 * age x in the calendar year the annuitant reaches it, counting from `startYear` at the starting age.
 */
export function annuityFactor(
  q: (age: number, year: number) => number,
  start: { years: number; months: number; startYear: number },
  terms: AnnuityTerms,
): number {
  const p = terms.paymentsPerYear;
  if (!Number.isInteger(p) || p < 1 || 12 % p !== 0)
    throw new CalculationError(
      'invalid_request',
      'Payments must fall on whole months (1, 2, 3, 4, 6 or 12 a year)',
    );
  const step = 12 / p;
  const startMonths = start.years * 12 + start.months;
  const v = 1 / (1 + terms.interestRate);
  // l at each whole age from the starting age's year of age, relative to that age's start.
  const lives = new Map<number, { l: number; q: number }>();
  let l = 1;
  for (let age = start.years; age <= LIMITING_AGE; age++) {
    const rate = q(age, start.startYear + (age - start.years));
    lives.set(age, { l, q: rate });
    l *= 1 - rate;
  }
  const livingAt = (months: number) => {
    const age = Math.floor(months / 12);
    const at = lives.get(Math.min(age, LIMITING_AGE))!;
    return age >= LIMITING_AGE ? 0 : at.l * (1 - ((months % 12) / 12) * at.q);
  };
  const atStart = livingAt(startMonths);
  let factor = 0;
  for (let k = 0; startMonths + k * step < LIMITING_AGE * 12; k++) {
    const survival = k < p * terms.guaranteeYears ? 1 : livingAt(startMonths + k * step) / atStart;
    factor += (v ** (k / p) * survival) / p;
  }
  return factor;
}

export const annuityInterestSchema = z.object({
  /** The first day of the illustration year (6 April) this yield applies from, to the next entry's. */
  illustrationsFrom: isoDateSchema,
  /** The day AS TM1 reads the yield on: 15 February before the illustration year. */
  referenceDate: isoDateSchema,
  giltYield: rateSchema,
  /** The day of the figure held; the reference day itself once that figure is found. */
  yieldAsAt: isoDateSchema,
  source: z.string().min(1),
});
export type AnnuityInterest = z.infer<typeof annuityInterestSchema>;

/** The annuity interest rate: the gilt yield plus the margin, rounded to the nearest step. */
export function annuityInterestRate(giltYield: number, margin: number, step: number): number {
  return roundTo(roundTo((giltYield + margin) / step, 0) * step, 6);
}
