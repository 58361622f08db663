// Single-auth (external OpenID issuer) sign-in.
import { index, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './authentication';
import { createdAt } from './columns';
import { portal } from './namespaces';

/** Accounts of an external OpenID issuer mapped to portal users (the embedded issuer's subject is the user id). */
export const userIdentities = portal.table(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('user_identities_user').on(table.userId),
  ],
);

/** ID tokens already exchanged for a portal session: each opens one session only, until it expires. */
export const spentIdTokens = portal.table('spent_id_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
