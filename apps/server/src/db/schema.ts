import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Member portal data: members, accounts, sessions, audit. */
export const portal = pgSchema('portal');
/** Tenant content: tenants, pages, globals. Loaded from files under content/. */
export const content = pgSchema('content');
/** Bereaved visitors' personal data, held apart from members'. */
export const bereavement = pgSchema('bereavement');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const tenants = content.table('tenants', {
  tenantUrl: text('tenant_url').primaryKey(),
  tenantName: text('tenant_name').notNull(),
  headerText: text('header_text').notNull(),
  businessGroups: text('business_groups').array().notNull(),
  primaryColor: text('primary_color').notNull(),
  logoText: text('logo_text').notNull(),
  authMethods: text('auth_methods').array().notNull(),
  routes: jsonb('routes').$type<Record<string, string>>().notNull().default({}),
  /** Logo, font and outbound SSO address (see tenantContentSchema). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Single-auth (OpenID Connect) issuer and client; null when the tenant has none. */
  singleAuth: jsonb('single_auth').$type<{ authority: string; clientId: string }>(),
  createdAt: createdAt(),
});

export const pages = content.table(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantUrl: text('tenant_url')
      .notNull()
      .references(() => tenants.tenantUrl, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    blocks: jsonb('blocks').$type<Array<Record<string, unknown>>>().notNull().default([]),
    /** A visibility rule over the content access key; null shows the page to everyone it is open to. */
    visibility: jsonb('visibility').$type<Record<string, unknown>>(),
    /** The journey the page is a step of; null for pages outside journeys. */
    journey: jsonb('journey').$type<{ type: string; stage?: string; stepNumber?: number }>(),
    /** What other pages' feeds show of this page. */
    widget: jsonb('widget').$type<Record<string, unknown>>(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pages_tenant_slug').on(table.tenantUrl, table.slug),
    uniqueIndex('pages_tenant_key').on(table.tenantUrl, table.key),
  ],
);

/** Tenant-wide content other than pages: globals, menu, footer, option lists, question nodes, funds, images. */
export const contentDocuments = content.table(
  'documents',
  {
    tenantUrl: text('tenant_url')
      .notNull()
      .references(() => tenants.tenantUrl, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    body: jsonb('body').$type<unknown>().notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantUrl, table.kind] })],
);

/** Images referenced by content, served by the image-resouce endpoint. */
export const contentImages = content.table(
  'images',
  {
    tenantUrl: text('tenant_url')
      .notNull()
      .references(() => tenants.tenantUrl, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    mediaType: text('media_type').notNull(),
    data: text('data').notNull(),
    version: integer('version').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantUrl, table.path] })],
);

/** One row per content sync: the version every synced row carries, and what was loaded. */
export const contentVersions = content.table('versions', {
  version: integer('version').primaryKey(),
  checksum: text('checksum').notNull(),
  summary: jsonb('summary').$type<Record<string, number>>().notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schemes = portal.table('schemes', {
  code: text('code').primaryKey(),
  businessGroup: text('business_group').notNull(),
  name: text('name').notNull(),
  type: text('type', { enum: ['DB', 'DC'] }).notNull(),
});

export const memberStatuses = ['ReadyToEnroll', 'Active', 'Deferred', 'Pensioner', 'Dependent', 'Undefined'] as const;

export const members = portal.table(
  'members',
  {
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    schemeCode: text('scheme_code')
      .notNull()
      .references(() => schemes.code),
    category: text('category').notNull(),
    status: text('status', { enum: memberStatuses }).notNull(),
    title: text('title'),
    forenames: text('forenames').notNull(),
    surname: text('surname').notNull(),
    gender: text('gender', { enum: ['M', 'F', 'U'] }).notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    insuranceNumber: text('insurance_number'),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    maritalStatus: text('marital_status'),
    employerCode: text('employer_code'),
    locationCode: text('location_code'),
    payrollNumber: text('payroll_number'),
    membershipNumber: text('membership_number'),
    dateJoinedCompany: date('date_joined_company', { mode: 'string' }),
    dateJoinedScheme: date('date_joined_scheme', { mode: 'string' }),
    datePensionableServiceStarted: date('date_pensionable_service_started', { mode: 'string' }),
    dateLeftScheme: date('date_left_scheme', { mode: 'string' }),
    dateRetired: date('date_retired', { mode: 'string' }),
    /** Scheme-specific benefit data the calculation engine reads (tranches, salary, AVC, DC pot). */
    benefits: jsonb('benefits').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.businessGroup, table.referenceNumber] })],
);

export const users = portal.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  createdAt: createdAt(),
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

export const auditEvents = portal.table(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    userId: uuid('user_id'),
    businessGroup: text('business_group'),
    referenceNumber: text('reference_number'),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('audit_events_at').on(table.at)],
);

export const outboxMessages = portal.table('outbox_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** Signing keys kept in the database so every instance and every restart agrees on them. */
export const serverKeys = portal.table('server_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

export const bereavementJourneys = bereavement.table('journeys', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessGroup: text('business_group').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
});

/** A signed-in session; its refresh tokens form one family that is revoked together. */
export const sessions = portal.table('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['OPENAM', 'SINGLE_AUTH'] }).notNull(),
  businessGroup: text('business_group').notNull(),
  referenceNumber: text('reference_number').notNull(),
  createdAt: createdAt(),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
});

export const refreshTokens = portal.table(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('refresh_tokens_hash').on(table.tokenHash)],
);

/** A pending portal account for an existing member record, confirmed by a code sent to the email address. */
export const registrations = portal.table('registrations', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessGroup: text('business_group').notNull(),
  referenceNumber: text('reference_number').notNull(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

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

/** ID tokens already exchanged for a portal session: each opens one session only, until it expires. */
export const spentIdTokens = portal.table('spent_id_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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
  ],
);

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
  (table) => [primaryKey({ columns: [table.issuer, table.subject] }), index('user_identities_user').on(table.userId)],
);
