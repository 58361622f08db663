// Bereaved visitors' journeys, held apart from members' data: no table here refers to a member's.
import { index, jsonb, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { journeyStatuses } from './journeys';
import { bereavement } from './namespaces';

/**
 * A relative's report of a death, walked through the journey engine as a visitor (areas/bereavement):
 * the same columns as `portal.visitor_journeys`, so the visitor owner walks it, plus the reporter's
 * email proof. Owned by a random token of which only the SHA-256 hash is kept.
 */
export const bereavementJourneys = bereavement.table(
  'journeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantUrl: text('tenant_url').notNull(),
    type: text('type').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: journeyStatuses }).notNull().default('Started'),
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    choice: jsonb('choice').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    caseNumber: text('case_number'),
    summaryPdf: text('summary_pdf'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    endReason: text('end_reason'),
    /** The address the reporter asked a code for, and when they proved it with the code. */
    email: text('email'),
    emailProvenAt: timestamp('email_proven_at', { withTimezone: true }),
    /** The SHA-256 of the code last sent, its expiry and its wrong tries. */
    emailCodeHash: text('email_code_hash'),
    emailCodeExpiresAt: timestamp('email_code_expires_at', { withTimezone: true }),
    emailCodeSentAt: timestamp('email_code_sent_at', { withTimezone: true }),
    emailCodeAttempts: integer('email_code_attempts').notNull().default(0),
    /**
     * No longer written: wrong codes now lock the address (`email_code_failures`). Kept until no instance
     * of the version that read it serves, so the migration is safe during a rolling deploy.
     */
    emailLockedUntil: timestamp('email_locked_until', { withTimezone: true }),
    /**
     * The member record the scheme matched a sent report to (areas/bereavement/matching.ts), by value:
     * no foreign key joins this schema to member data.
     */
    matchedBusinessGroup: text('matched_business_group'),
    matchedReferenceNumber: text('matched_reference_number'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bereavement_journeys_token').on(table.tokenHash),
    index('bereavement_journeys_expiry').on(table.expiresAt),
  ],
);

/**
 * Wrong email codes for one address across every report in a day, so that starting a new report brings
 * no new tries: the fifth locks the address for a day (areas/bereavement/email-proof.ts). The address is
 * kept only as its SHA-256; the purge removes rows whose day and lock have passed.
 */
export const bereavementEmailFailures = bereavement.table(
  'email_code_failures',
  {
    addressHash: text('address_hash').primaryKey(),
    failures: integer('failures').notNull(),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('bereavement_email_code_failures_first').on(table.firstFailedAt)],
);

/** Captcha challenges already spent on a start: each solves for one journey, once. */
export const bereavementCaptchaUses = bereavement.table(
  'captcha_uses',
  {
    challengeId: text('challenge_id').primaryKey(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bereavement_captcha_uses_used').on(table.usedAt)],
);

/**
 * Files a proven reporter uploaded (the death certificate and others), kept in the document store
 * under `storeKey` until the report is filed or its journey is purged.
 */
export const bereavementDocuments = bereavement.table(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    journeyId: uuid('journey_id')
      .notNull()
      .references(() => bereavementJourneys.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    documentType: text('document_type').notNull(),
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storeKey: text('store_key').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bereavement_documents_journey').on(table.journeyId)],
);
