// Identity verification.
import { primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

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
    /** Why the scheme could not confirm it (the operations console), shown to the member. */
    decisionReason: text('decision_reason'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.businessGroup, table.referenceNumber] })],
);
