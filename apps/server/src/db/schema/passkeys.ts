// Passkeys (WebAuthn) of members and of scheme staff, and the challenges of their ceremonies.
import { bigint, index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { portal } from './namespaces';
import { sessions, users } from './authentication';
import { staffAccounts, staffSessions } from './operations';

/**
 * A member's passkey: the authenticator's credential id and COSE public key (base64url), the signature
 * counter it last reported (a lower one is refused), its transports, the name the member gave it, and
 * the relying party (host name) it was made for.
 */
export const passkeys = portal.table(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    rpId: text('rp_id').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential').on(table.credentialId),
    index('passkeys_user').on(table.userId),
  ],
);

/**
 * A member of staff's passkey for the operations console, kept as a member's is (`passkeys`), apart from
 * members' so neither sign-in can take the other's credential.
 */
export const staffPasskeys = portal.table(
  'staff_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    rpId: text('rp_id').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('staff_passkeys_credential').on(table.credentialId),
    index('staff_passkeys_staff').on(table.staffId),
  ],
);

export const passkeyPurposes = ['register', 'sign-in', 'step-up', 'staff-register', 'staff-sign-in'] as const;
export type PasskeyPurpose = (typeof passkeyPurposes)[number];

/**
 * A ceremony's challenge, kept as its SHA-256 and spent once within a few minutes: adding a passkey or
 * a step-up is bound to the session that asked (a member's `session_id`, or a staff session's token
 * hash for `staff-register`), a sign-in to the tenant (and the provider's page) that asked.
 */
export const passkeyChallenges = portal.table(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose', { enum: passkeyPurposes }).notNull(),
    tenantUrl: text('tenant_url').notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    staffSessionHash: text('staff_session_hash').references(() => staffSessions.tokenHash, {
      onDelete: 'cascade',
    }),
    interactionUid: text('interaction_uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('passkey_challenges_hash').on(table.challengeHash)],
);
