// Portal accounts, registrations, sign-in sessions and signing keys.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { portal } from './namespaces';

export const users = portal.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  createdAt: createdAt(),
  /**
   * A closed account: no sign-in, its sessions ended. Set when the scheme matches a report of a death
   * to the member (areas/bereavement/matching.ts), with why; lifted if that match was a mistake.
   */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
  /**
   * When every sign-in of the account was last ended (a password set or reset, or sign out everywhere
   * else): an ID token of the embedded provider for a sign-in before it opens no session.
   */
  sessionsEndedAt: timestamp('sessions_ended_at', { withTimezone: true }),
  /**
   * The argon2 hashes of the passwords before this one, newest first (PASSWORDS_REMEMBERED less the
   * current one): a new password may be none of them (password_reused).
   */
  previousPasswordHashes: jsonb('previous_password_hashes').$type<string[]>().notNull().default([]),
});

/** The member records a user may act as: their own (primary) and linked ones. */
export const userRecords = portal.table(
  'user_records',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    recordNumber: integer('record_number').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.userId, table.businessGroup, table.referenceNumber] })],
);

/**
 * A pending portal account for an existing member record, confirmed by a code sent to the contact
 * details on that record. A member has at most one pending registration: a new start replaces it.
 */
export const registrations = portal.table(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('registrations_one_pending_per_member')
      .on(table.businessGroup, table.referenceNumber)
      .where(sql`${table.confirmedAt} is null`),
  ],
);

/** A signed-in session; its refresh tokens form one family that is revoked together. */
export const sessions = portal.table('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['OPENAM', 'SINGLE_AUTH'] }).notNull(),
  /** The tenant whose host opened the session: it is refused on any other host. */
  tenantUrl: text('tenant_url').notNull(),
  businessGroup: text('business_group').notNull(),
  referenceNumber: text('reference_number').notNull(),
  createdAt: createdAt(),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
  /** When the member last proved it was them again (a code to a settled route): step-up is fresh for a while. */
  steppedUpAt: timestamp('stepped_up_at', { withTimezone: true }),
  /** The browser's user agent and the address the session was opened from, to show where you are signed in. */
  userAgent: text('user_agent'),
  ipAddress: text('ip_address'),
  /**
   * The embedded OpenID provider's session id for the portal (the ID token's `sid`) when the session was
   * opened from its sign-in: signing this session out ends that provider sign-in too.
   */
  providerSid: text('provider_sid'),
});

/** Sign-in attempts, successful or not, kept 90 days for the member's "recent sign-ins". */
export const signInEvents = portal.table(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['succeeded', 'failed', 'locked'] }).notNull(),
    method: text('method').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_events_user_time').on(table.userId, table.occurredAt)],
);

/**
 * Every browser that has completed a sign-in to the account, by the id in its device cookie, kept as
 * long as the account (sign-in events go after 90 days): the new-device notice asks it, so a dormant
 * account's first sign-in from a new browser is told. A row with an empty device id marks an account
 * that signed in before browsers were recorded (migration 0053).
 */
export const accountDevices = portal.table(
  'account_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceId] })],
);

export const refreshTokens = portal.table(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** When the token was rotated (or, as a successor, replaced within the grace window). */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The token its rotation issued: re-issued, not revoked, when this one returns within the grace window. */
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => refreshTokens.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash').on(table.tokenHash),
    index('refresh_tokens_session').on(table.sessionId),
  ],
);

/** Signing keys kept in the database so every instance and every restart agrees on them. */
export const serverKeys = portal.table('server_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
