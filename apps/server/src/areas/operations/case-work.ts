import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { daysBetween, utcDay } from '@meridian/pensions';
import {
  movesFrom,
  offsetOf,
  staffMay,
  staffRights,
  type CaseDeadlines,
  type CaseDetail,
  type CaseQueueStatusFilter,
  type QueuedCase,
  type StaffRight,
} from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import {
  caseEvents,
  integrationClients,
  type CaseEventActor,
  memberCases,
  memberDocuments,
  memberJourneys,
  members,
  staffAccounts,
  tenants,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { transferPaymentOf } from './transfer-payment';
import { answerLines } from '../journeys/answers';
import { routeOf } from '../journeys/engine';
import { loadJourneyGraph, stepsOf } from '../journeys/repository';
import { visitorSenderOf } from '../journeys/visitor-owner';
import { sentVisitorCase } from '../journeys/visitor-store';
import { IDENTITY_CASE_DOCUMENT, identityVerificationOf } from '../identity-verification/service';
import { casesOf } from '../cases/case-ownership';
import type { IdentityVerifier } from '../identity-verification/verifier';
import {
  acknowledgedAtSql,
  caseDeadlinesByBusinessGroup,
  deadlineOf,
  deadlineSql,
  defaultCaseDeadlines,
} from './deadlines';
import type { SignedInStaff } from './staff-session';
import { auditAutomatic, auditCommand, auditStaff, type StaffAuditEntry } from './staff-audit';
import { inMessageScope, type OutboxDelivery } from '../../lib/outbox';
import type { QueuedMessage } from '../../lib/messaging';
import { tellMemberOfCase } from './case-notices';

/** What each role may do with cases. */
const rights = {
  read: 'readCases',
  work: 'workCases',
  assignOthers: 'assignOthers',
} satisfies Record<string, StaffRight>;
export type CaseRight = keyof typeof rights;

/** Refuses (403, audited) a member of staff whose role lacks the right. */
export async function requireRight(
  db: Database,
  request: FastifyRequest,
  right: CaseRight,
  caseNumber?: string,
) {
  const staff = request.staff!;
  if (staffMay(staff.role, rights[right])) return;
  await auditStaff(db, request, {
    action: `case_${right}`,
    outcome: 'denied',
    caseNumber: caseNumber ?? null,
    details: { reason: 'role', role: staff.role },
  });
  throw new AppError(403, 'staff_role_not_allowed', 'Your role does not allow this.');
}

const inScope = (staff: SignedInStaff): SQL | undefined =>
  staff.businessGroups ? inArray(memberCases.businessGroup, staff.businessGroups) : undefined;

const caseColumns = {
  caseNumber: memberCases.caseNumber,
  caseType: memberCases.caseType,
  title: memberCases.title,
  status: memberCases.status,
  businessGroup: memberCases.businessGroup,
  referenceNumber: memberCases.referenceNumber,
  createdAt: memberCases.createdAt,
  closedAt: memberCases.closedAt,
  journeyType: memberCases.journeyType,
  memberNote: memberCases.memberNote,
  documents: memberCases.documents,
  hasSummaryPdf: sql<boolean>`${memberCases.summaryPdf} is not null`,
  forenames: members.forenames,
  surname: members.surname,
  assigneeId: staffAccounts.id,
  assigneeName: staffAccounts.name,
  guaranteeDate: sql<
    string | null
  >`(select ${memberJourneys.choice} ->> 'guaranteeDate' from ${memberJourneys} where ${memberJourneys.caseNumber} = ${memberCases.caseNumber} limit 1)`,
  acknowledgedAt: acknowledgedAtSql(memberCases.caseNumber),
};

function casesQuery(db: Database) {
  return db
    .select(caseColumns)
    .from(memberCases)
    .leftJoin(
      members,
      and(
        eq(members.businessGroup, memberCases.businessGroup),
        eq(members.referenceNumber, memberCases.referenceNumber),
      ),
    )
    .leftJoin(staffAccounts, eq(staffAccounts.id, memberCases.assignedTo));
}

type CaseRow = Awaited<ReturnType<ReturnType<typeof casesQuery>['execute']>>[number];

function queued(row: CaseRow, today: string, deadlines: CaseDeadlines = defaultCaseDeadlines): QueuedCase {
  const { deadline, rule } = deadlineOf(
    row.caseType,
    row.createdAt,
    row.guaranteeDate,
    deadlines,
    row.acknowledgedAt,
  );
  const closed = row.closedAt !== null;
  return {
    caseNumber: row.caseNumber,
    caseType: row.caseType,
    title: row.title,
    status: row.status,
    businessGroup: row.businessGroup,
    referenceNumber: row.referenceNumber,
    memberName: row.forenames || row.surname ? `${row.forenames ?? ''} ${row.surname ?? ''}`.trim() : null,
    openedAt: row.createdAt.toISOString(),
    ageDays: daysBetween(utcDay(row.createdAt), today as never),
    deadline,
    deadlineRule: rule,
    overdue: !closed && deadline < today,
    closed,
    assignee: row.assigneeId && row.assigneeName ? { id: row.assigneeId, name: row.assigneeName } : null,
  };
}

export interface QueueFilter {
  type?: string;
  status: CaseQueueStatusFilter;
  tenant?: string;
  assignee?: string;
  minAgeDays?: number;
  page: number;
  limit: number;
}

/** The cases of the queue's filters in the staff member's scope, as conditions on member_cases. */
async function queueConditions(db: Database, staff: SignedInStaff, filter: QueueFilter, now: Date) {
  const conditions: Array<SQL | undefined> = [inScope(staff)];
  if (filter.type) conditions.push(eq(memberCases.caseType, filter.type));
  if (filter.status === 'open') conditions.push(isNull(memberCases.closedAt));
  else if (filter.status === 'closed') conditions.push(isNotNull(memberCases.closedAt));
  else if (filter.status !== 'all') conditions.push(eq(memberCases.status, filter.status));
  if (filter.tenant) {
    const [tenant] = await db
      .select({ businessGroups: tenants.businessGroups })
      .from(tenants)
      .where(eq(tenants.tenantUrl, filter.tenant));
    conditions.push(
      inArray(memberCases.businessGroup, tenant?.businessGroups.length ? tenant.businessGroups : ['']),
    );
  }
  if (filter.assignee === 'none') conditions.push(isNull(memberCases.assignedTo));
  else if (filter.assignee)
    conditions.push(eq(memberCases.assignedTo, filter.assignee === 'me' ? staff.id : filter.assignee));
  if (filter.minAgeDays !== undefined)
    conditions.push(lte(memberCases.createdAt, new Date(now.getTime() - filter.minAgeDays * 86_400_000)));
  return and(...conditions);
}

/**
 * One page of the case queue in the staff member's scope, ordered in the database: overdue first, then
 * by deadline, then oldest (then by case number, so pages never overlap); with how many cases match.
 */
export async function caseQueue(
  db: Database,
  staff: SignedInStaff,
  filter: QueueFilter,
  now = new Date(),
): Promise<{ cases: QueuedCase[]; total: number }> {
  const where = await queueConditions(db, staff, filter, now);
  const today = utcDay(now);
  const [counted] = await db.select({ total: count() }).from(memberCases).where(where);
  const total = counted?.total ?? 0;
  const deadline = await deadlineSql(
    db,
    {
      caseType: sql.raw('c.case_type'),
      businessGroup: sql.raw('c.business_group'),
      opened: sql.raw('c.opened'),
      guaranteeDate: sql.raw('c.guarantee_date'),
      acknowledged: sql.raw('c.acknowledged'),
    },
    now,
  );
  const page = await db.execute<{ case_number: string }>(sql`
    select q.case_number from (
      select c.case_number, c.created_at, c.closed_at, ${deadline} as deadline
      from (
        select ${memberCases.caseNumber} as case_number, ${memberCases.createdAt} as created_at,
          ${memberCases.closedAt} as closed_at, ${memberCases.caseType} as case_type,
          ${memberCases.businessGroup} as business_group,
          (${memberCases.createdAt} at time zone 'UTC')::date as opened,
          (select case when j.given ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then j.given::date end
            from (select ${memberJourneys.choice} ->> 'guaranteeDate' as given from ${memberJourneys}
              where ${memberJourneys.caseNumber} = ${memberCases.caseNumber} limit 1) j) as guarantee_date,
          (${acknowledgedAtSql(memberCases.caseNumber)} at time zone 'UTC')::date as acknowledged
        from ${memberCases}
        where ${where ?? sql`true`}
      ) c
    ) q
    order by (q.closed_at is null and q.deadline < ${today}::date) desc, q.deadline, q.created_at, q.case_number
    limit ${filter.limit}::int offset ${offsetOf(filter)}::int`);
  const numbers = page.rows.map((row) => row.case_number);
  if (numbers.length === 0) return { cases: [], total };
  const rows = await casesQuery(db).where(inArray(memberCases.caseNumber, numbers));
  const deadlinesOf = await caseDeadlinesByBusinessGroup(db);
  const byNumber = new Map(rows.map((row) => [row.caseNumber, row]));
  const cases = numbers.flatMap((number) => {
    const row = byNumber.get(number);
    return row ? [queued(row, today, deadlinesOf(row.businessGroup))] : [];
  });
  return { cases, total };
}

/**
 * What the queue's filters offer: the case types of the cases in the staff member's scope, each named
 * by the title its cases carry most, and the tenants they may see (their own, or every one).
 */
export async function caseQueueOptions(db: Database, staff: SignedInStaff) {
  const typeRows = await db
    .select({ caseType: memberCases.caseType, title: memberCases.title, cases: count() })
    .from(memberCases)
    .where(inScope(staff))
    .groupBy(memberCases.caseType, memberCases.title);
  const named = new Map<string, { name: string; cases: number }>();
  for (const row of typeRows) {
    const best = named.get(row.caseType);
    if (!best || row.cases > best.cases || (row.cases === best.cases && row.title < best.name))
      named.set(row.caseType, { name: row.title, cases: row.cases });
  }
  const tenantRows = await db
    .select({ tenantUrl: tenants.tenantUrl, name: tenants.tenantName })
    .from(tenants)
    .where(staff.tenantUrl === null ? undefined : eq(tenants.tenantUrl, staff.tenantUrl))
    .orderBy(asc(tenants.tenantName));
  return {
    caseTypes: [...named]
      .map(([caseType, { name }]) => ({ caseType, name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.caseType.localeCompare(b.caseType)),
    tenants: tenantRows,
  };
}

/**
 * A file sent with a case: a document the member sent, or one the visitor sent with the journey that
 * opened it (a report of a death's uploads, kept by the visitor's own store); undefined when the case
 * has no file `fileId`.
 */
async function caseFileOf(db: Database, request: FastifyRequest, caseNumber: string, fileId: string) {
  const [stored] = await db
    .select()
    .from(memberDocuments)
    .where(and(eq(memberDocuments.id, fileId), eq(memberDocuments.caseNumber, caseNumber)));
  if (stored)
    return {
      mediaType: stored.mediaType,
      stream: await request.server.documentLibrary.store.open(stored.id),
      details: { documentId: stored.id },
    };
  const sent = await sentVisitorCase(db, caseNumber);
  const shelf = sent?.store.files;
  if (!sent || !shelf) return undefined;
  const opened = await shelf.open(db, sent.journey.id, fileId);
  if (!opened) return undefined;
  return {
    mediaType: opened.file.mediaType,
    stream: opened.stream,
    details: { documentId: opened.file.id, sentWith: shelf.name },
  };
}

/**
 * Sends a document sent with a case in the caller's scope (the member's, or the visitor's with the
 * journey that opened it; 404 when the case has no such document), streamed from its store, its view
 * audited; inline for the console, an attachment for an administration system.
 */
export async function sendCaseFile(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { caseNumber: string; fileId: string; disposition: 'inline' | 'attachment' },
) {
  const found = await caseInScope(db, request, file.caseNumber);
  const stored = await caseFileOf(db, request, file.caseNumber, file.fileId);
  if (!stored) throw new AppError(404, 'case_file_not_found', 'This case has no such document.');
  await auditStaff(db, request, {
    action: 'case_document_view',
    outcome: 'success',
    caseNumber: file.caseNumber,
    businessGroup: found.businessGroup,
    referenceNumber: found.referenceNumber,
    details: stored.details,
  });
  return reply
    .type(stored.mediaType)
    .header('content-disposition', file.disposition)
    .header('cache-control', 'no-store')
    .send(stored.stream);
}

/**
 * A case in the scope of the staff member, or of the integration client, making the request: 404 when
 * there is none; another tenant's is refused (audited), 403 for staff, and 404 for a client, which is
 * not told that the case exists.
 */
export async function caseInScope(
  db: Database,
  request: FastifyRequest,
  caseNumber: string,
): Promise<CaseRow & QueuedCase> {
  const scope = request.staff
    ? request.staff.businessGroups
    : (request.integrationClient?.businessGroups ?? []);
  const [row] = await casesQuery(db).where(eq(memberCases.caseNumber, caseNumber));
  const absent = () => caseNotFound(caseNumber);
  if (!row) throw absent();
  if (scope && !scope.includes(row.businessGroup)) {
    await auditStaff(db, request, {
      action: 'case_view',
      outcome: 'denied',
      caseNumber,
      businessGroup: row.businessGroup,
      referenceNumber: row.referenceNumber,
      details: { reason: 'other_tenant' },
    });
    if (!request.staff) throw absent();
    throw new AppError(403, 'case_other_tenant', 'This case belongs to another scheme’s members.');
  }
  return withDeadline(db, row);
}

const caseNotFound = (caseNumber: string) =>
  new AppError(404, 'case_not_found', `There is no case ${caseNumber}.`);

async function withDeadline(db: Database, row: CaseRow): Promise<CaseRow & QueuedCase> {
  const deadlinesOf = await caseDeadlinesByBusinessGroup(db);
  return { ...row, ...queued(row, utcDay(new Date()), deadlinesOf(row.businessGroup)) };
}

/** The tenant a business group belongs to (the first that lists it). */
async function tenantOfGroup(db: Database, businessGroup: string): Promise<string | null> {
  const [row] = await db
    .select({ tenantUrl: tenants.tenantUrl })
    .from(tenants)
    .where(sql`${businessGroup} = any(${tenants.businessGroups})`)
    .limit(1);
  return row?.tenantUrl ?? null;
}

const rawAnswers = (steps: ReturnType<typeof stepsOf>) =>
  steps.flatMap((step) =>
    step.answer
      ? [{ question: step.answer.questionKey, answer: step.answer.answerValue ?? step.answer.answerKey }]
      : [],
  );

/**
 * A visitor's case (a report of a death, a callback request): their answers as their check your answers
 * showed them, who sent it and the files they sent with it; null for a member's case.
 */
async function visitorCaseOf(db: Database, caseNumber: string) {
  const sent = await sentVisitorCase(db, caseNumber);
  if (!sent) return null;
  const { journey, store } = sent;
  const files = (await store.files?.list(db, journey.id)) ?? [];
  const steps = stepsOf(journey);
  try {
    const graph = await loadJourneyGraph(db, journey.tenantUrl, journey.type);
    const { path } = routeOf(graph, steps);
    // A visitor has no proof of identity of their own.
    const answers = answerLines(graph, path, { identity: 'not_started' }).map((line) => ({
      question: line.label,
      answer: line.value,
    }));
    return { answers, sentBy: visitorSenderOf(graph, path), files };
  } catch {
    return { answers: rawAnswers(steps), sentBy: visitorSenderOf(null, []), files };
  }
}

/**
 * The member's answers as check your answers showed them; the raw answers when the journey's content is
 * gone; a visitor's, for a case a visitor opened.
 */
async function answersOf(
  db: Database,
  verifier: IdentityVerifier,
  log: FastifyBaseLogger,
  found: {
    caseNumber: string;
    businessGroup: string;
    referenceNumber: string | null;
    journeyType: string | null;
  },
  visitor: { answers: CaseDetail['answers'] } | null,
) {
  const { referenceNumber } = found;
  if (referenceNumber === null) return visitor?.answers ?? [];
  const [journey] = await db
    .select({ steps: memberJourneys.steps, type: memberJourneys.type, endReason: memberJourneys.endReason })
    .from(memberJourneys)
    .where(eq(memberJourneys.caseNumber, found.caseNumber))
    .limit(1);
  // A visitor's case matched to a member since keeps the visitor's answers.
  if (!journey) return visitor?.answers ?? [];
  const steps = stepsOf(journey);
  const tenantUrl = await tenantOfGroup(db, found.businessGroup);
  try {
    if (!tenantUrl) throw new Error('no tenant');
    const graph = await loadJourneyGraph(db, tenantUrl, journey.type);
    const identity = await identityVerificationOf(db, verifier, { ...found, referenceNumber }, log);
    const { path, frontier } = routeOf(graph, steps);
    const answers = answerLines(graph, path, { identity: identity.status }).map((line) => ({
      question: line.label,
      answer: line.value,
    }));
    // A journey that ended on a terminal page (a refused transfer): the page it ended on, and why.
    const ended = journey.endReason && graph.pages.get(frontier);
    return ended
      ? [...answers, { question: 'Ended on', answer: `${ended.title} (${journey.endReason})` }]
      : answers;
  } catch {
    return rawAnswers(steps);
  }
}

/** Everything the case page shows; the view is audited as a view of the member's data. */
export async function caseDetail(
  db: Database,
  verifier: IdentityVerifier,
  request: FastifyRequest,
  caseNumber: string,
): Promise<CaseDetail> {
  const found = await caseInScope(db, request, caseNumber);
  const [member] =
    found.referenceNumber === null
      ? []
      : await db
          .select()
          .from(members)
          .where(
            and(
              eq(members.businessGroup, found.businessGroup),
              eq(members.referenceNumber, found.referenceNumber),
            ),
          );
  const memberFiles = await db
    .select({
      id: memberDocuments.id,
      name: memberDocuments.name,
      type: memberDocuments.type,
      mediaType: memberDocuments.mediaType,
      sizeBytes: memberDocuments.sizeBytes,
      receivedAt: memberDocuments.receivedAt,
    })
    .from(memberDocuments)
    .where(eq(memberDocuments.caseNumber, caseNumber))
    .orderBy(asc(memberDocuments.receivedAt));
  const events = await db
    .select({
      event: caseEvents,
      named: sql<
        string | null
      >`coalesce(${staffAccounts.name}, (select ${integrationClients.name} from ${integrationClients} where ${integrationClients.id} = ${caseEvents.clientId}))`,
      assignee: sql<
        string | null
      >`(select name from ${staffAccounts} a where a.id = ${caseEvents.assigneeId})`,
    })
    .from(caseEvents)
    .leftJoin(staffAccounts, eq(staffAccounts.id, caseEvents.staffId))
    .where(eq(caseEvents.caseNumber, caseNumber))
    .orderBy(asc(caseEvents.at));
  const visitor = await visitorCaseOf(db, caseNumber);
  const sentBy = visitor?.sentBy ?? 'Member';
  const sender = visitor ? ('visitor' as const) : ('member' as const);
  // The member's documents, and the visitor's files for a case a visitor opened (matched to a member since or not).
  const files = [...memberFiles, ...(visitor?.files ?? [])].sort(
    (a, b) => a.receivedAt.getTime() - b.receivedAt.getTime(),
  );
  await auditStaff(db, request, {
    action: 'case_view',
    outcome: 'success',
    caseNumber,
    businessGroup: found.businessGroup,
    referenceNumber: found.referenceNumber,
  });
  const timeline: CaseDetail['timeline'] = [
    {
      at: found.createdAt.toISOString(),
      kind: 'opened' as const,
      actor: sender,
      by: sentBy,
      status: 'Received',
      note: null,
      memberNote: null,
    },
    ...files.map((file) => ({
      at: file.receivedAt.toISOString(),
      kind: 'submitted_document' as const,
      actor: sender,
      by: sentBy,
      status: null,
      note: file.name,
      memberNote: null,
    })),
    ...events.map(({ event, named, assignee }) => ({
      at: event.at.toISOString(),
      kind: event.kind,
      actor: event.actor,
      by: named ?? actorNames[event.actor],
      status: event.status,
      note:
        event.kind === 'assigned' ? `Assigned to ${assignee ?? 'nobody (back in the queue)'}` : event.note,
      memberNote: event.memberNote,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    case: {
      caseNumber: found.caseNumber,
      caseType: found.caseType,
      title: found.title,
      status: found.status,
      businessGroup: found.businessGroup,
      referenceNumber: found.referenceNumber,
      memberName: found.memberName,
      openedAt: found.openedAt,
      ageDays: found.ageDays,
      deadline: found.deadline,
      deadlineRule: found.deadlineRule,
      overdue: found.overdue,
      closed: found.closed,
      assignee: found.assignee,
      memberNote: found.memberNote,
      journeyType: found.journeyType,
      sentBy,
      allowedMoves: found.closed ? [] : [...movesFrom(found.status)],
    },
    member: member
      ? {
          name: [member.title, member.forenames, member.surname].filter(Boolean).join(' '),
          dateOfBirth: member.dateOfBirth,
          insuranceNumber: member.insuranceNumber,
          status: member.status,
          schemeCode: member.schemeCode,
          email: member.email,
        }
      : null,
    answers: await answersOf(db, verifier, request.log, found, visitor),
    documents: found.documents.map((document) => ({
      name: document.name,
      status:
        (['outstanding', 'received', 'complete'] as const).find((s) => s === document.status) ??
        'outstanding',
      byUpload: document.upload === true && document.status !== 'outstanding',
    })),
    files: files.map((file) => ({ ...file, receivedAt: file.receivedAt.toISOString() })),
    hasSummaryPdf: found.hasSummaryPdf,
    timeline,
    transferPayment: await transferPaymentOf(db, caseNumber, utcDay(new Date())),
  };
}

/** How the timeline names who acted, where no member of staff or integration client is named. */
const actorNames: Record<CaseEventActor, string> = {
  staff: 'Staff',
  integration: 'Administration system',
  command: 'Administration (case:update command)',
  member: 'Member',
  system: 'Meridian (automatic)',
};

export type CaseAction =
  | { kind: 'assigned'; assigneeId: string | null }
  | { kind: 'status'; status: string; memberNote: string }
  | { kind: 'note'; note: string }
  | { kind: 'completed'; memberNote: string }
  | { kind: 'rejected'; reason: string }
  | { kind: 'document_received'; document: string }
  | { kind: 'document_requested'; document: string; memberNote: string };

type CaseChange = Partial<
  Pick<
    typeof memberCases.$inferInsert,
    'assignedTo' | 'status' | 'memberNote' | 'closedAt' | 'updatedAt' | 'documents'
  >
>;

/** The status an action moves the case to, if it moves it. */
const targetStatus = (action: CaseAction): string | null =>
  action.kind === 'status'
    ? action.status
    : action.kind === 'completed'
      ? 'Completed'
      : action.kind === 'rejected'
        ? 'Rejected'
        : null;

/**
 * What an action changes on the case (its status and document list as they stand given); 400/409 when
 * it cannot.
 */
function changeOf(
  action: CaseAction,
  { status, documents }: { status: string; documents: Array<{ name: string; status: string }> },
  now: Date,
): CaseChange | null {
  switch (action.kind) {
    case 'assigned':
      return { assignedTo: action.assigneeId };
    case 'status':
      return { status: action.status, memberNote: action.memberNote, updatedAt: now };
    case 'completed':
      return { status: 'Completed', memberNote: action.memberNote, closedAt: now, updatedAt: now };
    case 'rejected':
      return { status: 'Rejected', memberNote: action.reason, closedAt: now, updatedAt: now };
    case 'note':
      return null;
    case 'document_received': {
      const listed = documents.find((document) => document.name === action.document);
      if (!listed)
        throw new AppError(404, 'case_document_not_found', `This case does not list “${action.document}”.`);
      if (listed.status !== 'outstanding')
        throw new AppError(409, 'case_document_received', `“${action.document}” is already received.`);
      const after = documents.map((document) =>
        document === listed ? { ...document, status: 'received' } : document,
      );
      // The last document a waiting case asked for has come: it is back with the scheme.
      const backWithUs =
        status === 'Waiting for you' && !after.some((document) => document.status === 'outstanding');
      return { documents: after, updatedAt: now, ...(backWithUs ? { status: 'In progress' } : {}) };
    }
    case 'document_requested': {
      if (
        documents.some((document) => document.name === action.document && document.status === 'outstanding')
      )
        throw new AppError(
          409,
          'case_document_outstanding',
          `“${action.document}” is already asked for and not yet received.`,
        );
      return {
        documents: [
          ...documents.filter((document) => document.name !== action.document),
          { name: action.document, status: 'outstanding' },
        ],
        memberNote: action.memberNote,
        updatedAt: now,
        // The case now waits for the member, wherever the state machine lets it.
        ...(movesFrom(status).includes('Waiting for you') ? { status: 'Waiting for you' } : {}),
      };
    }
  }
}

/**
 * One action on a case by staff in the console or a client of the integration API, through
 * `applyCaseAction`, the member told of it as it says.
 */
export async function actOnCase(
  db: Database,
  request: FastifyRequest,
  caseNumber: string,
  action: CaseAction,
) {
  // Staff act as their role allows; an integration client's scopes were checked by its route.
  const staff = request.staff;
  if (staff) {
    await requireRight(db, request, 'work', caseNumber);
    if (action.kind === 'assigned' && action.assigneeId !== staff.id)
      await requireRight(db, request, 'assignOthers', caseNumber);
  }
  const found = await caseInScope(db, request, caseNumber);
  const notices = await applyCaseAction(
    db,
    staff ? staffActing(request) : integrationActing(request),
    found,
    action,
  );
  await request.server.messaging.deliverQueued(notices);
}

/**
 * One action on any case by an operator's command (npm run case:update, standing in for the
 * administration system), through `applyCaseAction` as the console's: its event's actor is `command`,
 * its audit entries name the operator. The member's notice is written to the outbox, marked with the
 * case's tenant; the server's job queue sends an email or a text over the channels given (those the
 * server has), a letter waits for the print run.
 */
export async function actOnCaseByCommand(
  db: Database,
  command: { log: FastifyBaseLogger; operator: string; channels: OutboxDelivery['channels'] },
  caseNumber: string,
  action: CaseAction,
): Promise<void> {
  const [row] = await casesQuery(db).where(eq(memberCases.caseNumber, caseNumber));
  if (!row) throw caseNotFound(caseNumber);
  const found = await withDeadline(db, row);
  // A case's notice carries no one-time code: there is none to keep or seal.
  const delivery: OutboxDelivery = { channels: command.channels, keepCodes: false, wake: () => undefined };
  await inMessageScope(await tenantOfGroup(db, found.businessGroup), delivery, () =>
    applyCaseAction(db, commandActing(command.log, command.operator), found, action),
  );
}

/**
 * A confirmed identity as a case action: "Proof of identity" received on each of the member's open cases
 * still waiting for it, as the console's "Mark received" is (its timeline event and audit entry, the
 * case back to In progress when it was the last document asked for), in the transaction that confirms
 * the identity, by whoever confirmed it. Closed cases stay as they are.
 */
export async function identityReceivedOnCases(
  tx: Transaction,
  acting: CaseActing,
  record: { businessGroup: string; referenceNumber: string },
): Promise<void> {
  const open = await tx
    .select({
      caseNumber: memberCases.caseNumber,
      title: memberCases.title,
      businessGroup: memberCases.businessGroup,
      referenceNumber: memberCases.referenceNumber,
      status: memberCases.status,
      documents: memberCases.documents,
    })
    .from(memberCases)
    .where(and(casesOf(record), isNull(memberCases.closedAt)))
    .orderBy(asc(memberCases.caseNumber));
  const waiting = (document: { name: string; status: string }) =>
    document.name === IDENTITY_CASE_DOCUMENT && document.status === 'outstanding';
  for (const found of open.filter((row) => row.documents.some(waiting)))
    await applyCaseAction(
      tx,
      acting,
      { ...found, closed: false },
      { kind: 'document_received', document: IDENTITY_CASE_DOCUMENT },
    );
}

/** Staff of the console acting in their request: events name them, the audit trail their request. */
export const staffActing = (request: FastifyRequest): CaseActing => ({
  event: { actor: 'staff', staffId: request.staff!.id },
  log: request.log,
  audit: (to, entry) => auditStaff(to, request, entry),
});

/** A client of the integration API acting in its request. */
const integrationActing = (request: FastifyRequest): CaseActing => ({
  event: { actor: 'integration', clientId: request.integrationClient!.id },
  log: request.log,
  audit: (to, entry) => auditStaff(to, request, entry),
});

/** An operator's command acting (identity:decide, case:update): events say command, audits name them. */
export const commandActing = (log: FastifyBaseLogger, operator: string): CaseActing => ({
  event: { actor: 'command' },
  log,
  audit: (to, entry) => auditCommand(to, operator, entry),
});

/** Meridian acting on its own (a provider's confirmation): events say system, audits name the source. */
export const systemActing = (log: FastifyBaseLogger, source: string): CaseActing => ({
  event: { actor: 'system' },
  log,
  audit: (to, entry) => auditAutomatic(to, source, entry),
});

/** Who acts through `applyCaseAction`: the timeline event's actor, and how each step is audited. */
export interface CaseActing {
  event: Pick<typeof caseEvents.$inferInsert, 'actor' | 'staffId' | 'clientId'>;
  log: FastifyBaseLogger;
  audit: (db: Database | Transaction, entry: StaffAuditEntry) => Promise<void>;
}

/**
 * One action on a case, with its timeline event and its audit entry in one transaction, and the
 * notice to the member it calls for (answered, to be delivered once committed). A closed case takes
 * notes only (409 `case_closed`); a status the case's state machine does not allow from where it
 * stands is refused (409 `case_move_not_allowed`, audited); an assignee must be staff who can see the
 * case. The console's staff, the integration API's clients and the case:update command all act
 * through here.
 */
async function applyCaseAction(
  db: Database | Transaction,
  acting: CaseActing,
  found: Pick<
    CaseRow & QueuedCase,
    'caseNumber' | 'title' | 'businessGroup' | 'referenceNumber' | 'status' | 'closed'
  >,
  action: CaseAction,
): Promise<QueuedMessage[]> {
  const { caseNumber } = found;
  const where = {
    caseNumber,
    businessGroup: found.businessGroup,
    referenceNumber: found.referenceNumber,
  };
  if (found.closed && action.kind !== 'note')
    throw new AppError(
      409,
      'case_closed',
      `Case ${caseNumber} is ${found.status.toLowerCase()}: it cannot change now.`,
    );
  const target = targetStatus(action);
  if (target !== null && !(movesFrom(found.status) as readonly string[]).includes(target)) {
    await acting.audit(db, {
      action: `case_${action.kind}`,
      outcome: 'denied',
      ...where,
      details: { reason: 'move_not_allowed', from: found.status, to: target },
    });
    throw new AppError(
      409,
      'case_move_not_allowed',
      `A case that is “${found.status}” cannot move to “${target}”. It can move to: ${movesFrom(found.status).join(', ') || 'nothing'}.`,
    );
  }
  if (action.kind === 'assigned' && action.assigneeId) {
    const [assignee] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, action.assigneeId));
    const scopeOk =
      assignee &&
      !assignee.disabledAt &&
      staffMay(assignee.role, 'workCases') &&
      (assignee.tenantUrl === null || (await tenantOfGroup(db, found.businessGroup)) === assignee.tenantUrl);
    if (!scopeOk) throw new AppError(400, 'assignee_not_allowed', 'This person cannot work this case.');
  }
  const now = new Date();
  return db.transaction(async (tx) => {
    // The case as it stands under a lock: a member's upload or another member of staff may have
    // changed it since it was read.
    const [locked] = await tx
      .select({
        status: memberCases.status,
        documents: memberCases.documents,
        closedAt: memberCases.closedAt,
      })
      .from(memberCases)
      .where(eq(memberCases.caseNumber, caseNumber))
      .for('update');
    if (!locked || locked.status !== found.status || (locked.closedAt !== null) !== found.closed)
      throw new AppError(
        409,
        'case_changed',
        'Someone else changed this case a moment ago. Reload it and try again.',
      );
    const change = changeOf(action, locked, now);
    if (change) await tx.update(memberCases).set(change).where(eq(memberCases.caseNumber, caseNumber));
    await tx.insert(caseEvents).values({
      caseNumber,
      at: now,
      ...acting.event,
      kind: action.kind,
      status: change?.status ?? null,
      assigneeId: action.kind === 'assigned' ? action.assigneeId : null,
      note:
        action.kind === 'note'
          ? action.note
          : action.kind === 'document_received' || action.kind === 'document_requested'
            ? action.document
            : null,
      memberNote: change?.memberNote ?? null,
    });
    await acting.audit(tx, {
      action: `case_${action.kind}`,
      outcome: 'success',
      ...where,
      details:
        action.kind === 'assigned'
          ? { assigneeId: action.assigneeId }
          : action.kind === 'document_received' || action.kind === 'document_requested'
            ? {
                document: action.document,
                ...(change?.status ? { from: found.status, status: change.status } : {}),
              }
            : change?.status
              ? { from: found.status, status: change.status }
              : {},
    });
    // The member hears of a move with a note, or a document asked for, the way they chose.
    if (action.kind === 'document_requested')
      return tellMemberOfCase(tx, acting.log, found, { kind: action.kind, document: action.document });
    if (target !== null) return tellMemberOfCase(tx, acting.log, found, { kind: 'status', status: target });
    return [];
  });
}

/** Staff a case in this scope could go to: those who work cases, of the tenant or of every tenant. */
export async function assignableStaff(db: Database, staff: SignedInStaff) {
  const rows = await db
    .select({
      id: staffAccounts.id,
      name: staffAccounts.name,
      role: staffAccounts.role,
      tenantUrl: staffAccounts.tenantUrl,
    })
    .from(staffAccounts)
    .where(and(isNull(staffAccounts.disabledAt), inArray(staffAccounts.role, staffRights.workCases)))
    .orderBy(asc(staffAccounts.name));
  return rows.filter(
    (row) => staff.tenantUrl === null || row.tenantUrl === null || row.tenantUrl === staff.tenantUrl,
  );
}
