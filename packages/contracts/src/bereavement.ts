import { z } from 'zod';

/**
 * Reporting a death (areas/bereavement): a relative without an account starts the report with a
 * solved proof-of-work captcha (ALTCHA), proves their email with a one-time code, uploads the death
 * certificate and sends it. Docs: docs/bereavement.md.
 */

/** An ALTCHA challenge as the widget reads it: its parameters and the server's signature. */
export const bereavementCaptchaChallengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string(),
});

/** The start carries the widget's solution (its base64 payload). */
export const bereavementStartRequestSchema = z.object({
  captcha: z.string().min(1).max(4000),
});
export type BereavementStartRequest = z.infer<typeof bereavementStartRequestSchema>;

/** The report's journey type (its pages are each tenant's content) and the API it is walked on. */
export const BEREAVEMENT_JOURNEY_TYPE = 'bereavement';
export const BEREAVEMENT_API_PREFIX = '/api/bereavement';

/** A code was sent to the reporter's email answer (or one sent under 30 seconds ago still stands). */
export const bereavementEmailCodeSentSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
});
export type BereavementEmailCodeSent = z.infer<typeof bereavementEmailCodeSentSchema>;
