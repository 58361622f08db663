// Content access keys: the member attributes behind a session's key.
import { index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './authentication';
import { portal } from './namespaces';

/**
 * The member attributes behind a content access key. The key itself is only this row's id and a MAC,
 * so the attributes (status, age, scheme) never travel in a URL or land in an access log.
 */
export const contentAccessKeys = portal.table(
  'content_access_keys',
  {
    id: text('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The record the key personalises for (`businessGroup:referenceNumber`). */
    subject: text('subject').notNull(),
    /** The session's record when the key was issued: the key stops working once the session switches. */
    sessionRecord: text('session_record').notNull(),
    payload: jsonb('payload').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('content_access_keys_session').on(table.sessionId),
    index('content_access_keys_expires').on(table.expiresAt),
  ],
);
