import { z } from 'zod';
import { safeDate } from './input-policy';
import type { CalculationUnavailable } from './calculation-unavailable';

export * from './calculation-unavailable';

/**
 * A figures endpoint's answer when no figures could be worked out: still a 200, so pages render and say
 * the figures are unavailable. `dbCalculationStatus` says why (`calcNotAccessible` when unreachable).
 */
export const calculationUnavailableSchema: z.ZodType<CalculationUnavailable> = z.object({
  isCalculationSuccessful: z.literal(false),
  dbCalculationStatus: z.string(),
  message: z.string(),
});

const penceAmount = z.number().int();

/** `retirement/calculation`: the pension at the member's default retirement date, in pence a year. */
export const retirementCalculationSchema = z.object({
  isCalculationSuccessful: z.literal(true),
  calculatedOn: z.string(),
  effectiveDate: z.string(),
  totalPension: penceAmount,
  totalAVCFund: penceAmount,
});

/** `retirement/options?age=`: the two ends of the choice at a retirement age (on that birthday). */
export const retirementOptionsQuerySchema = z.object({ age: z.coerce.number().int().min(1).max(150) });
export const retirementOptionsSchema = z.object({
  isCalculationSuccessful: z.literal(true),
  age: z.number().int(),
  retirementDate: z.string(),
  fullPensionYearlyIncome: penceAmount,
  maxLumpSum: penceAmount,
  maxLumpSumYearlyIncome: penceAmount,
});

/** A tax-free cash amount in pence (at least 1p) for a retirement date (the default date when left out). */
export const lumpSumQuerySchema = z.object({
  requestedLumpSum: z.coerce.number().int().min(1).max(100_000_000_00),
  selectedRetirementDate: safeDate().optional(),
});

/** `retirement/timeline`: the dates around a retirement date. */
export const retirementTimelineQuerySchema = z.object({ selectedRetirementDate: safeDate().optional() });
export const retirementTimelineSchema = z.object({
  retirementDate: z.string(),
  earliestStartRaDateForSelectedDate: z.string().nullable(),
  latestStartRaDateForSelectedDate: z.string(),
  retirementConfirmationDate: z.string(),
  firstMonthlyPensionPayDate: z.string(),
  lumpSumPayDate: z.string(),
});
export type RetirementTimeline = z.infer<typeof retirementTimelineSchema>;

/** An early or late retirement factor applied to the pension at a date, for the complete months early or late. */
export const retirementAdjustmentSchema = z.object({
  kind: z.enum(['early', 'late', 'none']),
  months: z.number().int(),
  factor: z.number(),
});

/** `retirement/planner`: a DB pension modelled at each birthday from the earliest the rules allow to the latest. */
export const retirementPlannerSchema = z.object({
  isCalculationSuccessful: z.literal(true),
  calculatedOn: z.string(),
  dateOfBirth: z.string(),
  /** Any date in it can be modelled (`v3/retirement/quotes?selectedRetirementDate=`). */
  range: z.object({ from: z.string(), to: z.string() }),
  earliestRetirementDate: z.string(),
  normalRetirementDate: z.string(),
  latestRetirementDate: z.string(),
  normalRetirementAge: z.number().int(),
  /** What sets the earliest date: the scheme's age, the law's minimum pension age, or a protected age. */
  earliestReason: z.enum(['scheme', 'minimum-pension-age', 'protected-pension-age']),
  normalMinimumPensionAge: z.number().int(),
  protectedPensionAge: z.number().int().nullable(),
  avcFundPence: penceAmount,
  /** Whether the scheme takes the AVC fund as tax-free cash first; false: it buys extra pension only. */
  avcTakenAsCashFirst: z.boolean(),
  ages: z.array(
    z.object({
      age: z.number().int(),
      retirementDate: z.string(),
      adjustment: retirementAdjustmentSchema,
      fullPensionPence: penceAmount,
      maximumLumpSumPence: penceAmount,
      /** The part of the most tax-free cash paid from the AVC fund, before any pension is given up. */
      maximumLumpSumFromAvcPence: penceAmount,
      pensionWithMaximumLumpSumPence: penceAmount,
    }),
  ),
  assumptions: z.array(z.string()),
});
export type RetirementPlanner = z.infer<typeof retirementPlannerSchema>;

/** `retirement/service`: what a DB pension is built from, as the record holds it (pence). */
export const dbServiceSchema = z.object({
  dateJoinedScheme: z.string().nullable(),
  pensionableServiceFrom: z.string().nullable(),
  /** Null while the member is still building up service (counted to today). */
  pensionableServiceTo: z.string().nullable(),
  pensionableService: z.object({ years: z.number().int(), months: z.number().int() }).nullable(),
  salaryHistory: z.array(
    z.object({ from: z.string(), to: z.string().nullable(), pensionableSalaryPence: penceAmount }),
  ),
  accrual: z
    .object({ rate: z.string(), salaryPence: penceAmount, pensionPerYearOfServicePence: penceAmount })
    .nullable(),
  /** The pension built up, by tranche, at `pensionAsAt` (the leaving date, or today while paying in). */
  pensionAsAt: z.string(),
  tranches: z.array(z.object({ code: z.string(), label: z.string(), annualPensionPence: penceAmount })),
});
export type DbService = z.infer<typeof dbServiceSchema>;
