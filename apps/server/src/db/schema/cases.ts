// Cases opened with the administrator.
import { index, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { portal } from './namespaces';

/** Case references, one series for every case type. */
export const caseNumbers = portal.sequence('case_numbers', { startWith: 100001 });

/**
 * Work opened with the administrator: a member's application or quote request, or a visitor's report
 * of a death or callback request, and its documents.
 */
export const memberCases = portal.table(
  'cases',
  {
    caseNumber: text('case_number').primaryKey(),
    businessGroup: text('business_group').notNull(),
    /**
     * The member the case is about; null for a visitor's (a report of a death, a callback request) until
     * staff match it to a member record, its business group then the tenant's first.
     */
    referenceNumber: text('reference_number'),
    caseType: text('case_type').notNull(),
    title: text('title').notNull(),
    journeyType: text('journey_type'),
    status: text('status').notNull().default('Received'),
    /**
     * The documents the case needs and where each stands (outstanding, received, complete); `upload` when
     * the member sent it themselves (My requests), not marked received by staff.
     */
    documents: jsonb('documents')
      .$type<Array<{ name: string; status: string; upload?: boolean }>>()
      .notNull()
      .default([]),
    /** The submitted application as a PDF, base64. */
    summaryPdf: text('summary_pdf'),
    /** The member of staff working the case (operations console); null while it waits in the queue. */
    assignedTo: uuid('assigned_to'),
    /** The latest note staff wrote for the member, shown with the status in My requests. */
    memberNote: text('member_note'),
    /** When staff completed or rejected it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cases_member').on(table.businessGroup, table.referenceNumber)],
);
