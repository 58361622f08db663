// Transfer quotes.
import type { TransferQuote } from '@meridian/pensions';
import { date, index, integer, jsonb, text, uuid } from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

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
    /** What the member paid for it (a statement beyond the free one in 12 months); null when free. */
    chargePence: integer('charge_pence'),
    /** The case it was issued on, when the member asked for it in the portal. */
    caseNumber: text('case_number'),
  },
  (table) => [
    index('stored_transfer_quotes_member').on(table.businessGroup, table.referenceNumber, table.storedOn),
  ],
);
