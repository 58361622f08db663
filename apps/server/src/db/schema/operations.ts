// The scheme's operations console: staff, their sessions, their audit trail and case work.
import { bigint, boolean, index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CaseDeadlines } from '@meridian/contracts';
import { createdAt } from './columns';
import { portal } from './namespaces';

export const staffRoles = [
  'caseworker',
  'team_leader',
  'content_editor',
  'auditor',
  'administrator',
] as const;

/** Scheme staff: apart from members, signing in with a password and an authenticator-app code. */
export const staffAccounts = portal.table('staff_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower case; the sign-in name. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: staffRoles }).notNull(),
  /** The tenant whose cases they work; null for an administrator firm's staff, who work every tenant's. */
  tenantUrl: text('tenant_url'),
  passwordHash: text('password_hash').notNull(),
  /** Base32 TOTP secret; enrolled once the first code from it has been accepted. */
  totpSecret: text('totp_secret'),
  totpEnrolled: boolean('totp_enrolled').notNull().default(false),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /**
   * An account an administrator added in the console: the SHA-256 of the one-time set-up token emailed
   * to the new member of staff (who sets their password with it), and when it stops working.
   */
  setupTokenHash: text('setup_token_hash').unique(),
  setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A staff sign-in: `password` once the password was right (waiting for the code), `signed_in` after.
 * The cookie holds a random token; only its SHA-256 is kept.
 */
export const staffSessions = portal.table(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    stage: text('stage', { enum: ['password', 'signed_in'] }).notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_sessions_staff').on(table.staffId)],
);

/**
 * Every staff action and every view of a member's data. Append-only: a trigger (migration 0030)
 * refuses UPDATE and DELETE, on PostgreSQL and PGlite alike.
 */
export const staffAudit = portal.table(
  'staff_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for a sign-in attempt by an unknown email, and for an integration client's call. */
    staffId: uuid('staff_id'),
    /** The administration system's integration client that made the call (integration API). */
    clientId: uuid('client_id'),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    /**
     * The tenant the entry belongs to: of the member it is about, else of the integration client or the
     * member of staff, else the host's (migration 0043 filled it in for older rows where it was known).
     */
    tenantUrl: text('tenant_url'),
    caseNumber: text('case_number'),
    businessGroup: text('business_group'),
    referenceNumber: text('reference_number'),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('staff_audit_at').on(table.at),
    index('staff_audit_case').on(table.caseNumber, table.at),
    index('staff_audit_staff').on(table.staffId, table.at),
    index('staff_audit_tenant').on(table.tenantUrl, table.at),
  ],
);

export const caseEventKinds = [
  'assigned',
  'status',
  'note',
  'completed',
  'rejected',
  'document_received',
  'document_requested',
  'document_uploaded',
] as const;

/**
 * Who acted on a case: `staff` in the console (`staffId`), the scheme's administration system through
 * the integration API (`integration`, `clientId`), an operator's `command` (npm run case:update,
 * standing in for that system), the `member` from My requests (`userId`), or the portal itself
 * (`system`: a note it leaves on a member's application, a move it makes when the documents asked for
 * have come). Only staff, integration and command are the scheme acting (a case's first action).
 */
export const caseEventActors = ['staff', 'integration', 'command', 'member', 'system'] as const;
export type CaseEventActor = (typeof caseEventActors)[number];
export const schemeActors = ['staff', 'integration', 'command'] as const satisfies readonly CaseEventActor[];

/**
 * What staff, the scheme's administration system, the member or the portal did on a case, in order:
 * its timeline. A `memberNote` is shown to the member in My requests.
 */
export const caseEvents = portal.table(
  'case_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseNumber: text('case_number').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who acted; the check `case_events_actor` (migration 0050) holds `staffId` set for staff only,
     * `clientId` for an integration client only and `userId` for the member only.
     */
    actor: text('actor', { enum: caseEventActors }).notNull(),
    staffId: uuid('staff_id'),
    clientId: uuid('client_id'),
    /** The member's sign-in, when the member acted (sent a document the case asked for). */
    userId: uuid('user_id'),
    kind: text('kind', { enum: caseEventKinds }).notNull(),
    /** The status after the event (status, completed, rejected). */
    status: text('status'),
    /** Who the case went to (assigned); null when it was unassigned. */
    assigneeId: uuid('assignee_id'),
    /** Seen by staff only (for a document event, the document's name). */
    note: text('note'),
    /** Seen by the member in My requests too. */
    memberNote: text('member_note'),
  },
  (table) => [index('case_events_case').on(table.caseNumber, table.at)],
);

/**
 * A tenant's case deadlines as an administrator set them in the console (Case deadlines): in place of
 * its `case-deadlines` content and the defaults (areas/operations/deadlines.ts). Each change is in
 * the staff audit log with the rules before and after.
 */
export const tenantCaseDeadlines = portal.table('tenant_case_deadlines', {
  tenantUrl: text('tenant_url').primaryKey(),
  /** The whole rule set, as `caseDeadlinesSchema` parsed it. */
  deadlines: jsonb('deadlines').$type<CaseDeadlines>().notNull(),
  changedBy: uuid('changed_by')
    .notNull()
    .references(() => staffAccounts.id),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
