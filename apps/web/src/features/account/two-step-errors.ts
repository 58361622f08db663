import { serverError, type FieldError } from '../../lib/form';
import { HttpError } from '../../lib/http/client';

/** Two-step refusals the server words for the member: its message is shown as it is. */
const worded = new Set([
  'two_step_code_invalid',
  'two_step_setup_expired',
  'two_step_setup_not_found',
  'two_step_already_on',
  'two_step_paused',
  'two_step_required',
  'two_step_off',
  'sign_in_challenge_invalid',
  'no_code_route',
  'CONFIRMATION_TOKEN_INVALID_ERROR',
  'CONFIRMATION_TOKEN_EXPIRED_ERROR',
  'CONFIRMATION_ATTEMPTS_EXCEEDED_ERROR',
]);

/** A two-step refusal on the field it concerns (a wrong password on the password field). */
export function twoStepError(error: unknown, field: string): FieldError {
  const code = error instanceof HttpError ? error.codes[0] : undefined;
  if (code && worded.has(code) && error instanceof HttpError)
    return { field, message: error.messages[0] ?? 'This code is not right' };
  return serverError(error, field);
}

export const errorCodeOf = (error: unknown) => (error instanceof HttpError ? error.codes[0] : undefined);
