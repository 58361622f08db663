// Webhooks: where each tenant's administration system hears of case events, and what was sent.
import { index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { webhookEventNames } from '@meridian/contracts';
import { createdAt } from './columns';
import { portal } from './namespaces';

export const webhookEvents = webhookEventNames;

/** A tenant's receiver: its HTTPS address, the shared secret the bodies are signed with, the events it takes. */
export const webhookEndpoints = portal.table('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantUrl: text('tenant_url').notNull(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  /** The secret a rotation replaced (sealed), which still signs deliveries beside the new one until `previousSecretUntil`. */
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  events: text('events').array().notNull(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One event for one endpoint: written with the case change that caused it (a trigger on
 * `portal.cases`, migration 0035) together with its job, and sent by the job queue.
 */
export const webhookDeliveries = portal.table(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    event: text('event', { enum: webhookEvents }).notNull(),
    caseNumber: text('case_number').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The receiver's HTTP status at the last attempt (null when it could not be reached). */
    responseStatus: integer('response_status'),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_deliveries_endpoint').on(table.endpointId, table.createdAt)],
);
