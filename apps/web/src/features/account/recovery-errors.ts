import { serverError, type FieldError } from '../../lib/form';
import { HttpError } from '../../lib/http/client';

/** The account's refusals in the member's words, on the field each concerns. */
const messages: Record<string, FieldError> = {
  CONFIRMATION_TOKEN_INVALID_ERROR: {
    field: 'code',
    message: 'The security code is not right or no longer works. Check it, or ask for a new one',
  },
};

/** Codes whose message the server words for the member (the password rule's reasons; a reused one says which). */
const worded = new Set([
  'password_too_short',
  'password_personal',
  'password_breached',
  'password_too_weak',
  'password_reused',
]);

export function recoveryError(error: unknown, field: string, passwordField = 'password'): FieldError {
  const code = error instanceof HttpError ? error.codes[0] : undefined;
  if (code && worded.has(code) && error instanceof HttpError) {
    return { field: passwordField, message: error.messages[0] ?? 'Choose a stronger password' };
  }
  return (code && messages[code]) || serverError(error, field);
}
