// Two-step verification of members: the authenticator app, recovery codes, and sign-ins waiting for a code.
import { boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { portal } from './namespaces';
import { users } from './authentication';

/**
 * A member's authenticator app (TOTP, RFC 6238). The secret is sealed (AES-256-GCM); the row is on
 * once its first code was confirmed (`enabledAt`), and a setup not confirmed by `setupExpiresAt` is void.
 */
export const twoStepApps = portal.table('two_step_apps', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }).notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: that code, and any older, is never accepted again. */
  lastTimeStep: integer('last_time_step'),
  /** Wrong second-factor codes in a row; every fifth pauses them (`lockedUntil`). */
  failedCodes: integer('failed_codes').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per member, kept as HMAC-SHA-256 under a server pepper. */
export const recoveryCodes = portal.table(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('recovery_codes_user_hash').on(table.userId, table.codeHash)],
);

/**
 * A sign-in whose password was right, waiting for the second factor. Only the SHA-256 of its token is
 * kept; it lives a few minutes and is spent once. `interactionUid` ties it to the embedded provider's page.
 */
export const signInChallenges = portal.table(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    /** Null only under the cap for a name no account has: its challenge can never be finished. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The name signed in with, for a challenge opened under the cap: its code guesses are counted per
     * name, an unknown one's as a known one's.
     */
    accountName: text('account_name'),
    tenantUrl: text('tenant_url').notNull(),
    interactionUid: text('interaction_uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * Opened while the account's failed-password cap refused this browser (issue 41): the password's
     * verdict is kept here and told only once a second factor is proven, no code is sent for it, and its
     * code guesses are counted apart from the member's own (so strangers cannot pause them).
     */
    underCap: boolean('under_cap').notNull().default(false),
    /** Whether the password was right; false only for a challenge opened under the cap. */
    passwordRight: boolean('password_right').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sign_in_challenges_token').on(table.tokenHash),
    index('sign_in_challenges_user').on(table.userId),
  ],
);
