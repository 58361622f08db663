// Messages to members and the codes they carry.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { portal } from './namespaces';

export const outboxMessages = portal.table(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms', 'post'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The tenant whose site the message was sent from (null outside a request, e.g. a command). */
    tenantUrl: text('tenant_url'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  // The console's outbox: a tenant's messages, newest first (then by id), a page at a time; and every
  // tenant's, for the admin firm's staff (no tenant to filter by, so the tenant's index cannot order them).
  (table) => [
    index('outbox_messages_tenant_created').on(table.tenantUrl, table.createdAt, table.id),
    index('outbox_messages_created').on(table.createdAt, table.id),
  ],
);

/**
 * One-time codes proving a change (a new email or mobile, a bank account): the id is the nonce the
 * client echoes on confirm; the pending change waits in `payload` until the code is confirmed.
 */
export const oneTimeCodes = portal.table(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    purpose: text('purpose').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'post'] }).notNull(),
    destination: text('destination').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** A second code, to the route on file, that authorises a change of that route (null when none). */
    currentRouteChannel: text('current_route_channel', { enum: ['email', 'sms'] }),
    currentRouteDestination: text('current_route_destination'),
    currentRouteCodeHash: text('current_route_code_hash'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('one_time_codes_member').on(table.userId, table.purpose),
    uniqueIndex('one_time_codes_one_live')
      .on(table.userId, table.businessGroup, table.referenceNumber, table.purpose)
      .where(sql`${table.consumedAt} is null`),
  ],
);
