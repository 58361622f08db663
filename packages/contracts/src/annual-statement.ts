import { z } from 'zod';

/** A day as YYYY-MM-DD. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const pence = z.number().int();

const common = {
  /** The statement year (a tax year, 6 April to 5 April), such as 2026/27: one statement each. */
  statementYear: z.string().regex(/^\d{4}\/\d{2}$/),
  /**
   * The day this year's statement was issued, its figures as at that day; before it is issued, today (the
   * figures as they stand).
   */
  statementDate: day,
  /**
   * The PDF issued into the member's documents (download it from documents/{id}/download); null until this
   * year's statement is issued (the yearly statement run), when `annual-statement/pdf` gives the figures
   * as a PDF without filing anything.
   */
  document: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Each assumption the figures rest on, in words for the member. */
  assumptions: z.array(z.string()),
};

/** A DB record's annual benefit statement. */
export const dbAnnualStatementSchema = z.object({
  kind: z.literal('DB'),
  ...common,
  /** A deferred member's leaving date, from which the pension built up has been increased; null while paying in. */
  deferredSince: day.nullable(),
  accrued: z.array(z.object({ code: z.string(), label: z.string(), heldPence: pence, pensionPence: pence })),
  /** A year's pension built up at the statement date. */
  accruedPensionPence: pence,
  normalRetirementDate: day,
  normalRetirementAge: z.number(),
  /** A year's pension at normal retirement age, before any tax-free cash. */
  projectedPensionPence: pence,
  maximumLumpSumPence: pence,
  /** The pension left with the most tax-free cash. */
  residualPensionPence: pence,
  avcFundPence: pence,
  /**
   * The spouse's or partner's pension from normal retirement age; null when the scheme pays none, or leaves
   * it out of the statement where the record shows no spouse or partner (`survivorPensionWithoutPartner`).
   */
  survivorPensionPence: pence.nullable(),
  survivorPensionPercent: z.number().nullable(),
  /**
   * Whether the record shows a spouse or partner: if not, the survivor's pension is for a spouse or partner
   * the member may have at their death, and the statement says so.
   */
  spouseOrPartnerOnRecord: z.boolean(),
});

/** A DC record's Statutory Money Purchase Illustration (AS TM1). */
export const smpiStatementSchema = z.object({
  kind: z.literal('DC'),
  ...common,
  basis: z.object({ version: z.string(), effectiveFrom: day, source: z.string(), annuityBasis: z.string() }),
  targetRetirementAge: z.number(),
  retirementDate: day,
  ageAtRetirement: z.object({ years: z.number().int(), months: z.number().int() }),
  currentPotPence: pence,
  monthlyContributionPence: pence,
  funds: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      volatilityPercent: z.number().nullable(),
      volatilityGroup: z.number().int().nullable(),
      /** Yearly, before the fund's charge (0.04 is 4%). */
      accumulationRate: z.number(),
      rateFrom: z.enum(['volatility-group', 'scheme-stated']),
      charge: z.number(),
    }),
  ),
  projectedPotPence: pence,
  projectedPotTodaysMoneyPence: pence,
  contributionsPence: pence,
  inflation: z.number(),
  contributionIncrease: z.number(),
  /** A year's pension per £1 of pot: (1 − the expense allowance) / the annuity factor. */
  annuityRate: z.number(),
  /** The annuity the pot is assumed to buy (a level single-life annuity) and how it is priced. */
  annuity: z.object({
    /** The price of £1 a year of pension at the age then, to 4 places. */
    factor: z.number(),
    /** The annuity interest rate: the gilt yield plus AS TM1's margin, rounded (0.05 is 5%). */
    interestRate: z.number(),
    giltYield: z.number(),
    /** The day of the gilt yield used, and the day AS TM1 reads it on (15 February before the year). */
    yieldAsAt: day,
    referenceDate: day,
    yieldSource: z.string(),
    /** The mortality basis, in words. */
    mortality: z.string(),
    paymentsPerYear: z.number().int(),
    guaranteeYears: z.number().int(),
    /** A share of the pot kept for the insurer's expenses (0.04 is 4%). */
    expenseAllowance: z.number(),
    /** A year's pension that £10,000 of pot buys at the age then. */
    pensionPer10000Pence: pence,
  }),
  /** The first year's pension in today's money; level after that, so it buys less each year. */
  annualPensionTodaysMoneyPence: pence,
});

/** `GET members/current/annual-statement`: this year's statement for the chosen record. */
export const annualStatementSchema = z.discriminatedUnion('kind', [
  dbAnnualStatementSchema,
  smpiStatementSchema,
]);
export type AnnualStatement = z.infer<typeof annualStatementSchema>;
export type DbAnnualStatementView = z.infer<typeof dbAnnualStatementSchema>;
export type SmpiStatementView = z.infer<typeof smpiStatementSchema>;
