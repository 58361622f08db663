import { z } from 'zod';
import { pendingCodeSchema } from './my-details';

/**
 * Two-step verification: an authenticator app (TOTP, RFC 6238, 6 digits every 30 seconds), ten
 * single-use recovery codes, and a code to the email or mobile on file as the fallback at sign-in.
 * Docs: docs/security.md "Two-step verification".
 */
export const RECOVERY_CODE_COUNT = 10;
/** Minutes a started setup waits for its first code before the member must start again. */
export const TWO_STEP_SETUP_MINUTES = 15;
/** Minutes a sign-in whose password was right waits for the second factor. */
export const SIGN_IN_CHALLENGE_MINUTES = 10;

/** Six digits, as the app shows them (a space in the middle is allowed). */
const appCode = z
  .string()
  .trim()
  .regex(/^\d{3} ?\d{3}$/, 'Enter the 6-digit code from your authenticator app');

/** A recovery code as printed (`abcde-fghjk`), forgiving case, spaces and the hyphen. */
export const recoveryCodeInputSchema = z
  .string()
  .trim()
  .min(1, 'Enter a recovery code')
  .max(40, 'Enter a recovery code as it was given to you, like abcde-23456');

export const twoStepSetupSchema = z.object({
  /** The secret for typing into the app, in groups of four. */
  secret: z.string(),
  /** The otpauth:// address as a QR code, an SVG image. */
  qrCodeSvg: z.string(),
  expiresAt: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const appCodeSchema = z.object({ code: appCode });
export type AppCode = z.input<typeof appCodeSchema>;

export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const regenerateRecoveryCodesSchema = z.object({
  password: z.string().min(1, 'Enter your password').max(200, 'Enter your password'),
});

/** Turning two-step off: the password, and a code from the app or a recovery code. */
export const twoStepOffSchema = z.object({
  password: z.string().min(1, 'Enter your password').max(200, 'Enter your password'),
  code: z
    .string()
    .trim()
    .min(1, 'Enter a code from your authenticator app or a recovery code')
    .max(40, 'Enter a code from your authenticator app or a recovery code'),
});
export type TwoStepOff = z.input<typeof twoStepOffSchema>;

/** The member's two-step verification as Sign-in and security shows it. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The tenant requires it: it cannot be turned off. */
  required: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** The ways a code can be sent instead of the app's: a text to the mobile or an email, to the details on file. */
export const codeChannels = ['sms', 'email'] as const;
export type CodeChannel = (typeof codeChannels)[number];

/** A contact route on file a code can go to, as the member is shown it (masked). */
export const codeRouteSchema = z.object({
  channel: z.enum(codeChannels),
  /** `j•••@example.com`, or `your mobile •••• 0123`. */
  sentTo: z.string(),
});
export type CodeRoute = z.infer<typeof codeRouteSchema>;

/** Answer to a right password when the account has two-step on: the sign-in waits for the second factor. */
export const secondFactorChallengeSchema = z.object({
  secondFactor: z.object({
    challenge: z.string(),
    expiresAt: z.string(),
    /** Where "send a code instead" would go (masked); null when there is no email or mobile on file. */
    fallbackSentTo: z.string().nullable(),
    /**
     * Every route on file the member may choose for that code (the email, the mobile), masked; empty
     * when there is none, and for a capped sign-in.
     */
    fallbackRoutes: z.array(codeRouteSchema),
    /**
     * Asked because the account's failed-password cap stopped this browser: every capped name gets
     * it, an account with two-step on, one without and none alike (issue 41).
     */
    underCap: z.literal(true).optional(),
  }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

export const secondFactorMethods = ['app', 'recovery', 'sent'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

export const secondFactorAnswerSchema = z.discriminatedUnion('method', [
  z.object({ challenge: z.string().min(20).max(100), method: z.literal('app'), code: appCode }),
  z.object({
    challenge: z.string().min(20).max(100),
    method: z.literal('recovery'),
    code: recoveryCodeInputSchema,
  }),
  z.object({
    challenge: z.string().min(20).max(100),
    method: z.literal('sent'),
    nonce: z.string().max(100),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you'),
  }),
]);
export type SecondFactorAnswer = z.input<typeof secondFactorAnswerSchema>;

export const secondFactorSendSchema = z.object({
  challenge: z.string().min(20).max(100),
  /** Where to send it, of the routes on file; without it, the email, else the mobile. */
  channel: z.enum(codeChannels, { message: 'Choose whether to get a text or an email' }).optional(),
});
export type SecondFactorSend = z.input<typeof secondFactorSendSchema>;

/** A sign-in code sent to the route on file instead of the app. */
export const sentSignInCodeSchema = pendingCodeSchema.extend({
  channel: z.enum(['email', 'sms']),
  sentTo: z.string(),
});
export type SentSignInCode = z.infer<typeof sentSignInCodeSchema>;
