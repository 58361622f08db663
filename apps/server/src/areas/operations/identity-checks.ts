import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { offsetOf, type IdentityCheckList } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { identityVerifications, memberDocuments, members } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { decideIdentity, type MarkIdentityReceived } from '../identity-verification/service';
import { auditStaff } from './staff-audit';
import { commandActing, identityReceivedOnCases, staffActing } from './case-work';

const inScope = (request: FastifyRequest, businessGroup: string) => {
  const groups = request.staff!.businessGroups;
  return !groups || groups.includes(businessGroup);
};

/**
 * A page of the photo IDs waiting for someone at the scheme to look at them in the caller's scope,
 * ordered in the database (oldest first, then by record, so pages never overlap), and how many wait.
 */
export async function pendingIdentityChecks(
  db: Database,
  request: FastifyRequest,
  paging: { page: number; limit: number },
): Promise<{ checks: IdentityCheckList['checks']; total: number }> {
  const groups = request.staff!.businessGroups;
  const where = and(
    eq(identityVerifications.status, 'pending'),
    eq(identityVerifications.method, 'embedded'),
    groups ? inArray(identityVerifications.businessGroup, groups) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(identityVerifications).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select({
      businessGroup: identityVerifications.businessGroup,
      referenceNumber: identityVerifications.referenceNumber,
      startedAt: identityVerifications.startedAt,
      documentId: identityVerifications.documentId,
      documentName: memberDocuments.name,
      forenames: members.forenames,
      surname: members.surname,
    })
    .from(identityVerifications)
    .leftJoin(memberDocuments, eq(memberDocuments.id, identityVerifications.documentId))
    .leftJoin(
      members,
      and(
        eq(members.businessGroup, identityVerifications.businessGroup),
        eq(members.referenceNumber, identityVerifications.referenceNumber),
      ),
    )
    .where(where)
    .orderBy(
      asc(identityVerifications.startedAt),
      asc(identityVerifications.businessGroup),
      asc(identityVerifications.referenceNumber),
    )
    .limit(paging.limit)
    .offset(offsetOf(paging));
  await auditStaff(db, request, {
    action: 'identity_checks_view',
    outcome: 'success',
    details: { count: rows.length, total, page: paging.page },
  });
  const checks = rows.map((row) => ({
    businessGroup: row.businessGroup,
    referenceNumber: row.referenceNumber,
    memberName: `${row.forenames ?? ''} ${row.surname ?? ''}`.trim() || null,
    sentAt: row.startedAt.toISOString(),
    documentId: row.documentId,
    documentName: row.documentName,
  }));
  return { checks, total };
}

/** The photo ID of a record's check, for viewing (audited); 404 when there is none in scope. */
export async function identityDocument(
  db: Database,
  request: FastifyRequest,
  record: { businessGroup: string; referenceNumber: string },
) {
  const [row] = inScope(request, record.businessGroup)
    ? await db
        .select({ id: memberDocuments.id, mediaType: memberDocuments.mediaType })
        .from(identityVerifications)
        .innerJoin(memberDocuments, eq(memberDocuments.id, identityVerifications.documentId))
        .where(
          and(
            eq(identityVerifications.businessGroup, record.businessGroup),
            eq(identityVerifications.referenceNumber, record.referenceNumber),
          ),
        )
    : [];
  if (!row) throw new AppError(404, 'identity_check_not_found', 'There is no photo ID for this member.');
  await auditStaff(db, request, {
    action: 'identity_document_view',
    outcome: 'success',
    ...record,
    details: { documentId: row.id },
  });
  return row;
}

/**
 * Records what the member of staff decided on a pending photo-ID check (the logic behind
 * `identity:decide`): confirmed marks the member's open cases' proof of identity received, as the member
 * of staff's "Mark received" on each would; refused keeps the reason, which the member reads. 404 when
 * there is no pending check in scope.
 */
export async function decideIdentityCheck(
  db: Database,
  request: FastifyRequest,
  record: { businessGroup: string; referenceNumber: string },
  outcome: 'verified' | 'failed',
  reason: string | null,
) {
  const staff = request.staff!;
  const decided =
    inScope(request, record.businessGroup) &&
    (await decideIdentity(
      db,
      record,
      outcome,
      {
        name: staff.name,
        markReceived: (tx) => identityReceivedOnCases(tx, staffActing(request), record),
      },
      outcome === 'failed' ? reason : null,
    ));
  await auditStaff(db, request, {
    action: 'identity_decide',
    outcome: decided ? 'success' : 'failure',
    ...record,
    details: { decision: outcome, ...(reason ? { reason } : {}) },
  });
  if (!decided)
    throw new AppError(404, 'identity_check_not_found', 'This member has no photo ID waiting to be checked.');
}

/**
 * Who decides through the `identity:decide` command: the checker it names; a confirmed identity marks
 * each open case's proof of identity received as `case:update` would (the operator's command).
 */
export const decidedByCommand = (
  name: string,
  command: { log: FastifyBaseLogger; operator: string },
): { name: string; markReceived: MarkIdentityReceived } => ({
  name,
  markReceived: (tx, record) =>
    identityReceivedOnCases(tx, commandActing(command.log, command.operator), record),
});
