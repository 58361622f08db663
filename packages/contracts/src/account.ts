import { z } from 'zod';
import { twoStepStatusSchema } from './two-step';
import { safeDate } from './input-policy';
import { newPasswordSchema } from './registration';

/**
 * The account's own pages: forgotten password and username, change password, where you are signed in.
 * The password rule is here once, for the server and the browser alike: both build the same scorer
 * (zxcvbn-ts with its common and English dictionaries, passed in so this package does not carry them)
 * and judge with `judgePassword`. Docs: docs/security.md "Your account".
 */

/** zxcvbn's score (0 to 4) a new password needs: 3 is "safely unguessable" in its terms. */
export const PASSWORD_MIN_SCORE = 3;

export const passwordScoreLabels = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/** As much of zxcvbn-ts's result as the rule reads. */
export interface PasswordScore {
  score: number;
  feedback: { warning: string | null; suggestions: string[] };
  /** The parts the password was read as: a dictionary part names its list and holds the text it covers. */
  sequence?: readonly { token: string; dictionaryName?: string }[];
}

/**
 * zxcvbn-ts's list of common passwords (`@zxcvbn-ts/language-common`), drawn from passwords seen in data
 * breaches: a password that is one of them whole, in any case or with l33t or reversed, is breached.
 */
export const BREACHED_PASSWORDS_LIST = 'passwords-common';

export interface PasswordScorer {
  check(password: string, userInputs?: (string | number)[]): PasswordScore;
}

/** zxcvbn-ts options from its language packages: the same dictionaries on the server and in the browser. */
export function passwordScorerOptions<
  Common extends { dictionary: Record<string, string[]>; adjacencyGraphs: unknown },
  English extends { dictionary: Record<string, string[]>; translations: unknown },
>(common: Common, english: English) {
  return {
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs as Common['adjacencyGraphs'],
    translations: english.translations as English['translations'],
  };
}

/** What the password must not be built from: the member's own name, username, reference and date of birth. */
export interface PersonalDetailsForPassword {
  forenames?: string | null;
  surname?: string | null;
  username?: string | null;
  referenceNumber?: string | null;
  /** YYYY-MM-DD */
  dateOfBirth?: string | null;
}

/** The member's details as zxcvbn user inputs, lower case, with the date of birth as people write it. */
export function personalPasswordInputs(details: PersonalDetailsForPassword): string[] {
  const words = [details.forenames, details.surname, details.username, details.referenceNumber]
    .flatMap((value) => (value ?? '').toLowerCase().split(/\s+/))
    .filter((word) => word.length >= 3);
  const dob = /^(\d{4})-(\d{2})-(\d{2})$/.exec(details.dateOfBirth ?? '');
  const dates = dob
    ? [`${dob[3]}${dob[2]}${dob[1]}`, `${dob[3]}${dob[2]}${dob[1]!.slice(2)}`, `${dob[1]}${dob[2]}${dob[3]}`]
    : [];
  return [...new Set([...words, ...dates])];
}

export type PasswordJudgement =
  | { ok: true; score: number }
  | {
      ok: false;
      score: number;
      code: 'password_too_short' | 'password_personal' | 'password_breached' | 'password_too_weak';
      reason: string;
    };

/**
 * Whether a new password will do: 12 characters or more, none of the member's own details in it, not
 * wholly a password of the breached list (BREACHED_PASSWORDS_LIST), and a zxcvbn score of
 * PASSWORD_MIN_SCORE or more with those details as user inputs. The reason says why not.
 */
export function judgePassword(
  scorer: PasswordScorer,
  password: string,
  userInputs: string[],
): PasswordJudgement {
  const { score, feedback, sequence } = scorer.check(password, userInputs);
  if (!newPasswordSchema.safeParse(password).success) {
    return {
      ok: false,
      score,
      code: 'password_too_short',
      reason: 'Your password must be 12 characters or more, not counting spaces at the start or end',
    };
  }
  const lower = password.toLowerCase();
  if (userInputs.some((input) => input.length >= 3 && lower.includes(input))) {
    return {
      ok: false,
      score,
      code: 'password_personal',
      reason: 'Your password must not contain your name, username, reference number or date of birth',
    };
  }
  const whole = password.trim();
  const breached = (sequence ?? []).some(
    (part) => part.dictionaryName === BREACHED_PASSWORDS_LIST && part.token === whole,
  );
  if (breached) {
    return {
      ok: false,
      score,
      code: 'password_breached',
      reason:
        'This password has appeared in data breaches, so it would be easy to guess. Choose a different password: a few unrelated words make a strong one',
    };
  }
  if (score < PASSWORD_MIN_SCORE) {
    const why = feedback.warning ?? feedback.suggestions[0] ?? 'It would be easy to guess.';
    return {
      ok: false,
      score,
      code: 'password_too_weak',
      reason: `Your password is too easy to guess. ${why} A few unrelated words make a strong password`,
    };
  }
  return { ok: true, score };
}

const account = z
  .string()
  .trim()
  .min(1, 'Enter your username or email address')
  .max(254, 'Enter your username or email address');

/** Forgotten password, first step: the username or the email address we hold. */
export const passwordResetStartSchema = z.object({ account });
export type PasswordResetStart = z.infer<typeof passwordResetStartSchema>;

/** Forgotten password, second step: the code sent to the contact details on file and the new password. */
export const passwordResetConfirmSchema = z.object({
  account,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit security code'),
  password: newPasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** Forgotten username: the details a member has from their statement and their own papers. */
export const usernameReminderSchema = z.object({
  referenceNumber: z
    .string()
    .trim()
    .regex(/^\d{4,10}$/, 'Enter your reference number, using digits only'),
  dateOfBirth: safeDate('Enter your date of birth as a real date, for example 27 3 1964'),
  insuranceNumber: z
    .string()
    .trim()
    .regex(
      /^[A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D]$/i,
      'Enter a National Insurance number in the correct format',
    ),
});
export type UsernameReminder = z.infer<typeof usernameReminderSchema>;

/** Change password, signed in. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200, 'Enter your current password'),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** The one answer to a forgotten password or username, whether or not the details match an account. */
export const recoveryAcceptedSchema = z.object({ accepted: z.literal(true) });

export const signedInSessionSchema = z.object({
  id: z.uuid(),
  /** For example "Chrome on Windows"; "Unknown browser" when the browser did not say. */
  device: z.string(),
  /** Approximate, from the address alone: "This network", "Local network" or the address shortened. */
  place: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signInEventSchema = z.object({
  occurredAt: z.string(),
  outcome: z.enum(['succeeded', 'failed', 'locked']),
  method: z.string(),
  device: z.string(),
  place: z.string(),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;

/** Sign-ins shown at a time on Sign-in and security; older ones of the 90 days come a page at a time. */
export const SIGN_INS_PER_PAGE = 20;

/** Where the next page of older sign-ins starts (the last one shown, opaque to the browser); null when none. */
export const olderSignInsSchema = z.uuid().nullable();

export const signInPageQuerySchema = z.object({
  before: z.uuid({ message: 'Show older sign-ins from the list on the page' }),
});
export type SignInPageQuery = z.infer<typeof signInPageQuerySchema>;

/** A page of older sign-ins of the last 90 days, newest first. */
export const signInPageSchema = z.object({
  signIns: z.array(signInEventSchema),
  olderSignIns: olderSignInsSchema,
});
export type SignInPage = z.infer<typeof signInPageSchema>;

/** The Sign-in and security page: the username, what a new password must avoid, sessions and recent sign-ins. */
export const accountSecuritySchema = z.object({
  username: z.string(),
  /** The member's own details as the password rule's user inputs, so the browser scores as the server does. */
  passwordInputs: z.array(z.string()),
  sessions: z.array(signedInSessionSchema),
  recentSignIns: z.array(signInEventSchema),
  olderSignIns: olderSignInsSchema,
  twoStep: twoStepStatusSchema,
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;
