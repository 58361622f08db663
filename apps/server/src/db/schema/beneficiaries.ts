// Nominations (expression of wish).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

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
