// The integration API: a tenant's administration system, signing in as an OAuth client.
import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { portal } from './namespaces';

/**
 * An administration system allowed to call the integration API for one tenant. Only the SHA-256 of its
 * secret is kept (the secret is 256 random bits, so a fast hash is enough; see docs/integration.md).
 */
export const integrationClients = portal.table('integration_clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantUrl: text('tenant_url').notNull(),
  name: text('name').notNull(),
  secretHash: text('secret_hash').notNull(),
  /**
   * The secret before the last rotation (its SHA-256), still accepted until `previousSecretExpiresAt`,
   * then refused with its own reason (docs/integration.md "Rotating a client's secret").
   */
  previousSecretHash: text('previous_secret_hash'),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
  /** Some of `integrationScopes` (packages/contracts). */
  scopes: text('scopes').array().notNull(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A bearer token issued to a client: opaque to it, kept here as its SHA-256, with the scopes it grants. */
export const integrationTokens = portal.table(
  'integration_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => integrationClients.id),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('integration_tokens_client').on(table.clientId, table.expiresAt)],
);
