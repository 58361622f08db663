// The embedded OpenID provider.
import { sql } from 'drizzle-orm';
import { index, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

/** The embedded OpenID provider's state (sessions, codes, grants, interactions), one row per model instance. */
export const oidcModels = portal.table(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_models_grant_id').on(table.grantId),
    index('oidc_models_uid').on(table.uid),
    index('oidc_models_expires_at').on(table.expiresAt),
    // The account a session, grant, code or token is for: every one of them goes when its sessions end.
    index('oidc_models_account_id').on(sql`(${table.payload} ->> 'accountId')`),
  ],
);
