import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  bereavementJourneys,
  memberCases,
  members,
  sessions,
  tenants,
  userRecords,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { endProviderSessions } from '../identity-provider/provider-sessions';

/**
 * The scheme's side of a report of a death: matching a sent report to the member record it is about,
 * which suspends that member's portal account (no sign-in, every session ended) with the reason
 * recorded; and undoing a mistaken match. The only code that reads the bereavement schema together
 * with member data (docs/bereavement.md): the report keeps the record it was matched to by value.
 * `npm run bereavement:match` calls it today; the operations console can call the same functions.
 */

/** Why an account is suspended, naming the report, so undoing the match lifts only its own suspension. */
export const suspensionReasonFor = (caseNumber: string) => `Reported as died (report ${caseNumber})`;
/** Why a suspended member's sessions ended. */
export const SUSPENDED_SESSION_REASON = 'account_suspended';

export interface Match {
  caseNumber: string;
  businessGroup: string;
  referenceNumber: string;
  /** The portal accounts whose own record this is, now suspended. */
  suspendedUsers: number;
  endedSessions: number;
  /** The embedded OpenID provider's sessions for those accounts, ended with the portal's. */
  endedProviderSessions: number;
}

const refused = (code: string, message: string) => new AppError(409, code, message);

async function sentReport(tx: Transaction, caseNumber: string) {
  const [report] = await tx
    .select()
    .from(bereavementJourneys)
    .where(eq(bereavementJourneys.caseNumber, caseNumber))
    .for('update');
  if (!report || report.status !== 'Submitted')
    throw new AppError(404, 'report_not_found', `There is no sent report ${caseNumber}.`);
  return report;
}

/**
 * The member record a reference names among the report's tenant's business groups: `1234567`, or
 * `BGR:1234567` where the number is in more than one of them.
 */
async function memberRecordOf(tx: Transaction, tenantUrl: string, memberReference: string) {
  const [group, number] = memberReference.includes(':')
    ? memberReference.split(':', 2)
    : [undefined, memberReference];
  const [tenant] = await tx
    .select({ businessGroups: tenants.businessGroups })
    .from(tenants)
    .where(eq(tenants.tenantUrl, tenantUrl));
  const groups = (tenant?.businessGroups ?? []).filter((candidate) => !group || candidate === group);
  const found =
    groups.length === 0
      ? []
      : await tx
          .select({ businessGroup: members.businessGroup, referenceNumber: members.referenceNumber })
          .from(members)
          .where(and(inArray(members.businessGroup, groups), eq(members.referenceNumber, number!)));
  if (found.length === 0)
    throw new AppError(404, 'member_not_found', `No member ${memberReference} in this report's scheme.`);
  if (found.length > 1)
    throw refused(
      'member_ambiguous',
      `${memberReference} is in more than one business group: give it as ${found.map((row) => `${row.businessGroup}:${row.referenceNumber}`).join(' or ')}.`,
    );
  return found[0]!;
}

/** The accounts whose own (primary) record this is: a relative's account that links to it is theirs, not the member's. */
async function accountsOf(tx: Transaction, record: { businessGroup: string; referenceNumber: string }) {
  const rows = await tx
    .select({ userId: userRecords.userId })
    .from(userRecords)
    .where(
      and(
        eq(userRecords.businessGroup, record.businessGroup),
        eq(userRecords.referenceNumber, record.referenceNumber),
        eq(userRecords.isPrimary, true),
      ),
    );
  return rows.map((row) => row.userId);
}

/**
 * Matches a sent report to a member record and suspends the member's portal account, ending its
 * sessions (each instance notices within SESSION_CACHE_MS) and the embedded OpenID provider's sessions
 * for it, in the same transaction, so a browser signed in on the provider's page is not let through
 * it again (issue 41). Matching again to the same record changes
 * nothing; to another record is refused until the first match is undone.
 */
export async function matchReport(
  db: Database,
  caseNumber: string,
  memberReference: string,
  now = new Date(),
): Promise<Match> {
  return db.transaction(async (tx) => {
    const report = await sentReport(tx, caseNumber);
    const record = await memberRecordOf(tx, report.tenantUrl, memberReference.trim());
    if (
      report.matchedAt &&
      (report.matchedBusinessGroup !== record.businessGroup ||
        report.matchedReferenceNumber !== record.referenceNumber)
    )
      throw refused(
        'report_matched',
        `${caseNumber} is matched to ${report.matchedBusinessGroup}:${report.matchedReferenceNumber}. Undo that match first.`,
      );
    await tx
      .update(bereavementJourneys)
      .set({
        matchedBusinessGroup: record.businessGroup,
        matchedReferenceNumber: record.referenceNumber,
        matchedAt: report.matchedAt ?? now,
      })
      .where(eq(bereavementJourneys.id, report.id));
    // The report's case is now about this member: their record in the console, the queue and the API.
    await tx
      .update(memberCases)
      .set({ ...record, updatedAt: now })
      .where(eq(memberCases.caseNumber, caseNumber));
    const accounts = await accountsOf(tx, record);
    const suspended =
      accounts.length === 0
        ? []
        : await tx
            .update(users)
            .set({ suspendedAt: now, suspendedReason: suspensionReasonFor(caseNumber) })
            .where(and(inArray(users.id, accounts), isNull(users.suspendedAt)))
            .returning({ id: users.id });
    const ended =
      accounts.length === 0
        ? []
        : await tx
            .update(sessions)
            .set({ revokedAt: now, revokedReason: SUSPENDED_SESSION_REASON })
            .where(and(inArray(sessions.userId, accounts), isNull(sessions.revokedAt)))
            .returning({ id: sessions.id });
    let endedProviderSessions = 0;
    for (const account of accounts) endedProviderSessions += await endProviderSessions(tx, account, now);
    return {
      caseNumber,
      ...record,
      suspendedUsers: suspended.length,
      endedSessions: ended.length,
      endedProviderSessions,
    };
  });
}

/**
 * Undoes a mistaken match: the report is unmatched, and the accounts this report suspended can sign in
 * again (a suspension for another reason stays). Answers how many accounts were lifted.
 */
export async function unmatchReport(db: Database, caseNumber: string) {
  return db.transaction(async (tx) => {
    const report = await sentReport(tx, caseNumber);
    if (!report.matchedAt) throw refused('report_not_matched', `${caseNumber} is not matched to a member.`);
    await tx
      .update(bereavementJourneys)
      .set({ matchedBusinessGroup: null, matchedReferenceNumber: null, matchedAt: null })
      .where(eq(bereavementJourneys.id, report.id));
    await tx
      .update(memberCases)
      .set({ referenceNumber: null, updatedAt: new Date() })
      .where(eq(memberCases.caseNumber, caseNumber));
    const lifted = await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null })
      .where(eq(users.suspendedReason, suspensionReasonFor(caseNumber)))
      .returning({ id: users.id });
    return { caseNumber, liftedUsers: lifted.length };
  });
}
