// A member record's document library.
import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

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
