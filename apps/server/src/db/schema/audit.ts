// The audit trail.
import { index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

export const auditEvents = portal.table(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    userId: uuid('user_id'),
    businessGroup: text('business_group'),
    referenceNumber: text('reference_number'),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_events_at').on(table.at),
    // Limits counted from the audit trail: a record's uploads per day, a user's wrong step-up passwords.
    index('audit_events_record_action').on(
      table.businessGroup,
      table.referenceNumber,
      table.action,
      table.at,
    ),
    index('audit_events_user_action').on(table.userId, table.action, table.at),
  ],
);
