// Journeys walked through the journey engine: members' (for a record) and visitors' (for a token).
import { sql } from 'drizzle-orm';
import { index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

/** Started; Submitted (a case opened); Cancelled or Ended (a terminal page) are kept as history. */
export const journeyStatuses = ['Started', 'Submitted', 'Cancelled', 'Ended', 'Expired'] as const;

/**
 * A member's journey (an application, a request) for one record, walked page by page against its
 * content definition. A member may have several of a type over time, but only one open (Started).
 */
export const memberJourneys = portal.table(
  'journeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: journeyStatuses }).notNull().default('Started'),
    /** The member's path: pages passed, answers, checkbox lists and step data (JourneyStep[]). */
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    /** What the journey was started from, such as the chosen retirement quote. */
    choice: jsonb('choice').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    caseNumber: text('case_number'),
    /** When it was cancelled or reached a terminal page. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The terminal page's reason, for a journey that ended there (a refused transfer). */
    endReason: text('end_reason'),
  },
  (table) => [
    uniqueIndex('journeys_member_type_open')
      .on(table.businessGroup, table.referenceNumber, table.type)
      .where(sql`${table.status} = 'Started'`),
    index('journeys_member_type_started').on(
      table.businessGroup,
      table.referenceNumber,
      table.type,
      table.startedAt,
    ),
  ],
);

/**
 * A visitor's journey (someone without an account, such as a relative reporting a death): owned by
 * a short-lived token, of which only a hash is kept; expiry is minutes away and kept alive by use.
 */
export const visitorJourneys = portal.table(
  'visitor_journeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantUrl: text('tenant_url').notNull(),
    type: text('type').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: journeyStatuses }).notNull().default('Started'),
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    /** What the journey's plugin locked at start (`lock`), as members' journeys keep it. */
    choice: jsonb('choice').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    caseNumber: text('case_number'),
    /** The submission as a PDF, base64, until the scheme's staff take it (there is no member record). */
    summaryPdf: text('summary_pdf'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    endReason: text('end_reason'),
  },
  (table) => [
    uniqueIndex('visitor_journeys_token').on(table.tokenHash),
    index('visitor_journeys_expiry').on(table.expiresAt),
  ],
);
