import { z } from 'zod';
import { safeDate } from './input-policy';

/**
 * DC retirement: what the pot can buy at a date or age the member chooses (explore), and two or three
 * options side by side against the PLSA Retirement Living Standards (compare). Money is integer pence;
 * yearly amounts are a year's worth. The server works every figure out; the web only shows them.
 */

/** The ways of spending a DC pot the explorer offers. */
export const dcOptionCodes = [
  'all-cash',
  'small-pot',
  'cash-and-drawdown',
  'cash-and-annuity',
  'cash-now-rest-invested',
  'leave-invested',
  'annuity-and-drawdown',
] as const;
export const dcOptionCodeSchema = z.enum(dcOptionCodes);
export type DcOptionCode = z.infer<typeof dcOptionCodeSchema>;

/** Each way of spending a pot, in the member's words: its name and what it means. */
export const dcOptionText: Record<DcOptionCode, { title: string; description: string }> = {
  'all-cash': {
    title: 'Take it all as cash',
    description: 'A quarter is tax-free; the rest is taxed as income in the year you take it.',
  },
  'small-pot': {
    title: 'Take a small pot as one lump sum',
    description:
      'A pot of £10,000 or less can be paid in one go without affecting what you can pay in later.',
  },
  'cash-and-drawdown': {
    title: 'Tax-free cash and a flexible income (drawdown)',
    description: 'Take tax-free cash, leave the rest invested and draw an income you choose from it.',
  },
  'cash-and-annuity': {
    title: 'Tax-free cash and a guaranteed income for life (annuity)',
    description:
      'Take tax-free cash and use the rest to buy an income that is paid for the rest of your life.',
  },
  'cash-now-rest-invested': {
    title: 'Some cash now, the rest left invested',
    description: 'Take an amount you choose now (a quarter of it tax-free) and decide about the rest later.',
  },
  'leave-invested': {
    title: 'Leave it all invested',
    description: 'Take nothing yet: your pot stays invested and can still go up or down.',
  },
  'annuity-and-drawdown': {
    title: 'A mix: part annuity, part drawdown',
    description:
      'Take tax-free cash, buy a guaranteed income with part of the rest and draw from the remainder.',
  },
};

/** The Lump Sum Allowance (£268,275): tax-free cash over a lifetime, across all pensions. */
export const LUMP_SUM_ALLOWANCE_PENCE = 26_827_500;

/** £100m: above any pot, so a larger number is a typing slip, answered with a 400. */
export const DC_OPTIONS_MAX_PENCE = 10_000_000_000;
const pence = z.number().int().min(0).max(DC_OPTIONS_MAX_PENCE);
const queryPence = z.coerce.number().int().min(0).max(DC_OPTIONS_MAX_PENCE);

export const annuityLivesSchema = z.enum(['single', 'joint']);
export const annuityEscalationSchema = z.enum(['level', 'increasing']);

/**
 * What the member chooses for an option; anything left out takes the default, which the answer states:
 * tax-free cash the most allowed; drawdown income the scheme's rate × the pot drawn from; a single-life
 * level annuity; cash now a quarter of the pot; the mix half annuity, half drawdown.
 */
const choiceShape = (amount: typeof pence | typeof queryPence, percent: z.ZodType<number>) => ({
  /** Tax-free cash for the options that take it (0 to the maximum). */
  taxFreeCashPence: amount.optional(),
  /** Yearly drawdown income (drawdown, and the drawdown part of the mix). */
  drawdownIncomePence: amount.optional(),
  annuityLives: annuityLivesSchema.optional(),
  annuityEscalation: annuityEscalationSchema.optional(),
  /** Cash taken now for `cash-now-rest-invested`: a quarter of it tax-free, the rest taxed. */
  cashNowPence: amount.optional(),
  /** The share of the pot after tax-free cash that buys an annuity in `annuity-and-drawdown` (1 to 99). */
  annuityPercent: percent.optional(),
});

const when = {
  /** The retirement date to work the options out for; else `age`; else the target retirement date. */
  retirementDate: safeDate().optional(),
  /** An age in whole years: the options on that birthday. Not with a date (the server answers 400 date_and_age). */
  age: z.number().int().min(1).max(150).optional(),
};

/** GET /retirement/dc/options: the query (flat, so the address carries it). */
export const dcOptionsQuerySchema = z.object({
  ...when,
  age: z.coerce.number().int().min(1).max(150).optional(),
  ...choiceShape(queryPence, z.coerce.number().int().min(1).max(99)),
  /** Other yearly taxable income (e.g. State Pension, earnings) the tax estimate adds the pension to. */
  otherIncomePence: queryPence.optional(),
  /** Lump Sum Allowance the member has already used elsewhere (else what the record holds, usually 0). */
  lumpSumAllowanceUsedPence: z.coerce.number().int().min(0).max(LUMP_SUM_ALLOWANCE_PENCE).optional(),
});
export type DcOptionsQuery = z.infer<typeof dcOptionsQuerySchema>;

/** One option with the member's choices for it: what compare takes, and what explore answers as `choice`. */
export const dcOptionChoiceSchema = z.strictObject({
  code: dcOptionCodeSchema,
  ...choiceShape(pence, z.number().int().min(1).max(99)),
});
export type DcOptionChoice = z.infer<typeof dcOptionChoiceSchema>;

export const householdSchema = z.enum(['single', 'couple']);

/** POST /retirement/dc/options/compare: two or three options at one date, for a single person or a couple. */
export const dcCompareRequestSchema = z.strictObject({
  ...when,
  otherIncomePence: pence.optional(),
  lumpSumAllowanceUsedPence: z.number().int().min(0).max(LUMP_SUM_ALLOWANCE_PENCE).optional(),
  household: householdSchema.default('single'),
  options: z.array(dcOptionChoiceSchema).min(2).max(3),
});
export type DcCompareRequest = z.input<typeof dcCompareRequestSchema>;

const money = z.number().int();
const yearsMonths = z.object({ years: z.number().int(), months: z.number().int() });

export const dcOptionFiguresSchema = z.object({
  code: dcOptionCodeSchema,
  /** False when the member cannot take this option (e.g. the small-pot lump sum above £10,000). */
  eligible: z.boolean(),
  notEligibleReason: z.string().nullable(),
  /** The choices the figures use, defaults filled in: send it back to compare the same option. */
  choice: dcOptionChoiceSchema,
  taxFreeCashPence: money,
  taxableCashPence: money,
  /** Estimated income tax on the taxable cash in the tax year it is paid. */
  cashTaxPence: money,
  /** Tax-free cash plus taxable cash less its estimated tax. */
  cashAfterTaxPence: money,
  /** A year's income before tax: annuity and drawdown together. */
  yearlyIncomePence: money,
  yearlyIncomeTaxPence: money,
  yearlyIncomeAfterTaxPence: money,
  /** Pot left invested, not yet used for income (uncrystallised). */
  potLeftInvestedPence: money,
  /** Lump Sum Allowance this option uses. */
  lumpSumAllowanceUsedPence: money,
  /** Flexible access: the Money Purchase Annual Allowance (£10,000) then applies to future contributions. */
  mpaaApplies: z.boolean(),
  /** What the member gives up by taking this option, in words. */
  givesUp: z.array(z.string()),
  drawdown: z
    .object({
      /** The pot the income is drawn from. */
      potPence: money,
      yearlyIncomePence: money,
      /** Yearly growth after charges the figures assume. */
      growthAfterCharges: z.number(),
      /** The yearly charges that growth is after; null when the scheme does not state them. */
      charges: z.number().nullable(),
      /** Whole months the income is paid; null when the pot does not run out (or lasts 100 years). */
      lastsMonths: z.number().int().nullable(),
      lastsUntilAge: yearsMonths.nullable(),
      /** The pot on each birthday from the retirement date until it runs out or age 100 (a chart or table). */
      potByAge: z.array(z.object({ age: z.number().int(), date: z.string(), potPence: money })),
    })
    .nullable(),
  annuity: z
    .object({
      /** The pot that buys the annuity. */
      potPence: money,
      lives: annuityLivesSchema,
      escalation: annuityEscalationSchema,
      /** Income a year per £1 at the age at retirement, from the scheme's annuity-rate table. */
      rate: z.number(),
      yearlyIncomePence: money,
      /** The table's yearly increase for an increasing annuity; null for level. */
      yearlyIncrease: z.number().nullable(),
      /** The date the rate table is as at. */
      ratesAsAt: z.string(),
    })
    .nullable(),
});
export type DcOptionFigures = z.infer<typeof dcOptionFiguresSchema>;

export const taxRegimeSchema = z.enum(['rest-of-uk', 'scotland']);

/** The tax estimate's basis: regime, year and whose figures. */
export const dcTaxBasisSchema = z.object({
  regime: taxRegimeSchema,
  /** Why: from the postcode area or country of the member's address. */
  regimeReason: z.string(),
  /** The tax year the retirement date falls in, e.g. 2026/27. */
  taxYear: z.string(),
  /** The tax year whose rates are used: the same, or the latest configured (frozen figures assumed). */
  ratesTaxYear: z.string(),
  frozenRatesAssumed: z.boolean(),
  personalAllowancePence: money,
  otherIncomePence: money,
  source: z.string(),
});

const context = {
  isCalculationSuccessful: z.literal(true),
  calculatedOn: z.string(),
  retirementDate: z.string(),
  ageAtRetirement: yearsMonths,
  /** The dates the member may choose between. */
  range: z.object({ earliestDate: z.string(), latestDate: z.string() }),
  currentPotPence: money,
  /** The pot projected to the retirement date. */
  potPence: money,
  taxFreeCash: z.object({
    maximumPence: money,
    lumpSumAllowanceRemainingPence: money,
    limitedBy: z.enum(['quarter-of-pot', 'lump-sum-allowance']),
  }),
  /** The pot is £10,000 or less: the small-pot lump sum is offered. */
  smallPot: z.boolean(),
  mpaaPence: money,
  tax: dcTaxBasisSchema,
  assumptions: z.array(z.string()),
};

export const dcOptionsResponseSchema = z.object({ ...context, options: z.array(dcOptionFiguresSchema) });
export type DcOptionsResponse = z.infer<typeof dcOptionsResponseSchema>;

export const livingStandardLevelSchema = z.enum(['minimum', 'moderate', 'comfortable']);

/** PLSA Retirement Living Standards: yearly spending after tax (housing excluded), as tenant content. */
export const retirementLivingStandardsSchema = z.strictObject({
  /** The year the figures are for, as published, e.g. 2024/25. */
  year: z.string().min(1),
  source: z.string().min(1),
  levels: z
    .array(
      z.strictObject({
        level: livingStandardLevelSchema,
        singlePence: money.min(0),
        couplePence: money.min(0),
      }),
    )
    .length(3),
});
export type RetirementLivingStandards = z.infer<typeof retirementLivingStandardsSchema>;

export const dcCompareResponseSchema = z.object({
  ...context,
  household: householdSchema,
  standards: retirementLivingStandardsSchema,
  options: z.array(
    dcOptionFiguresSchema.extend({
      /** The highest standard the yearly income after tax reaches; null below the minimum. */
      reaches: livingStandardLevelSchema.nullable(),
      /** Each standard for the household, and the income after tax less it (negative: short by). */
      againstStandards: z.array(
        z.object({ level: livingStandardLevelSchema, standardPence: money, differencePence: money }),
      ),
    }),
  ),
});
export type DcCompareResponse = z.infer<typeof dcCompareResponseSchema>;
