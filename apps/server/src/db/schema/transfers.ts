// Transfer quotes.
import type { TransferQuote } from '@meridian/pensions';
import { date, index, jsonb, text, uuid } from 'drizzle-orm/pg-core';
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
  },
  (table) => [
    index('stored_transfer_quotes_member').on(table.businessGroup, table.referenceNumber, table.storedOn),
  ],
);
