/** The calculation provider could not be reached (existing-portal c.1's `dbCalculationStatus`). */
export const CALCULATION_NOT_ACCESSIBLE = 'calcNotAccessible';

/** A figures endpoint's answer when no figures could be worked out (`calculationUnavailableSchema`). */
export interface CalculationUnavailable {
  isCalculationSuccessful: false;
  dbCalculationStatus: string;
  message: string;
}

export const calculationUnavailable = (dbCalculationStatus: string): CalculationUnavailable => ({
  isCalculationSuccessful: false,
  dbCalculationStatus,
  message: 'We cannot work out your pension figures right now. Try again later.',
});

/** Whether an answer says its figures are unavailable. */
export function isCalculationUnavailable(answer: unknown): answer is CalculationUnavailable {
  if (answer === null || typeof answer !== 'object') return false;
  const { isCalculationSuccessful, dbCalculationStatus, message } = answer as Record<string, unknown>;
  return (
    isCalculationSuccessful === false && typeof dbCalculationStatus === 'string' && typeof message === 'string'
  );
}
