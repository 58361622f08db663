import { z } from 'zod';
import {
  emailChangeSchema,
  maskedBankAccountSchema,
  mobileChangeSchema,
  pendingCodeSchema,
} from './my-details';
import { codeChannels, codeRouteSchema } from './two-step';

const sixDigits = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, message);

/** The member's password, asked again before a contact route changes (a stolen session does not have it). */
export const passwordConfirmationSchema = z.object({
  password: z.string().min(1, 'Enter your password').max(200, 'Enter your password'),
});

export const emailChangeRequestSchema = z.intersection(emailChangeSchema, passwordConfirmationSchema);
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;

export const mobileChangeRequestSchema = z.intersection(mobileChangeSchema, passwordConfirmationSchema);
export type MobileChangeRequest = z.input<typeof mobileChangeRequestSchema>;

/** A contact change's two codes: one to the new route (it is theirs), one to the route on file (it is them). */
export const confirmContactChangeSchema = z.object({
  code: sixDigits('Enter the 6-digit code'),
  currentRouteCode: sixDigits('Enter the 6-digit code we sent to your current contact details').optional(),
});
export type ConfirmContactChange = z.input<typeof confirmContactChangeSchema>;

/** A pending change's code: where it went, by which channel, and where the second code went when there is one. */
export const pendingChangeSchema = pendingCodeSchema.extend({
  channel: z.enum(['email', 'sms', 'post']),
  /** Masked route on file that was sent the authorising code; null when the change needs one code. */
  currentRouteSentTo: z.string().nullable(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

/** What a confirmed bank change did: applied now, or waiting out the cooling-off period. */
export const bankChangeResultSchema = z.object({
  status: z.enum(['changed', 'pending']),
  /** When a pending change applies (ISO timestamp); null when it applied at once. */
  appliesAt: z.string().nullable(),
});
export type BankChangeResult = z.infer<typeof bankChangeResultSchema>;

export const pendingBankChangeSchema = z.object({
  account: maskedBankAccountSchema,
  requestedAt: z.string(),
  appliesAt: z.string(),
});
export type PendingBankChange = z.infer<typeof pendingBankChangeSchema>;

/**
 * How long a confirmed step-up code keeps the session trusted for the actions that ask for one (a
 * transfer application, and any journey whose definition sets `stepUpBeforeSubmit`).
 */
export const STEP_UP_FRESH_MINUTES = 15;

/** Whether the session proved it was the member lately, and until when that holds. */
export const stepUpStatusSchema = z.object({
  fresh: z.boolean(),
  /** ISO timestamp the last step-up stops counting; null when there has been none. */
  freshUntil: z.string().nullable(),
  /** The member has an authenticator app: step-up asks for its code first (only in GET /step-up). */
  authenticatorApp: z.boolean().optional(),
  /** The member has a passkey for this site: step-up offers it first (only in GET /step-up). */
  passkey: z.boolean().optional(),
  /**
   * The routes a step-up code may be sent to, to choose from (a settled email and mobile, masked); only
   * in GET /step-up.
   */
  codeRoutes: z.array(codeRouteSchema).optional(),
});
export type StepUpStatus = z.infer<typeof stepUpStatusSchema>;

/** Asking for a step-up code: optionally, which settled route it goes to (else the first of them). */
export const stepUpCodeRequestSchema = z
  .object({ channel: z.enum(codeChannels, { message: 'Choose whether to get a text or an email' }) })
  .partial();
export type StepUpCodeRequest = z.input<typeof stepUpCodeRequestSchema>;

export const stepUpConfirmSchema = z.object({ code: sixDigits('Enter the 6-digit code') });
export type StepUpConfirm = z.input<typeof stepUpConfirmSchema>;
