// Journeys members walk through the journey engine.
import { jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

/** A member's journey (an application, a request) for one record, walked page by page against its content definition. */
export const memberJourneys = portal.table(
  'journeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: ['Started', 'Submitted', 'Expired'] })
      .notNull()
      .default('Started'),
    /** The member's path: pages passed, answers, checkbox lists and step data (JourneyStep[]). */
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    /** What the journey was started from, such as the chosen retirement quote. */
    choice: jsonb('choice').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    caseNumber: text('case_number'),
  },
  (table) => [uniqueIndex('journeys_member_type').on(table.businessGroup, table.referenceNumber, table.type)],
);
