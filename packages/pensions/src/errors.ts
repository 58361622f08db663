export type CalculationErrorCode =
  | 'invalid_request'
  | 'unknown_scheme'
  | 'invalid_member'
  | 'retirement_date_before_earliest'
  | 'retirement_date_after_latest'
  | 'retirement_date_in_past'
  | 'below_minimum_pension_age'
  | 'lump_sum_out_of_range'
  | 'transfer_value_out_of_range'
  | 'residual_pension_out_of_range'
  | 'partial_transfer_not_allowed'
  | 'no_benefits'
  | 'wrong_scheme_kind'
  | 'option_not_eligible'
  | 'cash_now_out_of_range';

/** A request the scheme rules cannot answer; `code` is stable for clients, `message` is for people. */
export class CalculationError extends Error {
  constructor(
    readonly code: CalculationErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CalculationError';
  }
}

export const CALCULATION_ERROR_CODES: ReadonlySet<string> = new Set<CalculationErrorCode>([
  'invalid_request',
  'unknown_scheme',
  'invalid_member',
  'retirement_date_before_earliest',
  'retirement_date_after_latest',
  'retirement_date_in_past',
  'below_minimum_pension_age',
  'lump_sum_out_of_range',
  'transfer_value_out_of_range',
  'residual_pension_out_of_range',
  'partial_transfer_not_allowed',
  'no_benefits',
  'wrong_scheme_kind',
  'option_not_eligible',
  'cash_now_out_of_range',
]);
