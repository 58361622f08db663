import { sql } from 'drizzle-orm';
import type { PageJourney } from '@meridian/contracts';
import type { TransferQuote } from '@meridian/pensions';
import {
  type AnyPgColumn,
  bigint,
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

export interface MemberAddress {
  lines: string[];
  town: string;
  county?: string | null;
  postcode: string;
  countryCode: string;
}

export interface NotificationSettings {
  email: boolean;
  sms: boolean;
  post: boolean;
}

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
  /** Logo, font, features, outbound SSO address and life-stage periods (see tenantContentSchema). */
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
    journey: jsonb('journey').$type<PageJourney>(),
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

export const memberStatuses = [
  'ReadyToEnroll',
  'Active',
  'Deferred',
  'Pensioner',
  'Dependent',
  'Undefined',
] as const;

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
    /** The member's postal address (lines, town, county, postcode, country). */
    address: jsonb('address').$type<MemberAddress>(),
    /**
     * How the member wants to hear from the scheme: post excludes email and SMS. Post until the member
     * chooses otherwise: paper is the safe default under the disclosure rules.
     */
    notificationSettings: jsonb('notification_settings')
      .$type<NotificationSettings>()
      .notNull()
      .default({ email: false, sms: false, post: true }),
    /**
     * When the member last changed each contact route here: a route changed recently cannot receive a
     * bank or nomination code, and a bank change soon after any of them waits (docs/security.md).
     */
    emailChangedAt: timestamp('email_changed_at', { withTimezone: true }),
    mobileChangedAt: timestamp('mobile_changed_at', { withTimezone: true }),
    addressChangedAt: timestamp('address_changed_at', { withTimezone: true }),
    /** A protected pension age (e.g. 55 kept under the 2028 rise), when the member has one. */
    protectedPensionAge: integer('protected_pension_age'),
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
  (table) => [
    index('audit_events_at').on(table.at),
    // Limits counted from the audit trail: a record's uploads per day, a user's wrong step-up passwords.
    index('audit_events_record_action').on(table.businessGroup, table.referenceNumber, table.action, table.at),
    index('audit_events_user_action').on(table.userId, table.action, table.at),
  ],
);

export const outboxMessages = portal.table('outbox_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  channel: text('channel', { enum: ['email', 'sms', 'post'] }).notNull(),
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
  data: jsonb('data')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});

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
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('user_identities_user').on(table.userId),
  ],
);

/** A member's journey (an application, a request) for one record, walked page by page against its content definition. */
export const memberJourneys = portal.table(
  'journeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: ['Started', 'Submitted', 'Expired'] })
      .notNull()
      .default('Started'),
    /** The member's path: pages passed, answers, checkbox lists and step data (JourneyStep[]). */
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    /** What the journey was started from, such as the chosen retirement quote. */
    choice: jsonb('choice').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    caseNumber: text('case_number'),
  },
  (table) => [uniqueIndex('journeys_member_type').on(table.businessGroup, table.referenceNumber, table.type)],
);

/** Case references, one series for every case type. */
export const caseNumbers = portal.sequence('case_numbers', { startWith: 100001 });

/** Work opened with the administrator: an application or a quote request, and its documents. */
export const memberCases = portal.table(
  'cases',
  {
    caseNumber: text('case_number').primaryKey(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    caseType: text('case_type').notNull(),
    title: text('title').notNull(),
    journeyType: text('journey_type'),
    status: text('status').notNull().default('Received'),
    /** The documents the case needs and where each stands (outstanding, received, complete). */
    documents: jsonb('documents').$type<Array<{ name: string; status: string }>>().notNull().default([]),
    /** The submitted application as a PDF, base64. */
    summaryPdf: text('summary_pdf'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cases_member').on(table.businessGroup, table.referenceNumber)],
);

/**
 * Identity verification, one per member record: how it is being checked (the embedded photo-ID
 * upload or a provider), the uploaded document or the provider's reference, and where it stands.
 */
export const identityVerifications = portal.table(
  'identity_verifications',
  {
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    method: text('method').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'failed'] }).notNull(),
    documentId: uuid('document_id'),
    providerReference: text('provider_reference'),
    /** Who at the scheme decided, for the embedded method. */
    decidedBy: text('decided_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.businessGroup, table.referenceNumber] })],
);

/** Bank accounts a member is paid into; the one without `replacedAt` is current (one per record). */
export const memberBankAccounts = portal.table(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    kind: text('kind', { enum: ['uk', 'iban'] }).notNull(),
    accountName: text('account_name').notNull(),
    sortCode: text('sort_code'),
    accountNumber: text('account_number'),
    iban: text('iban'),
    bic: text('bic'),
    bankCountryCode: text('bank_country_code').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [
    index('bank_accounts_member').on(table.businessGroup, table.referenceNumber),
    uniqueIndex('bank_accounts_one_current')
      .on(table.businessGroup, table.referenceNumber)
      .where(sql`${table.replacedAt} is null`),
  ],
);

/**
 * A bank change made inside the cooling-off period after a contact change: it waits until `appliesAt`
 * unless the member cancels it. One open change per record.
 */
export const pendingBankChanges = portal.table(
  'pending_bank_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    /** The new account as the member gave it (the shape of a bank_accounts row's details). */
    account: jsonb('account').$type<Record<string, string>>().notNull(),
    appliesAt: timestamp('applies_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pending_bank_changes_one_open')
      .on(table.businessGroup, table.referenceNumber)
      .where(sql`${table.cancelledAt} is null and ${table.appliedAt} is null`),
    index('pending_bank_changes_due').on(table.appliesAt),
  ],
);

/** People who depend on the member (for survivor benefits), as the administrator holds them. */
export const memberDependants = portal.table(
  'dependants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    relationship: text('relationship').notNull(),
    forenames: text('forenames').notNull(),
    surname: text('surname').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    address: jsonb('address').$type<MemberAddress>(),
  },
  (table) => [index('dependants_member').on(table.businessGroup, table.referenceNumber)],
);

/** Referrals of the member to a financial adviser or guidance service and where each stands. */
export const memberReferrals = portal.table(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    status: text('status', { enum: ['Completed', 'Pending', 'Cancelled'] }).notNull(),
    service: text('service').notNull(),
    referralDate: date('referral_date', { mode: 'string' }).notNull(),
  },
  (table) => [index('referrals_member').on(table.businessGroup, table.referenceNumber)],
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

/** Sample or imported postal addresses the embedded address lookup searches; containers hold addresses. */
export const lookupAddresses = portal.table(
  'lookup_addresses',
  {
    id: text('id').primaryKey(),
    containerId: text('container_id'),
    kind: text('kind', { enum: ['Address', 'Container'] }).notNull(),
    lines: jsonb('lines').$type<string[]>().notNull(),
    town: text('town').notNull(),
    county: text('county'),
    postcode: text('postcode').notNull(),
    countryCode: text('country_code').notNull().default('GB'),
    /** Lower-case text of the whole address, what a free-text search matches. */
    searchText: text('search_text').notNull(),
  },
  (table) => [
    index('lookup_addresses_postcode').on(table.postcode),
    index('lookup_addresses_container').on(table.containerId),
  ],
);

/** Why a member is about to call: the page, journey and stage they opened Contact us from. */
export const telephoneIntents = portal.table(
  'telephone_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    pageUrl: text('page_url').notNull(),
    journeyType: text('journey_type'),
    stage: text('stage'),
    createdAt: createdAt(),
  },
  (table) => [
    index('telephone_intents_member').on(table.businessGroup, table.referenceNumber, table.createdAt),
  ],
);

/** A pension in payment as the administrator's payroll holds it: the yearly amount, tax code and increases. */
export const pensionPayroll = portal.table(
  'pension_payroll',
  {
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    annualPensionPence: integer('annual_pension_pence').notNull(),
    taxCode: text('tax_code').notNull(),
    /** How the pension rises each year, in the scheme's words (such as "CPI, up to 5% a year"). */
    increaseRule: text('increase_rule').notNull(),
    nextIncreaseOn: date('next_increase_on', { mode: 'string' }).notNull(),
    /** The last increase applied, in hundredths of a percent (320 is 3.2%); null before the first. */
    lastIncreaseBasisPoints: integer('last_increase_basis_points'),
    lastIncreaseOn: date('last_increase_on', { mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.businessGroup, table.referenceNumber] })],
);

/** Each pension payment made: the payroll's gross, tax deducted and net paid. */
export const pensionPayments = portal.table(
  'pension_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    grossPence: integer('gross_pence').notNull(),
    taxPence: integer('tax_pence').notNull(),
    netPence: integer('net_pence').notNull(),
  },
  (table) => [index('pension_payments_member').on(table.businessGroup, table.referenceNumber, table.paidOn)],
);

/** A transfer quote issued to a member: its figures are kept unchanged while it is guaranteed. */
export const storedTransferQuotes = portal.table(
  'stored_transfer_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    storedOn: date('stored_on', { mode: 'string' }).notNull(),
    guaranteedUntil: date('guaranteed_until', { mode: 'string' }).notNull(),
    /** The quote as the engine worked it out on the guarantee date (TransferQuote). */
    quote: jsonb('quote').$type<TransferQuote>().notNull(),
  },
  (table) => [
    index('stored_transfer_quotes_member').on(table.businessGroup, table.referenceNumber, table.storedOn),
  ],
);

/**
 * A member record's documents: what the member uploaded (per upload context) and what the portal made
 * for them (quotes, applications, nominations). The bytes live in the document store under `id`.
 */
export const memberDocuments = portal.table(
  'member_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    name: text('name').notNull(),
    /** What the library shows and filters by, such as "Expression of wish" or "Photo ID". */
    type: text('type').notNull(),
    kind: text('kind', {
      enum: ['upload', 'quote', 'request', 'application', 'nomination', 'letter'],
    }).notNull(),
    /** The upload context (the spec's journeyType); `portal` for documents the portal made. */
    context: text('context').notNull(),
    documentType: text('document_type'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The case an upload was sent with; it can no longer be deleted then. */
    caseNumber: text('case_number'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** What a portal-made document was made from, such as a quote's date and figures: filed once per member record. */
    sourceKey: text('source_key'),
  },
  (table) => [
    uniqueIndex('member_documents_source')
      .on(table.businessGroup, table.referenceNumber, table.sourceKey)
      .where(sql`${table.sourceKey} is not null`),
    uniqueIndex('member_documents_name').on(
      table.businessGroup,
      table.referenceNumber,
      table.context,
      table.name,
    ),
    index('member_documents_received').on(table.businessGroup, table.referenceNumber, table.receivedAt),
  ],
);

/** A member record's nominations (expression of wish): each save revokes the active list and adds the new one. */
export const beneficiaries = portal.table(
  'beneficiaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    /** Order within the nomination. */
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['person', 'organisation'] }).notNull(),
    relationship: text('relationship').notNull(),
    forenames: text('forenames'),
    surname: text('surname'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    charityName: text('charity_name'),
    charityNumber: bigint('charity_number', { mode: 'number' }),
    /** The lump-sum share in hundredths of a per cent (10000 = 100%). */
    lumpSumHundredths: integer('lump_sum_hundredths').notNull(),
    isPensionBeneficiary: boolean('is_pension_beneficiary').notNull().default(false),
    notes: text('notes'),
    address: jsonb('address').$type<Record<string, string>>().notNull(),
    nominatedAt: timestamp('nominated_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('beneficiaries_member').on(table.businessGroup, table.referenceNumber, table.revokedAt),
    uniqueIndex('beneficiaries_one_active')
      .on(table.businessGroup, table.referenceNumber, table.position)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/**
 * The tax-free cash a member has entered on the retirement options page for a retirement date, kept
 * until they clear it or choose another amount (spec d.8 `enteredLumpSum`).
 */
export const enteredLumpSums = portal.table(
  'entered_lump_sums',
  {
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    retirementDate: date('retirement_date', { mode: 'string' }).notNull(),
    lumpSumPence: bigint('lump_sum_pence', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.businessGroup, table.referenceNumber] })],
);
