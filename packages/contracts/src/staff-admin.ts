// Administrators' pages of the console (issue 43): staff accounts (/admin/staff, /admin-api/staff-accounts)
// and webhook receivers (/admin/webhook-receivers, /admin-api/webhook-receivers); and the set-up step
// a new member of staff takes from the link emailed to them (/admin/set-up, /admin-api/set-up).
import { z } from 'zod';
import { staffRoleSchema } from './operations';

const tenantUrl = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]{1,253}$/, 'Enter the scheme’s address, such as localhost');

export const staffAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** Null for an administrator firm's staff, who work every tenant. */
  tenantUrl: z.string().nullable(),
  /** When they last signed in (any way); null when never. */
  lastSignInAt: z.string().nullable(),
  /** Whether an authenticator app or a passkey is set up. */
  secondFactor: z.boolean(),
  /** Whether the set-up link sent to them is still waiting to be used. */
  setupPending: z.boolean(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffAccountListSchema = z.object({ accounts: z.array(staffAccountSchema) });
export type StaffAccountList = z.infer<typeof staffAccountListSchema>;

export const staffAccountParamsSchema = z.object({ staffId: z.uuid() });

/** A new member of staff: they are emailed a link to set their password, then set up their sign-in. */
export const newStaffAccountSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter their full name')
    .max(120, 'Their name must be 120 characters or fewer'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Their email address must be 254 characters or fewer')
    .pipe(z.email('Enter an email address in the correct format, like name@example.com')),
  role: staffRoleSchema,
  /** The tenant they work; null for every tenant (only an administrator of every tenant may give it). */
  tenantUrl: tenantUrl.nullable(),
});
export type NewStaffAccount = z.input<typeof newStaffAccountSchema>;

export const staffRoleChangeSchema = z.object({ role: staffRoleSchema });
export type StaffRoleChange = z.infer<typeof staffRoleChangeSchema>;

/** Until when the set-up link sent to a new member of staff works. */
export const staffAccountAddedSchema = z.object({ id: z.uuid(), setupExpiresAt: z.string() });

/** The set-up step: the token from the emailed link and the password they choose. */
export const staffSetUpSchema = z.object({
  token: z.string().trim().min(20).max(200),
  password: z.string().min(1, 'Enter a password').max(200, 'Your password must be 200 characters or fewer'),
});
export type StaffSetUp = z.infer<typeof staffSetUpSchema>;
export const staffSetUpDoneSchema = z.object({ email: z.string() });

export const webhookEventNames = [
  'case.opened',
  'case.status_changed',
  'case.completed',
  'case.document_added',
  'case.document_received',
  'case.assigned',
  'case.document_requested',
] as const;
export const webhookEventSchema = z.enum(webhookEventNames);
export const webhookEventLabels: Record<(typeof webhookEventNames)[number], string> = {
  'case.opened': 'A case is opened',
  'case.status_changed': 'A case changes status',
  'case.completed': 'A case is completed or rejected',
  'case.document_added': 'A file is sent with a case',
  'case.document_received': 'A document a case lists is marked received',
  'case.assigned': 'A case is assigned, or returned to the queue',
  'case.document_requested': 'A document is asked of the member',
};

/**
 * What every delivery's JSON body carries (docs/operations.md#webhooks): the case by its number and
 * ids, never the member's details; the administration system reads the rest through the integration API.
 */
const webhookCaseFields = {
  /** The delivery's id, the same on every retry (also the Meridian-Delivery header). */
  id: z.uuid(),
  caseNumber: z.string(),
  caseType: z.string(),
  /** The case's status when the event happened. */
  status: z.string(),
  businessGroup: z.string(),
  /** The member record; null for a report of a death or a callback request not matched to one. */
  referenceNumber: z.string().nullable(),
  /** When it happened: an ISO 8601 instant in UTC, such as 2026-11-30T09:15:02.120Z. */
  occurredAt: z.string(),
};

/** Each event's body, by its `event`: the three case events of migration 0035, those of 0049 and 0051's. */
export const webhookDeliveryBodySchemas = {
  'case.opened': z.object({ event: z.literal('case.opened'), ...webhookCaseFields }),
  'case.status_changed': z.object({ event: z.literal('case.status_changed'), ...webhookCaseFields }),
  'case.completed': z.object({ event: z.literal('case.completed'), ...webhookCaseFields }),
  'case.document_added': z.object({
    event: z.literal('case.document_added'),
    ...webhookCaseFields,
    /** The file sent, one delivery a file: GET /api/integration/v1/cases/{caseNumber}/documents/{fileId}. */
    fileId: z.uuid(),
  }),
  'case.document_received': z.object({
    event: z.literal('case.document_received'),
    ...webhookCaseFields,
    /** The name of the document as the case lists it (the scheme's name for it, never a file's name). */
    document: z.string(),
  }),
  'case.assigned': z.object({
    event: z.literal('case.assigned'),
    ...webhookCaseFields,
    /** The member of staff it went to; null when it went back to the queue. */
    assigneeId: z.uuid().nullable(),
  }),
  'case.document_requested': z.object({
    event: z.literal('case.document_requested'),
    ...webhookCaseFields,
    /** The document asked of the member, as the case now lists it (outstanding); the message they read is the case's note. */
    document: z.string(),
  }),
} satisfies Record<(typeof webhookEventNames)[number], z.ZodType>;

export const webhookReceiverSchema = z.object({
  id: z.uuid(),
  tenantUrl: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  active: z.boolean(),
  createdAt: z.string(),
  /** The latest delivery to it: when, and where it stands (the job's status); null when none yet. */
  lastDelivery: z
    .object({
      at: z.string(),
      status: z.string(),
      /** The receiver's HTTP status at the last try; null when it could not be reached. */
      responseStatus: z.number().int().nullable(),
    })
    .nullable(),
});
export type WebhookReceiver = z.infer<typeof webhookReceiverSchema>;

export const webhookReceiverListSchema = z.object({ receivers: z.array(webhookReceiverSchema) });
export type WebhookReceiverList = z.infer<typeof webhookReceiverListSchema>;

export const webhookReceiverParamsSchema = z.object({ receiverId: z.uuid() });

export const newWebhookReceiverSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the receiver’s address')
    .max(2000, 'The address must be 2,000 characters or fewer'),
  events: z
    .array(webhookEventSchema)
    .min(1, 'Choose at least one event')
    .max(webhookEventNames.length)
    .refine((events) => new Set(events).size === events.length, 'Choose each event once'),
  /** The tenant whose case events it takes; for a tenant's administrator, their own (the default). */
  tenantUrl: tenantUrl.optional(),
});
export type NewWebhookReceiver = z.input<typeof newWebhookReceiverSchema>;

/** The signing secret, shown this once (kept sealed). */
export const webhookReceiverSecretSchema = z.object({ id: z.uuid(), secret: z.string() });
export type WebhookReceiverSecret = z.infer<typeof webhookReceiverSecretSchema>;

/** A receiver's new signing secret, shown this once, and until when the old one still signs beside it. */
export const webhookReceiverRotatedSchema = webhookReceiverSecretSchema.extend({
  /** Null when the old secret stopped at once (graceHours 0). */
  previousSecretUntil: z.string().nullable(),
});
export type WebhookReceiverRotated = z.infer<typeof webhookReceiverRotatedSchema>;
