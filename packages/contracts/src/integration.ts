// The integration API (/api/integration): a scheme's administration system reads and works cases and
// pushes member data, signing in as an OAuth 2.0 client (client credentials).
import { z } from 'zod';
import { caseStatuses, documentReceivedSchema, requestDocumentSchema } from './operations';
import { apiErrorSchema } from './errors';

/** What a client may be allowed; a token carries some of its client's. */
export const integrationScopes = ['cases:read', 'cases:write', 'documents:read', 'members:write'] as const;
export const integrationScopeSchema = z.enum(integrationScopes);
export type IntegrationScope = z.infer<typeof integrationScopeSchema>;

/**
 * The token request (RFC 6749 4.4), form-encoded. Every field is optional here: what is missing or wrong
 * is answered in OAuth's error shape (invalid_request, invalid_client …), not by schema validation.
 */
export const tokenRequestSchema = z.object({
  grant_type: z.string().max(100).optional(),
  scope: z.string().max(500).optional(),
  client_id: z.string().max(100).optional(),
  client_secret: z.string().max(200).optional(),
});

export const tokenAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until it expires. */
  expires_in: z.number().int(),
  /** The scopes granted, space separated. */
  scope: z.string(),
});

/** RFC 6749 5.2's error, with the house `errors` list beside it for clients that read that. */
export const oauthErrorSchema = z.object({
  error: z.enum(['invalid_request', 'invalid_client', 'invalid_scope', 'unsupported_grant_type']),
  error_description: z.string(),
  errors: z.array(apiErrorSchema).min(1),
});

export const integrationCaseQuerySchema = z.object({
  status: z.enum(caseStatuses).optional(),
  type: z.string().trim().min(1).max(40).optional(),
  /** Cases changed at or after this instant (ISO 8601 with a zone, e.g. 2026-11-29T03:00:00Z). */
  updatedSince: z
    .string()
    .regex(/^(19\d\d|20\d\d|2100)-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/)
    .refine((value) => !Number.isNaN(Date.parse(value)), 'an instant that exists')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const integrationCaseSchema = z.object({
  caseNumber: z.string(),
  caseType: z.string(),
  title: z.string(),
  status: z.string(),
  businessGroup: z.string(),
  /** The member it is about; null for a visitor's case (a report of a death) not yet matched to one. */
  referenceNumber: z.string().nullable(),
  openedAt: z.string(),
  updatedAt: z.string(),
  closed: z.boolean(),
  documents: z.array(z.object({ name: z.string(), status: z.string() })),
});

export const integrationCaseListSchema = z.object({
  cases: z.array(integrationCaseSchema),
  /** The offset of the next page, null on the last one. Cases come oldest change first. */
  nextOffset: z.number().int().nullable(),
});

/** A status the case's state machine allows from where it stands, with the note the member reads. */
export const integrationStatusChangeSchema = z.object({
  status: z.enum(caseStatuses).exclude(['Received']),
  memberNote: z.string().trim().min(1).max(2000),
});

export const integrationDocumentRequestSchema = requestDocumentSchema;

/** A document the case lists, now received by the scheme (the console's "Mark received"). */
export const integrationDocumentReceivedSchema = documentReceivedSchema;

export const integrationDocumentParamsSchema = z.object({
  caseNumber: z.string().trim().min(1).max(40),
  documentId: z.uuid(),
});

/**
 * Member data changes as `npm run members:import` takes them (the same fields, checked the same way):
 * every member is saved or none is.
 */
export const integrationMemberPushSchema = z.object({
  businessGroup: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/),
  members: z.array(z.record(z.string(), z.unknown())).min(1).max(1000),
  /** Check and report what would change, writing nothing. */
  dryRun: z.boolean().default(false),
});

/** Rows of member data (service, salary, holding, price, contribution, valuation, charge, investment, payment, payroll, increase), as `members:import --data` takes them. */
export const integrationMemberDataPushSchema = z.object({
  businessGroup: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/),
  rows: z.array(z.record(z.string(), z.unknown())).min(1).max(5000),
  /** Check and report what would change, writing nothing. */
  dryRun: z.boolean().default(false),
});

export const integrationMemberDataPushAnswerSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  membersChanged: z.number().int(),
  paymentsAdded: z.number().int(),
  /** Pensioners' payroll records written (a held one replaced). */
  payrollsSet: z.number().int(),
  /** Past pension increases written (one held on the same day replaced). */
  increasesSet: z.number().int(),
});

export const integrationMemberPushAnswerSchema = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  bankAccountsChanged: z.number().int(),
});

/** The console's list of integration clients (administrators only). */
export const integrationClientListSchema = z.object({
  clients: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      tenantUrl: z.string(),
      scopes: z.array(z.string()),
      createdAt: z.string(),
      /** When it last took a token; null when never. */
      lastTokenAt: z.string().nullable(),
      disabledAt: z.string().nullable(),
      /** When a new secret was last issued; null when it still has its first. */
      secretRotatedAt: z.string().nullable(),
      /** Until when the secret before the last rotation is still accepted; null when none is (any more). */
      previousSecretUntil: z.string().nullable(),
    }),
  ),
});
export type IntegrationClientList = z.infer<typeof integrationClientListSchema>;

export const integrationClientParamsSchema = z.object({ clientId: z.uuid() });

/** A new client of a tenant's administration system, added in the console; its secret is answered once. */
export const newIntegrationClientSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter the system’s name')
    .max(120, 'The name must be 120 characters or fewer'),
  /** The tenant whose cases and members it reaches; for a tenant's administrator, their own (the default). */
  tenantUrl: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]{1,253}$/, 'Enter the scheme’s address, such as localhost')
    .optional(),
  scopes: z
    .array(integrationScopeSchema)
    .min(1, 'Choose at least one thing it may do')
    .max(integrationScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Choose each scope once'),
});
export type NewIntegrationClient = z.input<typeof newIntegrationClientSchema>;

/** The new client's id and secret, shown this once (only the secret's hash is kept). */
export const integrationClientAddedSchema = z.object({
  clientId: z.uuid(),
  tenantUrl: z.string(),
  secret: z.string(),
});
export type IntegrationClientAdded = z.infer<typeof integrationClientAddedSchema>;

/** What each scope lets a client do, as the console offers them. */
export const integrationScopeLabels: Record<IntegrationScope, string> = {
  'cases:read': 'Read cases and their documents',
  'cases:write': 'Change a case’s status and ask for documents',
  'documents:read': 'Download the documents members sent',
  'members:write': 'Push member data changes',
};

/** The most hours an old secret may keep working after a rotation (a week). */
export const INTEGRATION_SECRET_GRACE_HOURS_MAX = 168;

/** Issuing a client a new secret; the old one works for `graceHours` more (the server's setting unless given; 0 stops it at once). */
export const integrationSecretRotationSchema = z.object({
  graceHours: z
    .number()
    .int('Give the hours as a whole number')
    .min(0, 'Give 0 hours or more')
    .max(INTEGRATION_SECRET_GRACE_HOURS_MAX, `Give ${INTEGRATION_SECRET_GRACE_HOURS_MAX} hours or fewer`)
    .optional(),
});
export type IntegrationSecretRotation = z.input<typeof integrationSecretRotationSchema>;

/** The new secret, shown this once (only its hash is kept), and until when the old one still works. */
export const integrationSecretRotatedSchema = z.object({
  clientId: z.uuid(),
  secret: z.string(),
  /** Null when the old secret stopped at once (graceHours 0). */
  previousSecretUntil: z.string().nullable(),
});
export type IntegrationSecretRotated = z.infer<typeof integrationSecretRotatedSchema>;
