import type { z } from 'zod';
import { HttpError } from './http/client';
import { serviceProblem } from './service-problem';

/** A problem with one field: the id of the box it is about (the error summary links there) and its message. */
export interface FieldError {
  field: string;
  message: string;
}

/** Field ids as the forms name them: path segments joined by dashes (lines.0 → lines-0). */
export const fieldId = (path: readonly PropertyKey[]) => path.map(String).join('-');

/**
 * Checks a form's values with its contract schema (the one the server uses): the parsed value, or the
 * problems as GOV.UK error-summary entries, one per field.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; value: z.output<S> } | { ok: false; errors: FieldError[] } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const field = fieldId(issue.path);
    if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
  }
  return { ok: false, errors };
}

const codeMessages: Record<string, string> = {
  CONFIRMATION_TOKEN_INVALID_ERROR: 'The code is not right. Check the message we sent you and try again',
  CONFIRMATION_TOKEN_EXPIRED_ERROR: 'The code has expired. Ask for a new code',
  CONFIRMATION_ATTEMPTS_EXCEEDED_ERROR: 'You have entered a wrong code too many times. Ask for a new code',
  CONFIRMATION_RESEND_TOO_SOON_ERROR: 'Wait a little before asking for another code',
  bank_account_modulus_check_failed:
    'The sort code and account number do not match. Check them against your bank statement',
  bank_account_name_mismatch: 'The name on the account must include your surname',
  verified_email_required: 'Add your email address before changing your bank details',
  email_unchanged: 'This is already your email address. Enter a different one, or cancel',
  mobile_unchanged: 'This is already your mobile number. Enter a different one, or cancel',
  address_lookup_unavailable: 'We cannot look up addresses right now. Enter your address yourself',
  too_many_requests: 'Too many attempts. Wait a few minutes and try again',
  password_incorrect: 'The password is not right. Enter the password you sign in with',
  password_attempts_exceeded:
    'You have entered the wrong password too many times. Try again in an hour, or call us',
  no_stable_contact_route:
    'Your contact details changed recently, so we cannot send you a code safely. Call us to change your bank details',
  bank_change_pending:
    'You already have a change to your bank details waiting. Cancel it in Your details before giving different details',
};

/** Refusals that always concern one field, whichever field the form would otherwise blame. */
const codeFields: Record<string, string> = {
  bank_account_name_mismatch: 'accountName',
  password_incorrect: 'password',
  password_attempts_exceeded: 'password',
};

/** A server refusal as an error-summary entry on the field it concerns (`field` unless the code names one). */
export function serverError(error: unknown, field: string): FieldError {
  const code = error instanceof HttpError ? error.codes[0] : undefined;
  return {
    field: (code && codeFields[code]) || field,
    message:
      (code && codeMessages[code]) ||
      serviceProblem(error) ||
      'Sorry, there is a problem with the service. Try again later',
  };
}

export const errorFor = (errors: FieldError[], field: string) =>
  errors.find((error) => error.field === field)?.message;
