// What a member keeps up to date about themselves: bank, dependants, referrals, addresses, calls.
import { sql } from 'drizzle-orm';
import { date, index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import type { MemberAddress } from './members';
import { portal } from './namespaces';

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
