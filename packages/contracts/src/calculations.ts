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
