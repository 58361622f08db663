// The durable job queue: messages and webhook deliveries waiting to leave, with their retries.
import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { portal } from './namespaces';
import { recurringJobKinds } from './recurring-job-kinds';

export const jobKinds = ['email', 'sms', 'webhook', 'annual-statements'] as const;
export const jobStatuses = ['queued', 'sent', 'failed', 'dead'] as const;

/**
 * One job per outgoing email, text or webhook delivery (`subject_id` names the outbox message or
 * the delivery), and one per statement year's run of annual statements (`annual-statements`, its
 * subject naming the year: areas/statements/statement-run.ts). Workers claim due jobs with
 * `FOR UPDATE SKIP LOCKED` and hold a lease
 * (`locked_by`, `locked_until`) while they send, so two instances never send one job at once.
 * A job that fails waits `run_at` (exponential back-off with jitter) and is `dead` after
 * `max_attempts`. Docs: docs/operations.md "Messages and the job queue".
 */
export const jobs = portal.table(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: [...jobKinds, ...recurringJobKinds] as const }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** A one-time code the message carries, sealed, where the outbox copy has it blanked; gone once sent. */
    sealedCode: text('sealed_code'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_subject').on(table.kind, table.subjectId),
    index('jobs_due')
      .on(table.runAt)
      .where(sql`${table.status} in ('queued', 'failed')`),
  ],
);
