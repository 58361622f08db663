// Retirement options a member has chosen.
import { bigint, date, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

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
