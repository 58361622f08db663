import { z } from 'zod';

/** How a member's identity is checked: a photo ID the scheme looks at, or a verification provider. */
export const identityVerificationMethodSchema = z.enum(['embedded', 'provider']);
export const identityVerificationStatusSchema = z.enum(['not_started', 'pending', 'verified', 'failed']);
export type IdentityVerificationStatus = z.infer<typeof identityVerificationStatusSchema>;

/** Where the signed-in member's identity check stands. */
export const identityVerificationSchema = z.object({
  method: identityVerificationMethodSchema,
  status: identityVerificationStatusSchema,
  /** The photo ID sent, for the embedded method. */
  documentName: z.string().nullable(),
  startedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why the scheme could not confirm it, when it said. */
  reason: z.string().nullable().optional(),
});
export type IdentityVerification = z.infer<typeof identityVerificationSchema>;

/** Starts (or restarts after a failure) a check: the embedded method needs an uploaded photo ID. */
export const identityVerificationStartSchema = z.object({
  /** A document the member uploaded with `journeyType: identity`. */
  fileUuid: z.uuid().optional(),
});
