// The scheme's operations console (/admin) and its API (/admin-api): staff sign-in and case work.
import { z } from 'zod';
import { pageQueryShape, pageShape } from './paging';

export const staffRoleSchema = z.enum([
  'caseworker',
  'team_leader',
  'content_editor',
  'auditor',
  'administrator',
]);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffRoleNames: Record<StaffRole, string> = {
  caseworker: 'Caseworker',
  team_leader: 'Team leader',
  content_editor: 'Content editor',
  auditor: 'Auditor',
  administrator: 'Administrator',
};

const text = (max: number) => z.string().trim().min(1).max(max);

export const staffSignInSchema = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(200),
});

/** After the password: a code from the authenticator app, or (first sign-in) the secret to add to it. */
export const staffSignInAnswerSchema = z.object({
  next: z.literal('code'),
  /** Present only at the first sign-in, when no authenticator app has been set up yet. */
  enrolment: z.object({ secret: z.string(), otpauthUri: z.string() }).nullable(),
});

export const staffCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

export const staffMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** Null for an administrator firm's staff, who work every tenant's cases. */
  tenantUrl: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * A case's statuses, as the member reads them in My requests, and the moves staff may make between
 * them. Completed and rejected end a case. A status the machine does not know (set by an older
 * version or the case:update command) moves as In progress does.
 */
export const caseStatuses = [
  'Received',
  'In progress',
  'Waiting for you',
  'Waiting for someone else',
  'Completed',
  'Rejected',
] as const;
export type CaseStatus = (typeof caseStatuses)[number];

/** The case queue's status filter: a group of statuses (closed: completed or rejected), or one status. */
export const caseQueueStatusFilters = ['open', 'closed', 'all', ...caseStatuses] as const;
export type CaseQueueStatusFilter = (typeof caseQueueStatusFilters)[number];

export const caseQueueQuerySchema = z.object({
  type: z.string().trim().min(1).max(40).optional(),
  status: z.enum(caseQueueStatusFilters).default('open'),
  tenant: z.string().trim().min(1).max(200).optional(),
  /** `me`, `none` (waiting in the queue) or a member of staff's id. */
  assignee: z.union([z.literal('me'), z.literal('none'), z.uuid()]).optional(),
  /** Cases at least this many days old. */
  minAgeDays: z.coerce.number().int().min(0).max(3650).optional(),
  ...pageQueryShape,
});

export const queuedCaseSchema = z.object({
  caseNumber: z.string(),
  caseType: z.string(),
  title: z.string(),
  status: z.string(),
  businessGroup: z.string(),
  /** The member it is about; null for a visitor's case (a report of a death) not yet matched to one. */
  referenceNumber: z.string().nullable(),
  memberName: z.string().nullable(),
  openedAt: z.string(),
  ageDays: z.number().int(),
  /** The day it must be done by (YYYY-MM-DD) and the rule that set it. */
  deadline: z.string(),
  deadlineRule: z.string(),
  overdue: z.boolean(),
  closed: z.boolean(),
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type QueuedCase = z.infer<typeof queuedCaseSchema>;

/** One page of the queue (overdue first, then by deadline, then oldest) and how many cases match in all. */
export const caseQueueSchema = z.object({ cases: z.array(queuedCaseSchema), ...pageShape });
export type CaseQueue = z.infer<typeof caseQueueSchema>;

/**
 * What the queue's filters offer the staff member: the case types of the cases in their scope, each
 * with the title its cases carry, and the tenants (scheme sites) they may see.
 */
export const caseQueueOptionsSchema = z.object({
  caseTypes: z.array(z.object({ caseType: z.string(), name: z.string() })),
  tenants: z.array(z.object({ tenantUrl: z.string(), name: z.string() })),
});
export type CaseQueueOptions = z.infer<typeof caseQueueOptionsSchema>;

/** The statuses staff set with a note (completing and rejecting have their own actions). */
export const workingStatuses = ['In progress', 'Waiting for you', 'Waiting for someone else'] as const;

export const caseMoves: Record<CaseStatus, readonly CaseStatus[]> = {
  Received: ['In progress', 'Waiting for you', 'Rejected'],
  'In progress': ['Waiting for you', 'Waiting for someone else', 'Completed', 'Rejected'],
  'Waiting for you': ['In progress', 'Rejected'],
  'Waiting for someone else': ['In progress', 'Rejected'],
  Completed: [],
  Rejected: [],
};

/** Where a case in this status may go next. */
export const movesFrom = (status: string): readonly CaseStatus[] =>
  caseMoves[(caseStatuses as readonly string[]).includes(status) ? (status as CaseStatus) : 'In progress'];

/** How staff read a status (the member reads the status itself). */
export const staffStatusText: Record<CaseStatus, string> = {
  Received: 'Received',
  'In progress': 'In progress',
  'Waiting for you': 'Waiting for the member',
  'Waiting for someone else': 'Waiting for someone else (a third party)',
  Completed: 'Completed',
  Rejected: 'Rejected',
};

/**
 * Who acted on a case, as its timeline says: a member of `staff`, the scheme's administration system
 * (`integration`, its client named), an operator's `command` standing in for it (npm run case:update),
 * the `member`, a `visitor` who sent the case without signing in, or the portal itself (`system`).
 */
export const caseActors = ['staff', 'integration', 'command', 'member', 'visitor', 'system'] as const;

export const caseEventSchema = z.object({
  at: z.string(),
  actor: z.enum(caseActors),
  kind: z.enum([
    'opened',
    'submitted_document',
    'assigned',
    'status',
    'note',
    'completed',
    'rejected',
    'document_received',
    'document_requested',
    /** The member sent a document the case asked for, from My requests. */
    'document_uploaded',
  ]),
  by: z.string(),
  status: z.string().nullable(),
  note: z.string().nullable(),
  memberNote: z.string().nullable(),
});

export const caseAnswerSchema = z.object({ question: z.string(), answer: z.string() });

export const caseDetailSchema = z.object({
  case: queuedCaseSchema.extend({
    memberNote: z.string().nullable(),
    journeyType: z.string().nullable(),
    /**
     * Who sent it: `Member`, or for a visitor's case (a report of a death, a callback request) the name
     * or email address they gave, "(not signed in)", such as "Jo Pendle (not signed in)".
     */
    sentBy: z.string(),
    /** Where the case may move next (empty once it is completed or rejected). */
    allowedMoves: z.array(z.enum(caseStatuses)),
  }),
  member: z
    .object({
      name: z.string(),
      dateOfBirth: z.string(),
      insuranceNumber: z.string().nullable(),
      status: z.string(),
      schemeCode: z.string(),
      email: z.string().nullable(),
    })
    .nullable(),
  answers: z.array(caseAnswerSchema),
  documents: z.array(
    z.object({
      name: z.string(),
      status: z.enum(['outstanding', 'received', 'complete']),
      /** The member sent it themselves (My requests); false when staff marked it received. */
      byUpload: z.boolean(),
    }),
  ),
  /**
   * The files sent with the case, oldest first: the member's documents, or for a case a visitor opened
   * the files they sent with it (a report of a death's death certificate); each opens by its id.
   */
  files: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      /** What it is, such as "Death certificate". */
      type: z.string(),
      mediaType: z.string(),
      sizeBytes: z.number().int(),
      /** When it was uploaded. */
      receivedAt: z.string(),
    }),
  ),
  hasSummaryPdf: z.boolean(),
  timeline: z.array(caseEventSchema),
  /**
   * For a transfer application: the day the scheme must pay by (6 months from the guarantee date) and
   * the days left to it today, in UTC days (0 on the day and after); the PDF keeps the count of the day
   * it was sent. Null for any other case.
   */
  transferPayment: z.object({ payBy: z.string(), daysLeft: z.number().int().min(0) }).nullable(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseNumberParamsSchema = z.object({ caseNumber: z.string().trim().min(1).max(40) });

export const assignCaseSchema = z.object({
  /** `me`, a member of staff's id, or null to put it back in the queue. */
  to: z.union([z.literal('me'), z.uuid(), z.null()]),
});

export const changeStatusSchema = z.object({
  status: z.enum(workingStatuses),
  /** What the member reads in My requests. */
  memberNote: text(2000),
});

export const caseNoteSchema = z.object({ note: text(4000) });

export const completeCaseSchema = z.object({ memberNote: text(2000) });

export const rejectCaseSchema = z.object({
  /** The reason, which the member reads in My requests. */
  reason: text(2000),
});

/** A document the case lists, now received (its name as the case lists it). */
export const documentReceivedSchema = z.object({ document: text(120) });

/** Ask the member for another document, with a message they read in My requests. */
export const requestDocumentSchema = z.object({ document: text(120), memberNote: text(2000) });

/** Member search: any of the four, together narrowing it; at least one. */
export const memberSearchQuerySchema = z.object({
  reference: z.string().trim().min(1).max(20).optional(),
  name: z.string().trim().min(2).max(100).optional(),
  insuranceNumber: z.string().trim().min(2).max(13).optional(),
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

export const memberSearchResultSchema = z.object({
  members: z.array(
    z.object({
      businessGroup: z.string(),
      referenceNumber: z.string(),
      name: z.string(),
      dateOfBirth: z.string(),
      insuranceNumber: z.string().nullable(),
      status: z.string(),
    }),
  ),
});
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;

/** A page of the photo IDs waiting to be checked, oldest first, and how many wait in all. */
export const identityCheckListSchema = z.object({
  checks: z.array(
    z.object({
      businessGroup: z.string(),
      referenceNumber: z.string(),
      memberName: z.string().nullable(),
      sentAt: z.string(),
      documentId: z.uuid().nullable(),
      documentName: z.string().nullable(),
    }),
  ),
  ...pageShape,
});
export type IdentityCheckList = z.infer<typeof identityCheckListSchema>;

/** A page of the photo IDs waiting to be checked. */
export const identityCheckQuerySchema = z.object(pageQueryShape);

export const memberRecordParamsSchema = z.object({
  businessGroup: z.string().trim().min(1).max(10),
  referenceNumber: z.string().trim().min(1).max(20),
});

/** Confirm the photo ID, or refuse it with the reason the member reads. */
export const identityDecisionSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('verified') }),
  z.object({ outcome: z.literal('failed'), reason: text(1000) }),
]);

export * from './console-work';
