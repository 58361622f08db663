import { z } from 'zod';
import { safeString } from './input-policy';
import { journeyTypeParamsSchema } from './journeys';

/**
 * Reporting a death (areas/bereavement): a relative without an account starts the report with a
 * solved captcha (ALTCHA's proof of work, or reCAPTCHA or Turnstile by configuration), proves their email with a one-time code, uploads the death
 * certificate and sends it. Docs: docs/bereavement.md.
 */

/** An ALTCHA challenge as the widget reads it: its parameters and the server's signature. */
export const altchaChallengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string(),
});

/** The third-party captcha a site may use instead of ALTCHA (BEREAVEMENT_CAPTCHA_PROVIDER). */
export const captchaProviderSchema = z.enum(['recaptcha', 'turnstile']);
export type CaptchaProvider = z.infer<typeof captchaProviderSchema>;

/** With reCAPTCHA or Turnstile: the widget the browser draws, its public site key and its script. */
export const providerCaptchaSchema = z.object({
  provider: captchaProviderSchema,
  siteKey: z.string(),
  scriptUrl: z.string(),
});
export type ProviderCaptcha = z.infer<typeof providerCaptchaSchema>;

/** The start's captcha: an ALTCHA challenge, or which provider's widget to draw with what key. */
export const bereavementCaptchaChallengeSchema = z.union([altchaChallengeSchema, providerCaptchaSchema]);
export type BereavementCaptchaChallenge = z.infer<typeof bereavementCaptchaChallengeSchema>;

/** The start carries the widget's solution (its base64 payload). */
export const bereavementStartRequestSchema = z.object({
  captcha: z.string().min(1).max(4000),
});
export type BereavementStartRequest = z.infer<typeof bereavementStartRequestSchema>;

/**
 * The spec's `captcha-verify` answer: a pass the start takes in the captcha's place, once, until
 * `expiresAt` (the solution it was given is spent).
 */
export const bereavementCaptchaPassSchema = z.object({
  captcha: z.string(),
  expiresAt: z.string(),
});
export type BereavementCaptchaPass = z.infer<typeof bereavementCaptchaPassSchema>;

/**
 * The spec's `login` (payload: businessGroup): the start of the report under the scheme's business
 * group, which must be one of this site's, with the same solved captcha a start needs.
 */
export const bereavementLoginRequestSchema = bereavementStartRequestSchema.extend({
  businessGroup: z.string().regex(/^[A-Z0-9]{3}$/, '3 capital letters or digits'),
});
export type BereavementLoginRequest = z.infer<typeof bereavementLoginRequestSchema>;
export const bereavementLoginResponseSchema = z.object({ expiresAt: z.string() });

export { BEREAVEMENT_API_PREFIX, BEREAVEMENT_JOURNEY_TYPE } from './bereavement-paths';

/** A code was sent to the reporter's email answer (or one sent under 30 seconds ago still stands). */
export const bereavementEmailCodeSentSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
});
export type BereavementEmailCodeSent = z.infer<typeof bereavementEmailCodeSentSchema>;

/** The spec's `submit-email`: the code emailed to the reporter's address, typed back to prove it. */
export const bereavementSubmitEmailRequestSchema = z.object({
  emailConfirmationToken: z.string().regex(/^\s*\d{6}\s*$/, 'the 6-digit code from the email'),
});
export type BereavementSubmitEmailRequest = z.infer<typeof bereavementSubmitEmailRequestSchema>;

/** A document the reporter uploaded into their report (the death certificate and others). */
export const bereavementDocumentSchema = z.object({
  fileUuid: z.uuid(),
  filename: z.string(),
  documentType: z.string(),
  sizeBytes: z.number().int(),
});
export type BereavementDocument = z.infer<typeof bereavementDocumentSchema>;

/** What a document is (the death certificate, a will), as the reporter or the page that asked names it. */
export const bereavementDocumentTypeSchema = safeString().trim().min(1).max(60);
export const bereavementDocumentUpdateSchema = z.object({ documentType: bereavementDocumentTypeSchema });
export const bereavementDocumentParamsSchema = journeyTypeParamsSchema.extend({ id: z.uuid() });
