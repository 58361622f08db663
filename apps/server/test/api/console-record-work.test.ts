import { and, eq, isNull, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  bereavementJourneys,
  caseEvents,
  memberBankAccounts,
  memberCases,
  outboxMessages,
  pendingBankChanges,
  staffAccounts,
  staffAudit,
  userRecords,
  users,
} from '../../src/db/schema';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/seed/demo-staff';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const context = useTestApp();
const demo = (email: string) => demoStaff.find((staff) => staff.email === email)!;
const caseworker = demo('caseworker@meridian.example');
const blueCaseworker = demo('caseworker@bluewater.example');

async function signedInStaff(
  staff: { email: string; totpSecret: string; tenantUrl?: string | null },
  password = DEMO_STAFF_PASSWORD,
) {
  await context.database.db
    .update(staffAccounts)
    .set({ totpLastStep: null })
    .where(eq(staffAccounts.email, staff.email));
  // On their tenant's host: a tenant's staff sign in nowhere else.
  const agent = new BrowserAgent(context.app, staff.tenantUrl ?? 'localhost');
  await agent.request({
    method: 'POST',
    url: '/admin-api/sign-in',
    payload: { email: staff.email, password },
  });
  const code = await agent.request({
    method: 'POST',
    url: '/admin-api/sign-in/code',
    payload: { code: await generate({ secret: staff.totpSecret }) },
  });
  expect(code.statusCode, code.body).toBe(200);
  return agent;
}

async function signedInAuditor() {
  const secret = 'RECORDWORKAUDITORSECRETAAAAAAAAA';
  const email = 'record.auditor@meridian.example';
  const [existing] = await context.database.db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email));
  if (!existing)
    await addStaff(context.database.db, {
      email,
      name: 'Rita Auditor',
      role: 'auditor',
      tenantUrl: 'localhost',
      password: 'auditor password',
      totp: { secret },
    });
  return signedInStaff({ email, totpSecret: secret }, 'auditor password');
}

const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: Array<{ code: string }> }).errors[0]!.code;

const record = { businessGroup: 'MER', referenceNumber: '1000010' };

async function holdBankChange(accountNumber: string) {
  const [change] = await context.database.db
    .insert(pendingBankChanges)
    .values({
      ...record,
      account: { kind: 'uk', accountName: 'P Evans', sortCode: '200000', accountNumber },
      appliesAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning();
  return change!.id;
}

const noticesWith = async (subject: string) =>
  (await context.database.db.select().from(outboxMessages).where(eq(outboxMessages.subject, subject))).length;

describe('pending bank changes in the console', () => {
  it('lists a held change, releases it early after a call (audited) and tells the member', async () => {
    const changeId = await holdBankChange('55779911');
    const agent = await signedInStaff(caseworker);
    const list = await agent.request({ method: 'GET', url: '/admin-api/bank-changes' });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { changes: unknown[] }).changes).toContainEqual(
      expect.objectContaining({ id: changeId, ...record, accountEnding: '9911', accountName: 'P Evans' }),
    );
    const theirs = await signedInStaff(blueCaseworker);
    expect(
      (
        (await theirs.request({ method: 'GET', url: '/admin-api/bank-changes' })).json() as {
          changes: Array<{ id: string }>;
        }
      ).changes.some((change) => change.id === changeId),
    ).toBe(false);
    const otherTenant = await theirs.request({
      method: 'POST',
      url: `/admin-api/bank-changes/${changeId}/release`,
      payload: { note: 'Not mine' },
    });
    expect([otherTenant.statusCode, errorCode(otherTenant)]).toEqual([404, 'bank_change_not_found']);
    const auditor = await signedInAuditor();
    const refused = await auditor.request({
      method: 'POST',
      url: `/admin-api/bank-changes/${changeId}/release`,
      payload: { note: 'Auditors cannot' },
    });
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'staff_role_not_allowed']);
    const blank = await agent.request({
      method: 'POST',
      url: `/admin-api/bank-changes/${changeId}/release`,
      payload: { note: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    const [stillHeld] = await context.database.db
      .select()
      .from(pendingBankChanges)
      .where(eq(pendingBankChanges.id, changeId));
    expect(stillHeld!.appliedAt).toBeNull();

    const before = await noticesWith('Your new bank details are now in use');
    const released = await agent.request({
      method: 'POST',
      url: `/admin-api/bank-changes/${changeId}/release`,
      payload: { note: 'Member called from the number on file and confirmed the change.' },
    });
    expect(released.statusCode, released.body).toBe(200);
    const [current] = await context.database.db
      .select()
      .from(memberBankAccounts)
      .where(
        and(
          eq(memberBankAccounts.businessGroup, record.businessGroup),
          eq(memberBankAccounts.referenceNumber, record.referenceNumber),
          isNull(memberBankAccounts.replacedAt),
        ),
      );
    expect(current!.accountNumber).toBe('55779911');
    expect(await noticesWith('Your new bank details are now in use')).toBeGreaterThan(before);
    const again = await agent.request({
      method: 'POST',
      url: `/admin-api/bank-changes/${changeId}/cancel`,
      payload: { note: 'Too late' },
    });
    expect([again.statusCode, errorCode(again)]).toEqual([404, 'bank_change_not_found']);
    const audited = await context.database.db.execute(
      sql`select action, outcome, details->>'note' as note from ${staffAudit} where details->>'changeId' = ${changeId} order by at`,
    );
    expect(audited.rows).toEqual([
      { action: 'bank_change_release', outcome: 'denied', note: 'Not mine' },
      {
        action: 'bank_change_release',
        outcome: 'success',
        note: 'Member called from the number on file and confirmed the change.',
      },
      { action: 'bank_change_cancel', outcome: 'failure', note: 'Too late' },
    ]);
  });

  it('cancels a held change and tells the member, as their own cancel does', async () => {
    const changeId = await holdBankChange('66880022');
    const agent = await signedInStaff(caseworker);
    const before = await noticesWith('Your change of bank details was cancelled');
    const cancelled = await agent.request({
      method: 'POST',
      url: `/admin-api/bank-changes/${changeId}/cancel`,
      payload: { note: 'The member called: they did not ask for this.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await context.database.db
      .select()
      .from(pendingBankChanges)
      .where(eq(pendingBankChanges.id, changeId));
    expect(row!.cancelledAt).not.toBeNull();
    expect(row!.appliedAt).toBeNull();
    expect(await noticesWith('Your change of bank details was cancelled')).toBeGreaterThan(before);
  });

  it('lists the held changes a page at a time, the soonest to apply first, with the total; bad paging 400', async () => {
    type Page = { changes: Array<{ id: string }>; page: number; limit: number; total: number };
    const agent = await signedInStaff(caseworker);
    const pageOf = async (query: string) => {
      const response = await agent.request({ method: 'GET', url: `/admin-api/bank-changes?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };
    const before = (await pageOf('limit=1')).total;
    // Seven of Meridian's records and one of Bluewater's held in one statement, all to apply at one
    // moment after every other: the order between them is the id's. The list once stopped at 200.
    const appliesAt = new Date(Date.now() + 60 * 86_400_000);
    const held = await context.database.db
      .insert(pendingBankChanges)
      .values(
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
          businessGroup: n < 8 ? 'MER' : 'BLU',
          referenceNumber: `971000${n}`,
          account: { kind: 'uk', accountName: 'Paging', sortCode: '200000', accountNumber: `5500000${n}` },
          appliesAt,
        })),
      )
      .returning({ id: pendingBankChanges.id, businessGroup: pendingBankChanges.businessGroup });
    const ours = held
      .filter((row) => row.businessGroup === 'MER')
      .map((row) => row.id)
      .sort();
    const total = before + ours.length;
    const first = await pageOf(`limit=${total - 2}`);
    const second = await pageOf(`limit=${total - 2}&page=2`);
    expect([first.page, first.total, first.changes.length]).toEqual([1, total, total - 2]);
    expect([second.page, second.limit, second.total]).toEqual([2, total - 2, total]);
    expect(second.changes.map((change) => change.id)).toEqual(ours.slice(-2));
    const seen = [...first.changes, ...second.changes].map((change) => change.id);
    expect(new Set(seen).size).toBe(total);
    expect((await pageOf('')).limit).toBe(50);
    for (const query of ['page=0', 'page=x', 'limit=0', 'limit=201', 'limit=2.5']) {
      const refused = await agent.request({ method: 'GET', url: `/admin-api/bank-changes?${query}` });
      expect([refused.statusCode, errorCode(refused)], query).toEqual([400, 'field_invalid']);
    }
  });
});

describe('reports of a death in the console', () => {
  async function sentReport(
    caseNumber: string,
    tenantUrl = 'localhost',
    { type = 'bereavement', steps = [] as unknown[] } = {},
  ) {
    await context.database.db.insert(bereavementJourneys).values({
      tenantUrl,
      type,
      tokenHash: `hash-${caseNumber}`,
      status: 'Submitted',
      steps,
      expiresAt: new Date(Date.now() + 86_400_000),
      submittedAt: new Date(),
      caseNumber,
    });
  }

  const answered = (
    pageKey: string,
    nextPageKey: string,
    questionKey: string,
    answerKey: string,
    answerValue: string | null = null,
  ) => ({
    pageKey,
    nextPageKey,
    answer: { questionKey, answerKey, answerValue },
    checkboxesLists: {},
    stepData: {},
    submittedAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });

  it('shows the reporter’s answers by the questions’ labels in the journey’s content, the keys when it is gone', async () => {
    const steps = [
      answered(
        'br_deceased',
        'br_date_of_death',
        'deceased',
        'provided',
        JSON.stringify({ forenames: 'Ada', surname: 'Lovell', dateOfBirth: '1950-02-03' }),
      ),
      answered('br_date_of_death', 'br_ni_known', 'date_of_death', '2026-03-27'),
    ];
    await sentReport('BRV1-990011', 'localhost', { steps });
    await sentReport('BRV1-990012', 'localhost', { type: 'retired-journey', steps });
    const agent = await signedInStaff(caseworker);
    const list = (await agent.request({ method: 'GET', url: '/admin-api/death-reports' })).json() as {
      reports: Array<{ caseNumber: string; answers: Array<{ question: string; answer: string }> }>;
    };
    const answersOf = (caseNumber: string) =>
      list.reports.find((report) => report.caseNumber === caseNumber)?.answers;
    expect(answersOf('BRV1-990011')).toEqual([
      { question: 'About the person who died', answer: 'Ada Lovell, born 03 Feb 1950' },
      { question: 'When did they die?', answer: '27 Mar 2026' },
    ]);
    expect(answersOf('BRV1-990012')).toEqual([
      {
        question: 'deceased',
        answer: JSON.stringify({ forenames: 'Ada', surname: 'Lovell', dateOfBirth: '1950-02-03' }),
      },
      { question: 'date_of_death', answer: '2026-03-27' },
    ]);
  });

  it('lists the reports a page at a time, those not yet matched first, then newest, with the total', async () => {
    type Page = {
      reports: Array<{ caseNumber: string; sentAt: string; matched: unknown }>;
      page: number;
      limit: number;
      total: number;
    };
    const agent = await signedInStaff(caseworker);
    const pageOf = async (query: string) => {
      const response = await agent.request({ method: 'GET', url: `/admin-api/death-reports?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };
    const before = (await pageOf('limit=1')).total;
    // 230 reports written in SQL, each a minute older than the last; every tenth matched. The list
    // once took 200 rows before sorting them, so the rest never showed.
    await context.database.db.execute(sql`
      insert into ${bereavementJourneys} (tenant_url, type, token_hash, status, steps, expires_at,
        submitted_at, case_number, matched_business_group, matched_reference_number, matched_at)
      select 'localhost', 'bereavement', 'hash-page-' || n, 'Submitted', '[]'::jsonb, now() + interval '1 day',
        now() - make_interval(mins => n), 'BRV1-97' || lpad(n::text, 4, '0'),
        case when n % 10 = 0 then 'MER' end, case when n % 10 = 0 then '1000010' end,
        case when n % 10 = 0 then now() end
      from generate_series(1, 230) n`);
    const seen: Page['reports'] = [];
    for (let page = 1; page <= Math.ceil((before + 230) / 100); page++) {
      const next = await pageOf(`limit=100&page=${page}`);
      expect([next.page, next.limit, next.total]).toEqual([page, 100, before + 230]);
      seen.push(...next.reports);
    }
    expect(seen).toHaveLength(before + 230);
    expect(new Set(seen.map((report) => report.caseNumber)).size).toBe(before + 230);
    const key = (report: Page['reports'][number]) => [report.matched ? 1 : 0, -Date.parse(report.sentAt)];
    for (let index = 1; index < seen.length; index++) {
      const [a, b] = [key(seen[index - 1]!), key(seen[index]!)];
      expect(a[0]! < b[0]! || (a[0] === b[0] && a[1]! <= b[1]!), seen[index]!.caseNumber).toBe(true);
    }
    // The oldest report not yet matched is before every matched one, though 200 newer ones were sent.
    const oldest = seen.findIndex((report) => report.caseNumber === 'BRV1-970229');
    expect(oldest).toBeLessThan(seen.findIndex((report) => report.matched));
    for (const query of ['page=0', 'page=x', 'limit=0', 'limit=201', 'limit=2.5']) {
      const refused = await agent.request({ method: 'GET', url: `/admin-api/death-reports?${query}` });
      expect(refused.statusCode, query).toBe(400);
    }
  });

  it('matches a report to the member, suspending their account, and undoes it; another tenant’s is not found', async () => {
    await sentReport('BRV1-990001');
    await sentReport('BRV1-990002', 'bluewater.localhost');
    const agent = await signedInStaff(caseworker);
    const list = (await agent.request({ method: 'GET', url: '/admin-api/death-reports' })).json() as {
      reports: Array<{ caseNumber: string; matched: unknown }>;
    };
    expect(list.reports.map((report) => report.caseNumber)).toContain('BRV1-990001');
    expect(list.reports.map((report) => report.caseNumber)).not.toContain('BRV1-990002');

    const theirs = await agent.request({
      method: 'POST',
      url: '/admin-api/death-reports/BRV1-990002/match',
      payload: { memberReference: '2000001' },
    });
    expect([theirs.statusCode, errorCode(theirs)]).toEqual([404, 'report_not_found']);
    const nobody = await agent.request({
      method: 'POST',
      url: '/admin-api/death-reports/BRV1-990001/match',
      payload: { memberReference: '9999999' },
    });
    expect([nobody.statusCode, errorCode(nobody)]).toEqual([404, 'member_not_found']);
    const bad = await agent.request({
      method: 'POST',
      url: '/admin-api/death-reports/BRV1-990001/match',
      payload: { memberReference: 'a b' },
    });
    expect(bad.statusCode).toBe(400);
    const auditor = await signedInAuditor();
    const refused = await auditor.request({
      method: 'POST',
      url: '/admin-api/death-reports/BRV1-990001/match',
      payload: { memberReference: '1000010' },
    });
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'staff_role_not_allowed']);

    const matched = await agent.request({
      method: 'POST',
      url: '/admin-api/death-reports/BRV1-990001/match',
      payload: { memberReference: '1000010' },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({ ...record, suspendedUsers: 1 });
    const member = new BrowserAgent(context.app);
    expect((await member.signIn('db.retiring')).statusCode).toBe(403);

    const undone = await agent.request({
      method: 'POST',
      url: '/admin-api/death-reports/BRV1-990001/unmatch',
    });
    expect(undone.json()).toEqual({ liftedUsers: 1 });
    const [account] = await context.database.db
      .select({ suspendedAt: users.suspendedAt })
      .from(users)
      .innerJoin(userRecords, eq(userRecords.userId, users.id))
      .where(and(eq(userRecords.businessGroup, 'MER'), eq(userRecords.referenceNumber, '1000010')));
    expect(account!.suspendedAt).toBeNull();
    const twice = await agent.request({
      method: 'POST',
      url: '/admin-api/death-reports/BRV1-990001/unmatch',
    });
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'report_not_matched']);
    const audited = await context.database.db.execute(
      sql`select action, outcome from ${staffAudit} where case_number in ('BRV1-990001', 'BRV1-990002') order by at`,
    );
    expect(audited.rows).toEqual([
      { action: 'death_report_match', outcome: 'denied' },
      { action: 'death_report_match', outcome: 'failure' },
      { action: 'case_work', outcome: 'denied' },
      { action: 'death_report_match', outcome: 'success' },
      { action: 'death_report_unmatch', outcome: 'success' },
      { action: 'death_report_unmatch', outcome: 'failure' },
    ]);
    // The match's audit says what it ended: the portal's sessions and the sign-in provider's.
    const matchAudit = await context.database.db.execute(
      sql`select details from ${staffAudit} where case_number = 'BRV1-990001' and action = 'death_report_match' and outcome = 'success'`,
    );
    expect(matchAudit.rows[0]!.details).toMatchObject({
      suspendedUsers: 1,
      endedSessions: expect.any(Number),
      endedProviderSessions: expect.any(Number),
    });
  });
});

describe('the dashboard', () => {
  it('counts the tenant’s open cases by type and age, and the time to first action week by week', async () => {
    const openedAt = new Date(Date.now() - 40 * 86_400_000);
    await context.database.db.insert(memberCases).values([
      { caseNumber: 'DSH1-900001', ...record, caseType: 'DSH1', title: 'Old', createdAt: openedAt },
      { caseNumber: 'DSH1-900002', ...record, caseType: 'DSH1', title: 'New' },
      {
        caseNumber: 'DSH1-900003',
        businessGroup: 'BLU',
        referenceNumber: '2000001',
        caseType: 'DSH1',
        title: 'Theirs',
      },
    ]);
    const agent = await signedInStaff(caseworker);
    const [staff] = await context.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, caseworker.email));
    await context.database.db.insert(caseEvents).values({
      caseNumber: 'DSH1-900002',
      actor: 'staff',
      staffId: staff!.id,
      kind: 'note',
      note: 'Looked at it',
      at: new Date(Date.now() + 1000),
    });
    const response = await agent.request({ method: 'GET', url: '/admin-api/dashboard' });
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = response.json() as {
      openByType: Array<{ caseType: string; bands: number[]; total: number; overdue: number }>;
      weeks: Array<{ opened: number; actedOn: number }>;
    };
    expect(dashboard.openByType.find((row) => row.caseType === 'DSH1')).toEqual({
      caseType: 'DSH1',
      bands: [1, 0, 1, 0],
      total: 2,
      overdue: 1,
    });
    expect(dashboard.weeks).toHaveLength(8);
    expect(dashboard.weeks.at(-1)!.actedOn).toBeGreaterThanOrEqual(1);
    const auditor = await signedInAuditor();
    expect((await auditor.request({ method: 'GET', url: '/admin-api/dashboard' })).statusCode).toBe(200);
  });
});
