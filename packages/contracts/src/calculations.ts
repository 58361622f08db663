import { z } from 'zod';

/** The calculation provider could not be reached (existing-portal c.1's `dbCalculationStatus`). */
export const CALCULATION_NOT_ACCESSIBLE = 'calcNotAccessible';

/**
 * A figures endpoint's answer when no figures could be worked out: still a 200, so pages render and say
 * the figures are unavailable. `dbCalculationStatus` says why (`calcNotAccessible` when unreachable).
 */
export const calculationUnavailableSchema = z.object({
  isCalculationSuccessful: z.literal(false),
  dbCalculationStatus: z.string(),
  message: z.string(),
});
export type CalculationUnavailable = z.infer<typeof calculationUnavailableSchema>;

export const calculationUnavailable = (dbCalculationStatus: string): CalculationUnavailable => ({
  isCalculationSuccessful: false,
  dbCalculationStatus,
  message: 'We cannot work out your pension figures right now. Try again later.',
});

/** Whether an answer says its figures are unavailable. */
export const isCalculationUnavailable = (answer: unknown): answer is CalculationUnavailable =>
  calculationUnavailableSchema.safeParse(answer).success;
