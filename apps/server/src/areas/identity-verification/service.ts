import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { IdentityVerification } from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { identityVerifications, memberDocuments } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { findMember } from '../member-data/member-repository';
import type { IdentityVerifier } from './verifier';

export interface MemberRecord {
  businessGroup: string;
  referenceNumber: string;
}

const ofRecord = (record: MemberRecord) =>
  and(
    eq(identityVerifications.businessGroup, record.businessGroup),
    eq(identityVerifications.referenceNumber, record.referenceNumber),
  );

/**
 * Where the member's identity check stands; a provider's pending check is read again (a confirmed
 * identity then marks the cases' "Proof of identity" received, as the scheme's confirmation does).
 */
export async function identityVerificationOf(
  db: Database,
  verifier: IdentityVerifier,
  record: MemberRecord,
  log: FastifyBaseLogger,
): Promise<IdentityVerification> {
  let [row] = await db.select().from(identityVerifications).where(ofRecord(record));
  if (row?.status === 'pending' && row.method === 'provider' && verifier.method === 'provider') {
    const status = await verifier.current(row.providerReference);
    if (status !== 'pending')
      [row] = await db.transaction(async (tx) => {
        const decided = await tx
          .update(identityVerifications)
          .set({ status, decidedAt: new Date() })
          .where(ofRecord(record))
          .returning();
        if (status === 'verified') await confirmedByProvider(tx, log, record);
        return decided;
      });
  }
  const [document] = row?.documentId
    ? await db
        .select({ name: memberDocuments.name })
        .from(memberDocuments)
        .where(eq(memberDocuments.id, row.documentId))
    : [];
  return {
    method: (row?.method as IdentityVerification['method'] | undefined) ?? verifier.method,
    status: row?.status ?? 'not_started',
    documentName: document?.name ?? null,
    startedAt: row?.startedAt.toISOString() ?? null,
    decidedAt: row?.decidedAt?.toISOString() ?? null,
    reason: row?.status === 'failed' ? (row.decisionReason ?? null) : null,
  };
}

/**
 * Starts the member's check, or starts it again with a new photo ID while it is pending or after it
 * failed. A verified identity stays verified. The embedded method takes one of the member's own
 * uploads in the `identity` context.
 */
export async function startIdentityVerification(
  db: Database,
  verifier: IdentityVerifier,
  record: MemberRecord,
  fileUuid: string | undefined,
): Promise<void> {
  const [existing] = await db.select().from(identityVerifications).where(ofRecord(record));
  if (existing?.status === 'verified')
    throw badRequest('identity_already_verified', 'We have already confirmed who you are.');
  if (fileUuid) {
    const [document] = await db
      .select({ id: memberDocuments.id })
      .from(memberDocuments)
      .where(
        and(
          eq(memberDocuments.id, fileUuid),
          eq(memberDocuments.businessGroup, record.businessGroup),
          eq(memberDocuments.referenceNumber, record.referenceNumber),
          eq(memberDocuments.kind, 'upload'),
          eq(memberDocuments.context, 'identity'),
        ),
      );
    if (!document) throw notFound('document_not_found', 'We could not find this document.');
  }
  const found = await findMember(db, record.businessGroup, record.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  const { member } = found;
  const started = await verifier.start(
    {
      ...record,
      forenames: member.forenames,
      surname: member.surname,
      dateOfBirth: member.dateOfBirth,
    },
    fileUuid ?? null,
  );
  const values = {
    method: verifier.method,
    status: started.status,
    documentId: fileUuid ?? null,
    providerReference: started.providerReference,
    decidedBy: null,
    decisionReason: null,
    startedAt: new Date(),
    decidedAt: started.status === 'pending' ? null : new Date(),
  };
  await db
    .insert(identityVerifications)
    .values({ ...record, ...values })
    .onConflictDoUpdate({
      target: [identityVerifications.businessGroup, identityVerifications.referenceNumber],
      set: values,
    });
}

/** The case document a confirmed identity stands for (a journey's `caseDocuments` may list it). */
export const IDENTITY_CASE_DOCUMENT = 'Proof of identity';

/** Whether the scheme has confirmed who the member is. */
export async function isIdentityVerified(db: Database | Transaction, record: MemberRecord) {
  const [row] = await db
    .select({ status: identityVerifications.status })
    .from(identityVerifications)
    .where(ofRecord(record));
  return row?.status === 'verified';
}

/**
 * Marks the member's open cases' outstanding "Proof of identity" received, in the transaction that
 * confirms who they are, as a case action by whoever confirmed it (the console's member of staff, the
 * `identity:decide` command, the provider).
 */
export type MarkIdentityReceived = (tx: Transaction, record: MemberRecord) => Promise<void>;

/**
 * The scheme's decision on a pending embedded check (the console's Identity checks, or the
 * `identity:decide` command). A confirmed identity marks the member's open cases' outstanding
 * "Proof of identity" received through `markReceived`. False when the record has no pending check.
 */
export async function decideIdentity(
  db: Database,
  record: MemberRecord,
  outcome: 'verified' | 'failed',
  decidedBy: { name: string; markReceived: MarkIdentityReceived },
  reason: string | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(identityVerifications)
      .set({ status: outcome, decidedBy: decidedBy.name, decidedAt: new Date(), decisionReason: reason })
      .where(and(ofRecord(record), eq(identityVerifications.status, 'pending')))
      .returning({ status: identityVerifications.status });
    if (updated.length === 0) return false;
    if (outcome === 'verified') await decidedBy.markReceived(tx, record);
    return true;
  });
}

/** A provider's confirmation, acted on the member's cases by Meridian itself (the timeline's `system`). */
async function confirmedByProvider(tx: Transaction, log: FastifyBaseLogger, record: MemberRecord) {
  // Loaded when used: the console's case work reads identity checks from this module.
  const { identityReceivedOnCases, systemActing } = await import('../operations/case-work');
  await identityReceivedOnCases(tx, systemActing(log, 'identity provider'), record);
}
