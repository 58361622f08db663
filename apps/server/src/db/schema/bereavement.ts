// Bereaved visitors' journeys, held apart from members' data.
import { sql } from 'drizzle-orm';
import { jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bereavement } from './namespaces';

export const bereavementJourneys = bereavement.table('journeys', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessGroup: text('business_group').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  data: jsonb('data')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});
