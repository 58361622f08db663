// Sign-in carried to the administrator's other member site.
import { boolean, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './authentication';
import { portal } from './namespaces';

/** One-time codes that carry a signed-in member to the administrator's other member site. */
export const outboundSsoCodes = portal.table('outbound_sso_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessGroup: text('business_group').notNull(),
  referenceNumber: text('reference_number').notNull(),
  hasMultipleRecords: boolean('has_multiple_records').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
