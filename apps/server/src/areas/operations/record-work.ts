import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { offsetOf, type DeathReportList, type PendingBankChangeList } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { bereavementJourneys, members, pendingBankChanges } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Messaging } from '../../lib/messaging';
import { filesOfReports } from '../bereavement/documents';
import { matchReport, unmatchReport } from '../bereavement/matching';
import { answerLines } from '../journeys/answers';
import { routeOf } from '../journeys/engine';
import { loadJourneyGraph, stepsOf } from '../journeys/repository';
import { applyBankChange, cancelBankChange, endingOf } from '../my-details/bank-changes';
import type { NewBankAccount } from '../my-details/bank-accounts';
import { auditStaff } from './staff-audit';

/**
 * The console's work on a member's record rather than a case: bank changes held in their cooling-off
 * period (released early after a call, or cancelled) and reports of a death (matched to the member,
 * which suspends their account, or the match undone). Each view and decision is audited.
 */

const open = and(isNull(pendingBankChanges.cancelledAt), isNull(pendingBankChanges.appliedAt));

/**
 * A page of the bank changes waiting out their cooling-off in the caller's scope, ordered in the
 * database (the soonest to apply first, then by id, so pages never overlap), and how many wait.
 */
export async function pendingBankChangesInScope(
  db: Database,
  request: FastifyRequest,
  paging: { page: number; limit: number },
): Promise<{ changes: PendingBankChangeList['changes']; total: number }> {
  const groups = request.staff!.businessGroups;
  const where = and(open, groups ? inArray(pendingBankChanges.businessGroup, groups) : undefined);
  const [counted] = await db.select({ total: count() }).from(pendingBankChanges).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select({ change: pendingBankChanges, forenames: members.forenames, surname: members.surname })
    .from(pendingBankChanges)
    .leftJoin(
      members,
      and(
        eq(members.businessGroup, pendingBankChanges.businessGroup),
        eq(members.referenceNumber, pendingBankChanges.referenceNumber),
      ),
    )
    .where(where)
    .orderBy(asc(pendingBankChanges.appliesAt), asc(pendingBankChanges.id))
    .limit(paging.limit)
    .offset(offsetOf(paging));
  await auditStaff(db, request, {
    action: 'bank_changes_view',
    outcome: 'success',
    details: { count: rows.length, total, page: paging.page },
  });
  const changes = rows.map(({ change, forenames, surname }) => {
    const account = change.account as unknown as NewBankAccount;
    return {
      id: change.id,
      businessGroup: change.businessGroup,
      referenceNumber: change.referenceNumber,
      memberName: `${forenames ?? ''} ${surname ?? ''}`.trim() || null,
      accountEnding: endingOf(account),
      accountName: account.accountName,
      requestedAt: change.createdAt.toISOString(),
      appliesAt: change.appliesAt.toISOString(),
    };
  });
  return { changes, total };
}

/**
 * Releases a held change now (the member confirmed it on a call) or cancels it; either way every
 * route on file is told, as when the cooling-off ends or the member cancels. 404 when there is no open
 * change of that id in scope.
 */
export async function decideBankChange(
  db: Database,
  messaging: Messaging,
  request: FastifyRequest,
  changeId: string,
  decision: 'release' | 'cancel',
  note: string,
) {
  const groups = request.staff!.businessGroups;
  const [change] = await db
    .select()
    .from(pendingBankChanges)
    .where(and(eq(pendingBankChanges.id, changeId), open));
  const inScope = change && (!groups || groups.includes(change.businessGroup));
  const [member] = inScope
    ? await db
        .select()
        .from(members)
        .where(
          and(
            eq(members.businessGroup, change.businessGroup),
            eq(members.referenceNumber, change.referenceNumber),
          ),
        )
    : [];
  const done =
    change && member
      ? decision === 'release'
        ? await applyBankChange(db, messaging, request.log, change.id)
        : await cancelBankChange(db, messaging, request.log, member)
      : false;
  await auditStaff(db, request, {
    action: `bank_change_${decision}`,
    outcome: done ? 'success' : change && !inScope ? 'denied' : 'failure',
    businessGroup: change?.businessGroup ?? null,
    referenceNumber: change?.referenceNumber ?? null,
    details: { changeId, note },
  });
  if (!done)
    throw new AppError(404, 'bank_change_not_found', 'There is no bank change waiting with this reference.');
}

/**
 * The reporter's answers as their check your answers showed them, by the questions' labels in the
 * journey's content; the raw keys when that content is gone.
 */
async function reportAnswers(db: Database, row: typeof bereavementJourneys.$inferSelect) {
  const steps = stepsOf(row);
  try {
    const graph = await loadJourneyGraph(db, row.tenantUrl, row.type);
    // A report has no proof of identity of its own: the reporter proves their email instead.
    return answerLines(graph, routeOf(graph, steps).path, { identity: 'not_started' }).map((line) => ({
      question: line.label,
      answer: line.value,
    }));
  } catch {
    return steps.flatMap((step) =>
      step.answer
        ? [{ question: step.answer.questionKey, answer: step.answer.answerValue ?? step.answer.answerKey }]
        : [],
    );
  }
}

/**
 * A page of the sent reports of a death for the caller's tenants, ordered in the database: those not yet
 * matched to a member first, then newest first; each with the record it is matched to, and how many
 * reports there are in all.
 */
export async function deathReportsInScope(
  db: Database,
  request: FastifyRequest,
  paging: { page: number; limit: number },
): Promise<{ reports: DeathReportList['reports']; total: number }> {
  const tenantUrl = request.staff!.tenantUrl;
  const where = and(
    eq(bereavementJourneys.status, 'Submitted'),
    isNotNull(bereavementJourneys.caseNumber),
    tenantUrl ? eq(bereavementJourneys.tenantUrl, tenantUrl) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(bereavementJourneys).where(where);
  const total = counted?.total ?? 0;
  const sent = await db
    .select()
    .from(bereavementJourneys)
    .where(where)
    .orderBy(
      sql`${bereavementJourneys.matchedAt} is not null`,
      desc(sql`coalesce(${bereavementJourneys.submittedAt}, ${bereavementJourneys.updatedAt})`),
      asc(bereavementJourneys.caseNumber),
    )
    .limit(paging.limit)
    .offset(offsetOf(paging));
  await auditStaff(db, request, {
    action: 'death_reports_view',
    outcome: 'success',
    details: { count: sent.length, total, page: paging.page },
  });
  const answers = await Promise.all(sent.map((row) => reportAnswers(db, row)));
  // The files each reporter sent (opened from the report's case, each view audited there).
  const files = await filesOfReports(
    db,
    sent.map((row) => row.id),
  );
  const reports = sent.map((row, index) => ({
    caseNumber: row.caseNumber!,
    tenantUrl: row.tenantUrl,
    sentAt: (row.submittedAt ?? row.updatedAt).toISOString(),
    answers: answers[index]!,
    files: (files.get(row.id) ?? []).map((file) => ({
      id: file.id,
      name: file.name,
      type: file.type,
      sizeBytes: file.sizeBytes,
      receivedAt: file.receivedAt.toISOString(),
    })),
    matched:
      row.matchedAt && row.matchedBusinessGroup && row.matchedReferenceNumber
        ? {
            businessGroup: row.matchedBusinessGroup,
            referenceNumber: row.matchedReferenceNumber,
            at: row.matchedAt.toISOString(),
          }
        : null,
  }));
  return { reports, total };
}

/** 404 unless the report is a sent one of the caller's tenants (another tenant's is audited as denied). */
async function reportInScope(db: Database, request: FastifyRequest, caseNumber: string, action: string) {
  const [report] = await db
    .select({ tenantUrl: bereavementJourneys.tenantUrl })
    .from(bereavementJourneys)
    .where(and(eq(bereavementJourneys.caseNumber, caseNumber), eq(bereavementJourneys.status, 'Submitted')));
  const tenantUrl = request.staff!.tenantUrl;
  if (report && (!tenantUrl || report.tenantUrl === tenantUrl)) return;
  await auditStaff(db, request, {
    action,
    outcome: report ? 'denied' : 'failure',
    caseNumber,
    details: { reason: report ? 'other_tenant' : 'not_found' },
  });
  throw new AppError(404, 'report_not_found', `There is no sent report ${caseNumber}.`);
}

/** Matches a report to the member (suspending their account) with `matchReport`, as bereavement:match does. */
export async function matchDeathReport(
  db: Database,
  request: FastifyRequest,
  caseNumber: string,
  memberReference: string,
) {
  await reportInScope(db, request, caseNumber, 'death_report_match');
  try {
    const match = await matchReport(db, caseNumber, memberReference);
    await auditStaff(db, request, {
      action: 'death_report_match',
      outcome: 'success',
      caseNumber,
      businessGroup: match.businessGroup,
      referenceNumber: match.referenceNumber,
      details: {
        suspendedUsers: match.suspendedUsers,
        endedSessions: match.endedSessions,
        endedProviderSessions: match.endedProviderSessions,
      },
    });
    return match;
  } catch (error) {
    if (error instanceof AppError)
      await auditStaff(db, request, {
        action: 'death_report_match',
        outcome: 'failure',
        caseNumber,
        details: { memberReference, code: error.code },
      });
    throw error;
  }
}

/** Undoes a mistaken match with `unmatchReport`: the suspensions this report made are lifted. */
export async function unmatchDeathReport(db: Database, request: FastifyRequest, caseNumber: string) {
  await reportInScope(db, request, caseNumber, 'death_report_unmatch');
  try {
    const { liftedUsers } = await unmatchReport(db, caseNumber);
    await auditStaff(db, request, {
      action: 'death_report_unmatch',
      outcome: 'success',
      caseNumber,
      details: { liftedUsers },
    });
    return { liftedUsers };
  } catch (error) {
    if (error instanceof AppError)
      await auditStaff(db, request, {
        action: 'death_report_unmatch',
        outcome: 'failure',
        caseNumber,
        details: { code: error.code },
      });
    throw error;
  }
}
