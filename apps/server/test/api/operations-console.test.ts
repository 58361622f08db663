import { and, eq, gt, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  caseEvents,
  contentDocuments,
  identityVerifications,
  memberCases,
  memberJourneys,
  memberDocuments,
  outboxMessages,
  staffAccounts,
  staffAudit,
} from '../../src/db/schema';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { clearContentCache } from '../../src/areas/content/content-cache';
import { sealPlainStaffSecrets, staffSecretKey } from '../../src/areas/operations/staff-secrets';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/seed/demo-staff';
import { RECEIVED_NOTE } from '../../src/areas/documents/post-submission';
import { updateCase } from '../../src/areas/cases/case-update';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';
import { sentDeathReport } from './visitor-submissions';

const context = useTestApp({ BEREAVEMENT_CAPTCHA_WORK: '200' });
const caseworker = demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!;
const teamLeader = demoStaff.find((staff) => staff.email === 'teamleader@meridian.example')!;

/** The code the app shows for a secret now. */
const codeFor = (secret: string) => generate({ secret });

let openedCases = 0;
async function openTestCase(
  businessGroup = 'MER',
  referenceNumber = '1000010',
  caseType = 'RTP9',
  createdAt = new Date(),
) {
  openedCases += 1;
  const caseNumber = `${caseType}-9${String(openedCases).padStart(5, '0')}`;
  await context.database.db.insert(memberCases).values({
    caseNumber,
    businessGroup,
    referenceNumber,
    caseType,
    title: 'Apply for your pension',
    journeyType: 'dbcoreretirementapplication',
    documents: [{ name: 'Proof of identity', status: 'outstanding' }],
    createdAt,
  });
  return caseNumber;
}

/**
 * Signs a member of staff in with password and code. A code is taken once, so the account's last
 * accepted step is forgotten first: the tests sign the same people in several times a minute.
 */
let signIns = 0;
async function signedInStaff(
  staff: { email: string; totpSecret: string; tenantUrl?: string | null },
  password = DEMO_STAFF_PASSWORD,
) {
  // Each sign-in from an address of its own: the file signs in more often than the per-address limit allows.
  const remoteAddress = `10.45.${(++signIns >> 8) & 255}.${signIns & 255}`;
  await context.database.db
    .update(staffAccounts)
    .set({ totpLastStep: null })
    .where(eq(staffAccounts.email, staff.email));
  // On their tenant's host: a tenant's staff sign in nowhere else.
  const agent = new BrowserAgent(context.app, staff.tenantUrl ?? 'localhost');
  const first = await agent.request({
    method: 'POST',
    url: '/admin-api/sign-in',
    payload: { email: staff.email, password },
    remoteAddress,
  });
  expect(first.statusCode, first.body).toBe(200);
  const second = await agent.request({
    method: 'POST',
    url: '/admin-api/sign-in/code',
    payload: { code: await codeFor(staff.totpSecret) },
    remoteAddress,
  });
  expect(second.statusCode, second.body).toBe(200);
  return agent;
}

const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: Array<{ code: string }> }).errors[0]!.code;

/** npm run case:update as the tests run it: the outbox keeps its notices (no SMTP, no texts). */
const command = {
  log: pino({ level: 'silent' }),
  operator: 'ops-on-call',
  channels: { email: false, sms: false },
};

async function auditCount(action: string, caseNumber?: string) {
  const rows = await context.database.db.execute(
    caseNumber
      ? sql`select count(*)::int as n from ${staffAudit} where action = ${action} and case_number = ${caseNumber}`
      : sql`select count(*)::int as n from ${staffAudit} where action = ${action}`,
  );
  return Number((rows.rows[0] as { n: number }).n);
}

describe('staff sign-in', () => {
  it('needs the password and then a code; the password alone opens nothing', async () => {
    const agent = new BrowserAgent(context.app);
    const wrong = await agent.request({
      method: 'POST',
      url: '/admin-api/sign-in',
      payload: { email: caseworker.email, password: 'not the password' },
    });
    expect([wrong.statusCode, errorCode(wrong)]).toEqual([400, 'staff_sign_in_failed']);
    const right = await agent.request({
      method: 'POST',
      url: '/admin-api/sign-in',
      payload: { email: caseworker.email, password: DEMO_STAFF_PASSWORD },
    });
    expect(right.json()).toEqual({ next: 'code', enrolment: null });
    const cookie = right.cookies.find((c) => c.name === 'staffSession')!;
    expect(cookie).toMatchObject({ path: '/admin-api', httpOnly: true, sameSite: 'Strict' });
    const early = await agent.request({ method: 'GET', url: '/admin-api/cases' });
    expect([early.statusCode, errorCode(early)]).toEqual([401, 'staff_code_required']);
    const [refusal] = await context.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, 'staff_session_code_required'));
    expect(refusal).toMatchObject({
      outcome: 'denied',
      staffId: expect.any(String),
      details: { method: 'GET', url: '/admin-api/cases' },
    });
    const badCode = await agent.request({
      method: 'POST',
      url: '/admin-api/sign-in/code',
      payload: { code: '000000' },
    });
    expect([badCode.statusCode, errorCode(badCode)]).toEqual([400, 'staff_code_wrong']);
    await context.database.db
      .update(staffAccounts)
      .set({ totpLastStep: null })
      .where(eq(staffAccounts.email, caseworker.email));
    const code = await codeFor(caseworker.totpSecret);
    const signedIn = await agent.request({
      method: 'POST',
      url: '/admin-api/sign-in/code',
      payload: { code },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      email: caseworker.email,
      role: 'caseworker',
      tenantUrl: 'localhost',
    });
    expect((await agent.request({ method: 'GET', url: '/admin-api/me' })).statusCode).toBe(200);

    // The same code is never taken twice, even in a new sign-in.
    const again = new BrowserAgent(context.app);
    await again.request({
      method: 'POST',
      url: '/admin-api/sign-in',
      payload: { email: caseworker.email, password: DEMO_STAFF_PASSWORD },
    });
    const replay = await again.request({ method: 'POST', url: '/admin-api/sign-in/code', payload: { code } });
    expect([replay.statusCode, errorCode(replay)]).toEqual([400, 'staff_code_wrong']);
    expect(await auditCount('staff_sign_in_password')).toBeGreaterThanOrEqual(3);

    const signOut = await agent.request({ method: 'POST', url: '/admin-api/sign-out' });
    expect(signOut.statusCode).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/admin-api/me' })).statusCode).toBe(401);
  });

  it('sets up the authenticator app at the first sign-in of staff added without a secret', async () => {
    await addStaff(context.database.db, {
      email: 'New.Auditor@meridian.example',
      name: 'Ada Auditor',
      role: 'auditor',
      tenantUrl: 'localhost',
      password: 'a long staff password',
      totp: 'at-sign-in',
    });
    const agent = new BrowserAgent(context.app);
    const first = await agent.request({
      method: 'POST',
      url: '/admin-api/sign-in',
      payload: { email: 'new.auditor@meridian.example', password: 'a long staff password' },
    });
    const { enrolment } = first.json() as { enrolment: { secret: string; otpauthUri: string } };
    expect(enrolment.otpauthUri).toContain('otpauth://totp/');
    const second = await agent.request({
      method: 'POST',
      url: '/admin-api/sign-in/code',
      payload: { code: await codeFor(enrolment.secret) },
    });
    expect(second.statusCode).toBe(200);
    const [enrolled] = await context.database.db
      .select({ secret: staffAccounts.totpSecret })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'new.auditor@meridian.example'));
    expect(enrolled!.secret).toMatch(/^sealed:/);
    expect(enrolled!.secret).not.toContain(enrolment.secret);
    const later = new BrowserAgent(context.app);
    const next = await later.request({
      method: 'POST',
      url: '/admin-api/sign-in',
      payload: { email: 'new.auditor@meridian.example', password: 'a long staff password' },
    });
    expect(next.json()).toEqual({ next: 'code', enrolment: null });
  });

  it('keeps authenticator secrets sealed at rest, and seals one kept plain before', async () => {
    const storedSecret = async (email: string) =>
      (
        await context.database.db
          .select({ secret: staffAccounts.totpSecret })
          .from(staffAccounts)
          .where(eq(staffAccounts.email, email))
      )[0]!.secret!;
    const secret = 'SEALEDSTAFFSECRETFORTESTSAAAAAAA';
    await addStaff(
      context.database.db,
      {
        email: 'sealed.caseworker@meridian.example',
        name: 'Sid Sealed',
        role: 'caseworker',
        tenantUrl: 'localhost',
        password: 'a long staff password',
        totp: { secret },
      },
      context.config.SECRETS_KEY,
    );
    const stored = await storedSecret('sealed.caseworker@meridian.example');
    expect(stored).toMatch(/^sealed:/);
    expect(stored).not.toContain(secret);
    await signedInStaff(
      { email: 'sealed.caseworker@meridian.example', totpSecret: secret },
      'a long staff password',
    );

    // A secret from before sealing still works, and is sealed by the sweep the console runs as it starts.
    await context.database.db
      .update(staffAccounts)
      .set({ totpSecret: secret })
      .where(eq(staffAccounts.email, 'sealed.caseworker@meridian.example'));
    await signedInStaff(
      { email: 'sealed.caseworker@meridian.example', totpSecret: secret },
      'a long staff password',
    );
    const key = await staffSecretKey(context.database.db, context.config.SECRETS_KEY);
    expect(await sealPlainStaffSecrets(context.database.db, key)).toBeGreaterThanOrEqual(1);
    expect(await storedSecret('sealed.caseworker@meridian.example')).toMatch(/^sealed:/);
    await signedInStaff(
      { email: 'sealed.caseworker@meridian.example', totpSecret: secret },
      'a long staff password',
    );
  });

  it('refuses a member’s session on the staff API, and a staff session opens nothing of the member API', async () => {
    const member = new BrowserAgent(context.app);
    expect((await member.signIn('db.retiring')).statusCode).toBe(200);
    const asStaff = await member.request({ method: 'GET', url: '/admin-api/cases' });
    expect([asStaff.statusCode, errorCode(asStaff)]).toEqual([401, 'member_session_on_staff_api']);
    const staff = await signedInStaff(caseworker);
    const asMember = await staff.request({ method: 'GET', url: '/mdp-api/api/cases' });
    expect(asMember.statusCode).toBe(401);
  });
});

describe('case work', () => {
  it('queues the statement of entitlement db.active asked for 10 days ago with its quote deadline', async () => {
    const agent = await signedInStaff(caseworker);
    const cases = (await agent.request({ method: 'GET', url: '/admin-api/cases?status=open' })).json()
      .cases as Array<{ caseType: string; referenceNumber: string; ageDays: number; deadlineRule: string }>;
    expect(cases.find((c) => c.caseType === 'TVS' && c.referenceNumber === '1000002')).toMatchObject({
      ageDays: 10,
      deadlineRule: 'Quote: 2 months from the request',
    });
  });

  it('lists the tenant’s cases with deadlines and refuses another tenant’s case', async () => {
    const own = await openTestCase();
    const other = await openTestCase('BLU', '2000001', 'BRP1');
    const agent = await signedInStaff(caseworker);
    const queue = await agent.request({ method: 'GET', url: '/admin-api/cases?status=open' });
    expect(queue.statusCode).toBe(200);
    const cases = (
      queue.json() as { cases: Array<{ caseNumber: string; deadlineRule: string; ageDays: number }> }
    ).cases;
    expect(cases.some((c) => c.caseNumber === own)).toBe(true);
    expect(cases.some((c) => c.caseNumber === other)).toBe(false);
    expect(cases.find((c) => c.caseNumber === own)).toMatchObject({
      ageDays: 0,
      deadlineRule: 'Scheme standard: 30 days',
    });
    const theirs = await agent.request({ method: 'GET', url: `/admin-api/cases/${other}` });
    expect([theirs.statusCode, errorCode(theirs)]).toEqual([403, 'case_other_tenant']);
    const acted = await agent.request({
      method: 'POST',
      url: `/admin-api/cases/${other}/assign`,
      payload: { to: 'me' },
    });
    expect(acted.statusCode).toBe(403);
    const unknown = await agent.request({ method: 'GET', url: '/admin-api/cases/RTP9-1' });
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([404, 'case_not_found']);
    const view = await agent.request({ method: 'GET', url: `/admin-api/cases/${own}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      member: { dateOfBirth: expect.any(String) },
      case: { caseNumber: own },
    });
    expect(await auditCount('case_view', own)).toBe(1);
    // Both refusals (the view and the assignment) are in the audit.
    expect(await auditCount('case_view', other)).toBe(2);
  });

  it('assigns, changes status with a note the member reads, and completes; each action audited', async () => {
    const caseNumber = await openTestCase();
    const agent = await signedInStaff(caseworker);
    const post = (path: string, payload: Record<string, unknown>) =>
      agent.request({ method: 'POST', url: `/admin-api/cases/${caseNumber}/${path}`, payload });
    expect((await post('assign', { to: 'me' })).statusCode).toBe(200);
    const { staff } = (await agent.request({ method: 'GET', url: '/admin-api/staff' })).json() as {
      staff: Array<{ id: string; name: string }>;
    };
    const leader = staff.find((s) => s.name === teamLeader.name)!;
    const toOther = await post('assign', { to: leader.id });
    expect([toOther.statusCode, errorCode(toOther)]).toEqual([403, 'staff_role_not_allowed']);
    expect(
      (await post('status', { status: 'In progress', memberNote: 'We have your form.' })).statusCode,
    ).toBe(200);
    expect((await post('notes', { note: 'Called the member.' })).statusCode).toBe(200);
    const blank = await post('status', { status: ' ', memberNote: 'x' });
    expect(blank.statusCode).toBe(400);
    expect((await post('complete', { memberNote: 'Your pension is set up.' })).statusCode).toBe(200);
    const afterClose = await post('reject', { reason: 'Too late' });
    expect([afterClose.statusCode, errorCode(afterClose)]).toEqual([409, 'case_closed']);

    const detail = (await agent.request({ method: 'GET', url: `/admin-api/cases/${caseNumber}` })).json() as {
      case: { status: string; closed: boolean; assignee: { name: string } };
      timeline: Array<{ kind: string; actor: string; by: string }>;
    };
    expect(detail.case).toMatchObject({
      status: 'Completed',
      closed: true,
      assignee: { name: caseworker.name },
    });
    expect(detail.timeline.map(({ kind, actor, by }) => [kind, actor, by])).toEqual([
      ['opened', 'member', 'Member'],
      ['assigned', 'staff', caseworker.name],
      ['status', 'staff', caseworker.name],
      ['note', 'staff', caseworker.name],
      ['completed', 'staff', caseworker.name],
    ]);
    for (const action of ['case_assigned', 'case_status', 'case_note', 'case_completed'])
      expect(await auditCount(action, caseNumber)).toBe(1);

    const member = new BrowserAgent(context.app);
    await member.signIn('db.retiring');
    const mine = (await member.request({ method: 'GET', url: '/mdp-api/api/cases' })).json() as {
      cases: Array<{ caseNumber: string; status: string; memberNote: string | null }>;
    };
    expect(mine.cases.find((c) => c.caseNumber === caseNumber)).toMatchObject({
      status: 'Completed',
      memberNote: 'Your pension is set up.',
    });
  });

  it('moves a case only as its state machine allows; a refused move changes nothing and is audited', async () => {
    const caseNumber = await openTestCase();
    const agent = await signedInStaff(caseworker);
    const post = (path: string, payload: Record<string, unknown>) =>
      agent.request({ method: 'POST', url: `/admin-api/cases/${caseNumber}/${path}`, payload });
    const detail = async () =>
      (await agent.request({ method: 'GET', url: `/admin-api/cases/${caseNumber}` })).json() as {
        case: { status: string; memberNote: string | null; allowedMoves: string[] };
      };
    expect((await detail()).case.allowedMoves).toEqual(['In progress', 'Waiting for you', 'Rejected']);

    const early = await post('complete', { memberNote: 'Done.' });
    expect([early.statusCode, errorCode(early)]).toEqual([409, 'case_move_not_allowed']);
    const sideways = await post('status', {
      status: 'Waiting for someone else',
      memberNote: 'Asked your employer.',
    });
    expect([sideways.statusCode, errorCode(sideways)]).toEqual([409, 'case_move_not_allowed']);
    const unknown = await post('status', { status: 'Paid', memberNote: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect((await detail()).case).toMatchObject({ status: 'Received', memberNote: null });
    const refusals = await context.database.db.execute(
      sql`select action, details from ${staffAudit} where case_number = ${caseNumber} and outcome = 'denied' order by at`,
    );
    expect(refusals.rows).toEqual([
      {
        action: 'case_completed',
        details: { reason: 'move_not_allowed', from: 'Received', to: 'Completed' },
      },
      {
        action: 'case_status',
        details: { reason: 'move_not_allowed', from: 'Received', to: 'Waiting for someone else' },
      },
    ]);

    expect(
      (await post('status', { status: 'In progress', memberNote: 'We are working on it.' })).statusCode,
    ).toBe(200);
    const again = await post('status', { status: 'In progress', memberNote: 'Still.' });
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'case_move_not_allowed']);
    expect((await detail()).case.allowedMoves).toEqual([
      'Waiting for you',
      'Waiting for someone else',
      'Completed',
      'Rejected',
    ]);
    // A status set outside the machine (the case:update command) moves as In progress does.
    await context.database.db
      .update(memberCases)
      .set({ status: 'Checking your documents' })
      .where(eq(memberCases.caseNumber, caseNumber));
    expect((await post('complete', { memberNote: 'Your pension is set up.' })).statusCode).toBe(200);
    expect((await detail()).case.allowedMoves).toEqual([]);
  });

  it('marks a document received and asks the member for another, which they see in My requests', async () => {
    const caseNumber = await openTestCase();
    const agent = await signedInStaff(caseworker);
    const post = (path: string, payload: Record<string, unknown>) =>
      agent.request({ method: 'POST', url: `/admin-api/cases/${caseNumber}/${path}`, payload });
    const received = await post('documents/received', { document: 'Proof of identity' });
    expect(received.statusCode, received.body).toBe(200);
    const twice = await post('documents/received', { document: 'Proof of identity' });
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'case_document_received']);
    const unlisted = await post('documents/received', { document: 'Birth certificate' });
    expect([unlisted.statusCode, errorCode(unlisted)]).toEqual([404, 'case_document_not_found']);

    const note = 'Please send your marriage certificate: upload it from My requests, or post a copy to us.';
    const asked = await post('documents/request', { document: 'Marriage certificate', memberNote: note });
    expect(asked.statusCode, asked.body).toBe(200);
    const askedAgain = await post('documents/request', {
      document: 'Marriage certificate',
      memberNote: note,
    });
    expect([askedAgain.statusCode, errorCode(askedAgain)]).toEqual([409, 'case_document_outstanding']);
    const blank = await post('documents/request', { document: ' ', memberNote: note });
    expect(blank.statusCode).toBe(400);

    const detail = (await agent.request({ method: 'GET', url: `/admin-api/cases/${caseNumber}` })).json() as {
      timeline: Array<{ kind: string; note: string | null; memberNote: string | null }>;
    };
    // Asking the member moves the case to Waiting for you by itself, and the timeline says so.
    expect(detail.timeline.slice(1)).toMatchObject([
      { kind: 'document_received', note: 'Proof of identity', status: null },
      {
        kind: 'document_requested',
        note: 'Marriage certificate',
        memberNote: note,
        status: 'Waiting for you',
      },
    ]);
    expect(await auditCount('case_document_received', caseNumber)).toBe(1);
    expect(await auditCount('case_document_requested', caseNumber)).toBe(1);

    const member = new BrowserAgent(context.app);
    await member.signIn('db.retiring');
    const mine = (await member.request({ method: 'GET', url: '/mdp-api/api/cases' })).json() as {
      cases: Array<{ caseNumber: string; memberNote: string | null; documents: unknown[] }>;
    };
    expect(mine.cases.find((c) => c.caseNumber === caseNumber)).toMatchObject({
      status: 'Waiting for you',
      memberNote: note,
      documents: [
        { name: 'Proof of identity', status: 'received' },
        { name: 'Marriage certificate', status: 'outstanding' },
      ],
    });

    // When the last document asked for is marked received, the case is back In progress.
    expect((await post('documents/received', { document: 'Marriage certificate' })).statusCode).toBe(200);
    const back = (await agent.request({ method: 'GET', url: `/admin-api/cases/${caseNumber}` })).json() as {
      case: { status: string };
      timeline: Array<{ kind: string; status: string | null }>;
    };
    expect(back.case.status).toBe('In progress');
    expect(back.timeline.at(-1)).toMatchObject({ kind: 'document_received', status: 'In progress' });

    // Where the machine does not allow it (waiting for a third party), the status stays as it is.
    expect(
      (
        await post('status', {
          status: 'Waiting for someone else',
          memberNote: 'We have asked your employer.',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('documents/request', { document: 'Payslip', memberNote: 'Send a payslip.' })).statusCode,
    ).toBe(200);
    const still = (await agent.request({ method: 'GET', url: `/admin-api/cases/${caseNumber}` })).json() as {
      case: { status: string };
      timeline: Array<{ kind: string; status: string | null }>;
    };
    expect(still.case.status).toBe('Waiting for someone else');
    expect(still.timeline.at(-1)).toMatchObject({ kind: 'document_requested', status: null });

    const auditorSecret = 'AUDITORTWODEMOSECRETFORTESTSAAAA';
    await addStaff(context.database.db, {
      email: 'auditor2@meridian.example',
      name: 'Otto Auditor',
      role: 'auditor',
      tenantUrl: 'localhost',
      password: 'auditor password',
      totp: { secret: auditorSecret },
    });
    const auditor = await signedInStaff(
      { email: 'auditor2@meridian.example', totpSecret: auditorSecret },
      'auditor password',
    );
    const refused = await auditor.request({
      method: 'POST',
      url: `/admin-api/cases/${caseNumber}/documents/request`,
      payload: { document: 'Payslip', memberNote: 'Send a payslip.' },
    });
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'staff_role_not_allowed']);
    const blueCaseworker = demoStaff.find((staff) => staff.email === 'caseworker@bluewater.example')!;
    const otherTenant = await signedInStaff(blueCaseworker);
    const theirs = await otherTenant.request({
      method: 'POST',
      url: `/admin-api/cases/${caseNumber}/documents/received`,
      payload: { document: 'Marriage certificate' },
    });
    expect([theirs.statusCode, errorCode(theirs)]).toEqual([403, 'case_other_tenant']);
  });

  it('moves a case waiting for the member back to In progress once they upload the last document asked for', async () => {
    const caseNumber = await openTestCase();
    const agent = await signedInStaff(caseworker);
    const post = (path: string, payload: Record<string, unknown>) =>
      agent.request({ method: 'POST', url: `/admin-api/cases/${caseNumber}/${path}`, payload });
    const detail = async () =>
      (await agent.request({ method: 'GET', url: `/admin-api/cases/${caseNumber}` })).json() as {
        case: { status: string };
        documents: Array<{ name: string; status: string; byUpload: boolean }>;
        timeline: Array<{
          kind: string;
          actor: string;
          by: string;
          status: string | null;
          note: string | null;
          memberNote: string | null;
        }>;
      };
    expect((await post('documents/received', { document: 'Proof of identity' })).statusCode).toBe(200);
    for (const document of ['Marriage certificate', 'Birth certificate'])
      expect(
        (await post('documents/request', { document, memberNote: `Please send your ${document}.` }))
          .statusCode,
      ).toBe(200);
    expect((await detail()).case.status).toBe('Waiting for you');

    const member = new BrowserAgent(context.app);
    await member.signIn('db.retiring');
    const sendOne = async (document: string) => {
      const uploaded = await member.request({
        method: 'POST',
        url: '/mdp-api/api/documents',
        ...uploadForm(`${document}.pdf`, await files.pdf(document), {
          journeyType: 'dbcoreretirementapplication',
          tags: document,
        }),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const sent = await member.request({
        method: 'POST',
        url: '/mdp-api/api/documents/post-submission',
        payload: { journeyType: 'dbcoreretirementapplication', caseNumber },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    };

    // One of the two: the case still waits for the other, and the timeline has the member's upload.
    await sendOne('Marriage certificate');
    const half = await detail();
    expect(half.case.status).toBe('Waiting for you');
    expect(half.timeline.at(-1)).toMatchObject({
      kind: 'document_uploaded',
      actor: 'member',
      by: 'Member',
      status: null,
      note: 'Marriage certificate',
    });

    // The last one: back with the scheme, the console showing both as the member's uploads.
    await sendOne('Birth certificate');
    const back = await detail();
    expect(back.case.status).toBe('In progress');
    expect(back.documents).toEqual([
      { name: 'Proof of identity', status: 'received', byUpload: false },
      { name: 'Marriage certificate', status: 'received', byUpload: true },
      { name: 'Birth certificate', status: 'received', byUpload: true },
    ]);
    // The member's upload, then the portal's own move with its thank-you: not the member's words.
    expect(back.timeline.slice(-2)).toMatchObject([
      { kind: 'document_uploaded', actor: 'member', by: 'Member', status: null, note: 'Birth certificate' },
      {
        kind: 'status',
        actor: 'system',
        by: 'Meridian (automatic)',
        status: 'In progress',
        memberNote: RECEIVED_NOTE,
      },
    ]);
    const mine = (await member.request({ method: 'GET', url: '/mdp-api/api/cases' })).json() as {
      cases: Array<{ caseNumber: string; status: string; memberNote: string | null }>;
    };
    expect(mine.cases.find((c) => c.caseNumber === caseNumber)).toMatchObject({
      status: 'In progress',
      memberNote: RECEIVED_NOTE,
    });
    // The administration system's command (npm run case:update) moves it on as the console does: the
    // member's uploads keep their flag, the timeline names the command, and the member is told.
    const since = new Date();
    await updateCase(context.database.db, command, caseNumber, {
      status: 'Waiting for someone else',
      note: 'We asked your employer.',
    });
    const moved = await detail();
    expect(moved.case.status).toBe('Waiting for someone else');
    expect(moved.documents).toEqual(back.documents);
    expect(moved.timeline.at(-1)).toMatchObject({
      kind: 'status',
      actor: 'command',
      by: 'Administration (case:update command)',
      status: 'Waiting for someone else',
    });
    const told = await context.database.db
      .select()
      .from(outboxMessages)
      .where(and(gt(outboxMessages.createdAt, since), like(outboxMessages.body, `%${caseNumber}%`)));
    expect(told.map(({ subject, tenantUrl }) => ({ subject, tenantUrl }))).toEqual([
      { subject: `News on your request ${caseNumber}`, tenantUrl: 'localhost' },
    ]);
    const [audited] = await context.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.caseNumber, caseNumber), eq(staffAudit.action, 'case_status')));
    expect(audited).toMatchObject({
      staffId: null,
      clientId: null,
      tenantUrl: 'localhost',
      details: { via: 'command', operator: command.operator, from: 'In progress' },
    });
    // The member's upload is not the scheme acting: staff can act on the case as before.
    expect(
      (await post('status', { status: 'In progress', memberNote: 'Your employer answered.' })).statusCode,
    ).toBe(200);
    // The command is refused what the console refuses, changing nothing.
    await expect(
      updateCase(context.database.db, command, caseNumber, { status: 'Received', note: 'Back' }),
    ).rejects.toThrow('is not a status a case moves to');
    await expect(
      updateCase(context.database.db, command, caseNumber, {
        document: { name: 'Birth certificate', requested: false },
      }),
    ).rejects.toMatchObject({ code: 'case_document_received' });
    await expect(
      updateCase(context.database.db, command, 'RTP9-1', { status: 'In progress', note: 'x' }),
    ).rejects.toMatchObject({ code: 'case_not_found' });
  });

  it('lets a team leader assign to someone and reject with a reason; an auditor reads but cannot act', async () => {
    const caseNumber = await openTestCase();
    const leader = await signedInStaff(teamLeader);
    const { staff } = (await leader.request({ method: 'GET', url: '/admin-api/staff' })).json() as {
      staff: Array<{ id: string; name: string }>;
    };
    const worker = staff.find((s) => s.name === caseworker.name)!;
    expect(staff.some((s) => s.name === 'Bea Waters')).toBe(false);
    const assign = await leader.request({
      method: 'POST',
      url: `/admin-api/cases/${caseNumber}/assign`,
      payload: { to: worker.id },
    });
    expect(assign.statusCode).toBe(200);
    const mine = await leader.request({ method: 'GET', url: `/admin-api/cases?assignee=${worker.id}` });
    expect(
      (mine.json() as { cases: Array<{ caseNumber: string }> }).cases.map((c) => c.caseNumber),
    ).toContain(caseNumber);

    const secret = 'AUDITORDEMOSECRETFORTESTSAAAAAAA';
    await addStaff(context.database.db, {
      email: 'auditor@meridian.example',
      name: 'Audrey Tor',
      role: 'auditor',
      tenantUrl: null,
      password: 'auditor password',
      totp: { secret },
    });
    const auditor = await signedInStaff(
      { email: 'auditor@meridian.example', totpSecret: secret },
      'auditor password',
    );
    expect((await auditor.request({ method: 'GET', url: `/admin-api/cases/${caseNumber}` })).statusCode).toBe(
      200,
    );
    const refused = await auditor.request({
      method: 'POST',
      url: `/admin-api/cases/${caseNumber}/status`,
      payload: { status: 'In progress', memberNote: 'No' },
    });
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'staff_role_not_allowed']);
    expect(await auditCount('case_work', caseNumber)).toBe(1);

    const reject = await leader.request({
      method: 'POST',
      url: `/admin-api/cases/${caseNumber}/reject`,
      payload: { reason: 'You are not old enough to take your pension yet.' },
    });
    expect(reject.statusCode).toBe(200);
    const [row] = await context.database.db
      .execute(sql`select status, member_note from ${memberCases} where case_number = ${caseNumber}`)
      .then((result) => result.rows as Array<{ status: string; member_note: string }>);
    expect(row).toEqual({
      status: 'Rejected',
      member_note: 'You are not old enough to take your pension yet.',
    });
  });

  it('finds members by reference, name, NI number or date of birth, in the tenant only, and audits what it showed', async () => {
    const agent = await signedInStaff(caseworker);
    const search = (query: string) => agent.request({ method: 'GET', url: `/admin-api/members?${query}` });
    const byReference = await search('reference=1000010');
    expect(byReference.statusCode).toBe(200);
    const [found] = (
      byReference.json() as { members: Array<{ name: string; dateOfBirth: string; insuranceNumber: string }> }
    ).members;
    expect(found).toBeDefined();
    const surname = found!.name.split(' ').at(-1)!;
    const byName = (await search(`name=${encodeURIComponent(surname.toLowerCase())}`)).json() as {
      members: Array<{ referenceNumber: string }>;
    };
    expect(byName.members.map((member) => member.referenceNumber)).toContain('1000010');
    const byBirth = (
      await search(
        `dateOfBirth=${found!.dateOfBirth}&insuranceNumber=${encodeURIComponent(found!.insuranceNumber.toLowerCase())}`,
      )
    ).json() as {
      members: Array<{ referenceNumber: string }>;
    };
    expect(byBirth.members.map((member) => member.referenceNumber)).toEqual(['1000010']);
    const otherTenant = (await search('reference=2000001')).json() as { members: unknown[] };
    expect(otherTenant.members).toEqual([]);
    const nothing = await search('');
    expect([nothing.statusCode, errorCode(nothing)]).toEqual([400, 'search_criteria_missing']);
    expect(await auditCount('member_search')).toBe(4);
  });

  it('shows a member as they see themselves, read through their own reads, audited, in the tenant only', async () => {
    const agent = await signedInStaff(caseworker);
    const view = (record: string) => agent.request({ method: 'GET', url: `/admin-api/members/${record}` });
    const before = await auditCount('member_view');
    const shown = await view('MER/1000004');
    expect(shown.statusCode, shown.body).toBe(200);
    const body = shown.json() as Record<string, unknown> & {
      documents: { items: Array<{ id: string }>; totalItems: number };
      records: unknown[];
    };

    // What db.pensioner's own reads give them, field for field.
    const member = new BrowserAgent(context.app);
    await member.signIn('db.pensioner');
    const own = async (url: string) => {
      const response = await member.request({ method: 'GET', url: `/mdp-api/api${url}` });
      expect(response.statusCode, url).toBe(200);
      return response.json() as Record<string, unknown>;
    };
    expect(body.personalDetails).toEqual(await own('/members/personal-details'));
    expect(body.summary).toEqual(await own('/members/current/membership-summary'));
    expect(body.pensionPayments).toEqual(await own('/members/current/pension-payments'));
    expect(body.guaranteedTransfer).toBeNull();
    expect(body.cases).toEqual((await own('/cases')).cases);
    expect(body.nomination).toEqual(await own('/members/current/beneficiaries'));
    expect((body.nomination as { beneficiaries: unknown[] }).beneficiaries.length).toBeGreaterThan(0);
    const library = (await own('/members/current/documents?pageSize=100')) as {
      items: Array<{ id: string }>;
      totalItems: number;
    };
    expect(body.documents.items).toEqual(library.items);
    expect(body.documents.totalItems).toBe(library.totalItems);
    expect(body.documents.totalItems).toBeGreaterThan(0);
    expect(body.contacts).toMatchObject({ email: (await own('/members/current/contacts/email')).email });
    expect(body).toMatchObject({
      hasAccount: true,
      records: [{ businessGroup: 'MER', referenceNumber: '1000004', current: true }],
    });
    // Reading changed nothing: the documents are as unread as they were.
    expect(((await own('/members/current/documents?pageSize=100')) as typeof library).items).toEqual(
      library.items,
    );

    // Linked records, as the record picker lists them; a member with no account yet has none.
    const linked = (await view('MER/1000007')).json() as {
      records: Array<{ referenceNumber: string; current: boolean }>;
    };
    expect(linked.records).toEqual([
      expect.objectContaining({ referenceNumber: '1000007', current: true }),
      expect.objectContaining({ referenceNumber: '1000008', current: false }),
    ]);
    expect((await view('MER/1000009')).json()).toMatchObject({ hasAccount: false, records: [] });
    // db.active's guaranteed transfer value, as their hub reads it; no pension in payment.
    const active = (await view('MER/1000002')).json() as Record<string, unknown>;
    const activeMember = new BrowserAgent(context.app);
    await activeMember.signIn('db.active');
    const quote = (
      await activeMember.request({ method: 'GET', url: '/mdp-api/api/retirement/transfer-quote' })
    ).json() as { transferValuePence: number; guaranteedUntil: string; guaranteed: boolean };
    expect(quote.guaranteed).toBe(true);
    expect(active).toMatchObject({
      pensionPayments: null,
      guaranteedTransfer: {
        transferValuePence: quote.transferValuePence,
        guaranteedUntil: quote.guaranteedUntil,
      },
    });
    expect(await auditCount('member_view')).toBe(before + 4);

    // Another tenant's member is not found, as a missing one is; the refusal is audited.
    const theirs = await view('BLU/2000001');
    expect([theirs.statusCode, errorCode(theirs)]).toEqual([404, 'member_not_found']);
    const missing = await view('MER/9999999');
    expect([missing.statusCode, errorCode(missing)]).toEqual([404, 'member_not_found']);
    const denied = await context.database.db.execute(
      sql`select count(*)::int as n from ${staffAudit} where action = 'member_view' and outcome = 'denied'`,
    );
    expect(Number((denied.rows[0] as { n: number }).n)).toBe(1);

    // Roles: an auditor reads it; a content editor is refused.
    for (const [role, email] of [
      ['auditor', 'view.auditor@meridian.example'],
      ['content_editor', 'view.editor@meridian.example'],
    ] as const) {
      const secret = `VIEW${role.replace('_', '').toUpperCase()}SECRETFORTESTSAAAAAAAAAAAA`.slice(0, 32);
      await addStaff(context.database.db, {
        email,
        name: `View ${role}`,
        role,
        tenantUrl: 'localhost',
        password: 'view password',
        totp: { secret },
      });
      const staff = await signedInStaff({ email, totpSecret: secret }, 'view password');
      const answer = await staff.request({ method: 'GET', url: '/admin-api/members/MER/1000004' });
      if (role === 'auditor') expect(answer.statusCode).toBe(200);
      else expect([answer.statusCode, errorCode(answer)]).toEqual([403, 'staff_role_not_allowed']);
    }
  });

  it('confirms or refuses a photo ID; a refusal’s reason reaches the member', async () => {
    const db = context.database.db;
    const record = { businessGroup: 'MER', referenceNumber: '1000010' };
    const [document] = await db
      .insert(memberDocuments)
      .values({
        ...record,
        name: 'passport.png',
        type: 'Photo ID',
        kind: 'upload',
        context: 'identity',
        mediaType: 'image/png',
        sizeBytes: 4,
      })
      .returning({ id: memberDocuments.id });
    await context.app.documentLibrary.store.put(document!.id, new Uint8Array([1, 2, 3, 4]), 'image/png');
    await db
      .insert(identityVerifications)
      .values({ ...record, method: 'embedded', status: 'pending', documentId: document!.id })
      .onConflictDoUpdate({
        target: [identityVerifications.businessGroup, identityVerifications.referenceNumber],
        set: { method: 'embedded', status: 'pending', documentId: document!.id, decisionReason: null },
      });

    const agent = await signedInStaff(caseworker);
    const list = (await agent.request({ method: 'GET', url: '/admin-api/identity-checks' })).json() as {
      checks: Array<{ referenceNumber: string; documentName: string }>;
    };
    expect(list.checks).toContainEqual(
      expect.objectContaining({ referenceNumber: '1000010', documentName: 'passport.png' }),
    );
    const photo = await agent.request({
      method: 'GET',
      url: '/admin-api/identity-checks/MER/1000010/document',
    });
    expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/png']);
    const otherTenant = await agent.request({
      method: 'GET',
      url: '/admin-api/identity-checks/BLU/2000001/document',
    });
    expect(otherTenant.statusCode).toBe(404);
    const noReason = await agent.request({
      method: 'POST',
      url: '/admin-api/identity-checks/MER/1000010/decision',
      payload: { outcome: 'failed' },
    });
    expect(noReason.statusCode).toBe(400);
    const refused = await agent.request({
      method: 'POST',
      url: '/admin-api/identity-checks/MER/1000010/decision',
      payload: { outcome: 'failed', reason: 'The photo is blurred: send a clearer one.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const again = await agent.request({
      method: 'POST',
      url: '/admin-api/identity-checks/MER/1000010/decision',
      payload: { outcome: 'verified' },
    });
    expect([again.statusCode, errorCode(again)]).toEqual([404, 'identity_check_not_found']);
    expect(await auditCount('identity_decide')).toBe(2);

    const member = new BrowserAgent(context.app);
    await member.signIn('db.retiring');
    const mine = await member.request({ method: 'GET', url: '/mdp-api/api/identity-verification' });
    expect(mine.json()).toMatchObject({
      status: 'failed',
      reason: 'The photo is blurred: send a clearer one.',
    });

    // A clearer photo, confirmed: each open case's proof of identity is received as "Mark received"
    // marks it (a timeline event by the member of staff, a waiting case back with the scheme); a
    // closed case is not touched.
    const waiting = await openTestCase();
    await db
      .update(memberCases)
      .set({ status: 'Waiting for you' })
      .where(eq(memberCases.caseNumber, waiting));
    const closed = await openTestCase();
    const closedAt = new Date('2026-01-05T10:00:00Z');
    await db
      .update(memberCases)
      .set({ status: 'Completed', closedAt, updatedAt: closedAt })
      .where(eq(memberCases.caseNumber, closed));
    await db
      .update(identityVerifications)
      .set({ status: 'pending', decisionReason: null })
      .where(eq(identityVerifications.referenceNumber, '1000010'));
    const confirmed = await agent.request({
      method: 'POST',
      url: '/admin-api/identity-checks/MER/1000010/decision',
      payload: { outcome: 'verified' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [moved] = await db.select().from(memberCases).where(eq(memberCases.caseNumber, waiting));
    expect([moved!.status, moved!.documents]).toEqual([
      'In progress',
      [{ name: 'Proof of identity', status: 'received' }],
    ]);
    expect(
      await db
        .select({
          actor: caseEvents.actor,
          staffId: caseEvents.staffId,
          kind: caseEvents.kind,
          status: caseEvents.status,
          note: caseEvents.note,
        })
        .from(caseEvents)
        .where(eq(caseEvents.caseNumber, waiting)),
    ).toEqual([
      {
        actor: 'staff',
        staffId: expect.any(String),
        kind: 'document_received',
        status: 'In progress',
        note: 'Proof of identity',
      },
    ]);
    expect(await auditCount('case_document_received', waiting)).toBe(1);
    const [untouched] = await db.select().from(memberCases).where(eq(memberCases.caseNumber, closed));
    expect([untouched!.status, untouched!.documents, untouched!.updatedAt]).toEqual([
      'Completed',
      [{ name: 'Proof of identity', status: 'outstanding' }],
      closedAt,
    ]);
    expect(await db.select().from(caseEvents).where(eq(caseEvents.caseNumber, closed))).toEqual([]);
  });

  it('keeps the staff audit append-only: updating or deleting a row is refused', async () => {
    await expect(
      context.database.db.execute(sql`update ${staffAudit} set action = 'edited'`),
    ).rejects.toThrow();
    await expect(context.database.db.execute(sql`delete from ${staffAudit}`)).rejects.toThrow();
    expect(await auditCount('case_view')).toBeGreaterThan(0);
  });
});

describe('deadlines and the queue’s filters', () => {
  type Queued = {
    caseNumber: string;
    deadline: string;
    deadlineRule: string;
    overdue: boolean;
    ageDays: number;
    businessGroup: string;
    status: string;
  };
  const queueOf = async (agent: BrowserAgent, query = 'status=open') => {
    const response = await agent.request({ method: 'GET', url: `/admin-api/cases?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { cases: Queued[] }).cases;
  };
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000);

  it('pays a transfer within 6 months of its guarantee date, acknowledges a death in 5 working days, and lists what is overdue first', async () => {
    const transfer = await openTestCase('MER', '1000010', 'TOP9', new Date('2026-02-01T10:00:00Z'));
    await context.database.db.insert(memberJourneys).values({
      businessGroup: 'MER',
      referenceNumber: '1000010',
      type: 'transferout',
      status: 'Submitted',
      choice: { guaranteeDate: '2026-01-15' },
      expiresAt: new Date(Date.now() + 86_400_000),
      caseNumber: transfer,
    });
    // No guarantee date known: six months from the opening day.
    const unguaranteed = await openTestCase('MER', '1000010', 'TOP9', new Date('2026-02-03T10:00:00Z'));
    // A relative's report of a death as a visitor sends it, its case opened on Friday 28 August 2026;
    // Monday 31 August is the summer bank holiday in England and Wales.
    const death = await sentDeathReport(context);
    await context.database.db
      .update(memberCases)
      .set({ createdAt: new Date('2026-08-28T09:00:00Z') })
      .where(eq(memberCases.caseNumber, death));
    // Tuesday 22 December 2026: Christmas Day, the weekend and Boxing Day (Monday 28th in lieu) skipped.
    const christmasDeath = await openTestCase('MER', '1000010', 'BBR1', new Date('2026-12-22T09:00:00Z'));
    const fresh = await openTestCase();
    const quote = await openTestCase('MER', '1000010', 'RTQ9');
    const agent = await signedInStaff(caseworker);
    const cases = await queueOf(agent);
    const find = (caseNumber: string) => cases.find((c) => c.caseNumber === caseNumber);
    expect(find(transfer)).toMatchObject({
      deadline: '2026-07-15',
      deadlineRule: 'Transfer payment: 6 months from the guarantee date',
      overdue: true,
    });
    expect(find(unguaranteed)).toMatchObject({ deadline: '2026-08-03', overdue: true });
    expect(find(death)).toMatchObject({
      deadline: '2026-09-07',
      deadlineRule: 'Death: acknowledged in 5 working days',
      overdue: true,
    });
    expect(find(christmasDeath)).toMatchObject({ deadline: '2026-12-31' });
    expect(find(quote)!.deadlineRule).toBe('Quote: 2 months from the request');
    // Overdue first, then by deadline: every overdue case comes before every other.
    const firstOnTime = cases.findIndex((c) => !c.overdue);
    expect(firstOnTime).toBeGreaterThan(0);
    expect(cases.slice(firstOnTime).every((c) => !c.overdue)).toBe(true);
    const overdueDeadlines = cases.slice(0, firstOnTime).map((c) => c.deadline);
    expect(overdueDeadlines).toEqual([...overdueDeadlines].sort());
    const order = [transfer, unguaranteed, death, fresh, quote].map((n) =>
      cases.findIndex((c) => c.caseNumber === n),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('takes a tenant’s deadlines from its content (case-deadlines), other tenants keeping the defaults', async () => {
    const db = context.database.db;
    const theirs = await openTestCase('BLU', '2000001', 'BRP1', new Date('2026-03-02T10:00:00Z'));
    const ours = await openTestCase('MER', '1000010', 'RTP9', new Date('2026-03-02T10:00:00Z'));
    await db.insert(contentDocuments).values({
      tenantUrl: 'bluewater.localhost',
      kind: 'case-deadlines',
      body: {
        rules: [
          { caseTypes: ['BRP1'], workingDays: 10, from: 'opened', describe: 'Bluewater: 10 working days' },
        ],
        otherwise: { days: 20, describe: 'Bluewater standard: 20 days' },
      },
      version: 1,
    });
    clearContentCache(db);
    try {
      const bluewater = demoStaff.find((staff) => staff.email === 'caseworker@bluewater.example')!;
      const theirQueue = await queueOf(await signedInStaff(bluewater));
      // Monday 2 March 2026 and ten working days: Monday 16 March.
      expect(theirQueue.find((c) => c.caseNumber === theirs)).toMatchObject({
        deadline: '2026-03-16',
        deadlineRule: 'Bluewater: 10 working days',
      });
      const ourQueue = await queueOf(await signedInStaff(caseworker));
      expect(ourQueue.find((c) => c.caseNumber === ours)).toMatchObject({
        deadline: '2026-04-01',
        deadlineRule: 'Scheme standard: 30 days',
      });
    } finally {
      await db.delete(contentDocuments).where(eq(contentDocuments.kind, 'case-deadlines'));
      clearContentCache(db);
    }
  });

  it('filters the queue by age and by tenant, in the caller’s scope; a bad filter is refused', async () => {
    const old = await openTestCase('MER', '1000010', 'RTP9', daysAgo(40));
    const recent = await openTestCase('MER', '1000010', 'RTP9', daysAgo(5));
    const blueOld = await openTestCase('BLU', '2000001', 'BRP1', daysAgo(40));
    const agent = await signedInStaff(caseworker);
    const atLeast30 = await queueOf(agent, 'status=open&minAgeDays=30');
    expect(atLeast30.some((c) => c.caseNumber === old)).toBe(true);
    expect(atLeast30.some((c) => c.caseNumber === recent)).toBe(false);
    expect(atLeast30.every((c) => c.ageDays >= 30)).toBe(true);
    expect((await queueOf(agent, 'status=open&minAgeDays=5')).some((c) => c.caseNumber === recent)).toBe(
      true,
    );
    // A tenant-scoped caseworker asking for another tenant sees none of its cases.
    expect(await queueOf(agent, 'status=all&tenant=bluewater.localhost')).toEqual([]);

    const firm = {
      email: 'firm-caseworker@administrators.example',
      totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    };
    await addStaff(context.database.db, {
      email: firm.email,
      name: 'Firm Caseworker',
      role: 'caseworker',
      tenantUrl: null,
      password: DEMO_STAFF_PASSWORD,
      totp: { secret: firm.totpSecret },
    });
    const firmAgent = await signedInStaff(firm);
    const everyone = await queueOf(firmAgent, 'status=open&minAgeDays=30');
    expect(everyone.some((c) => c.caseNumber === blueOld)).toBe(true);
    expect(everyone.some((c) => c.caseNumber === old)).toBe(true);
    const blue = await queueOf(firmAgent, 'status=open&tenant=bluewater.localhost');
    expect(blue.some((c) => c.caseNumber === blueOld)).toBe(true);
    expect(blue.every((c) => c.businessGroup === 'BLU')).toBe(true);
    const merOld = await queueOf(firmAgent, 'status=open&tenant=localhost&minAgeDays=30');
    expect(merOld.some((c) => c.caseNumber === old)).toBe(true);
    expect(merOld.some((c) => c.caseNumber === recent || c.caseNumber === blueOld)).toBe(false);
    expect(await queueOf(firmAgent, 'status=open&tenant=nowhere.example')).toEqual([]);

    for (const bad of ['minAgeDays=-1', 'minAgeDays=old', 'minAgeDays=99999']) {
      const refused = await firmAgent.request({ method: 'GET', url: `/admin-api/cases?${bad}` });
      expect([refused.statusCode, errorCode(refused)], bad).toEqual([400, expect.any(String)]);
    }
  });

  it('filters the queue by each status of the case’s state machine, or by the open, closed and all groups', async () => {
    const db = context.database.db;
    const received = await openTestCase();
    const waiting = await openTestCase();
    const completed = await openTestCase();
    await db
      .update(memberCases)
      .set({ status: 'Waiting for you' })
      .where(eq(memberCases.caseNumber, waiting));
    await db
      .update(memberCases)
      .set({ status: 'Completed', closedAt: new Date() })
      .where(eq(memberCases.caseNumber, completed));
    const agent = await signedInStaff(caseworker);
    const numbersOf = async (query: string) =>
      new Set((await queueOf(agent, query)).map((c) => c.caseNumber));
    const statusOf = async (status: string) => {
      const cases = await queueOf(agent, `status=${encodeURIComponent(status)}`);
      expect(cases.every((c) => c.status === status)).toBe(true);
      return new Set(cases.map((c) => c.caseNumber));
    };

    expect(await statusOf('Received')).toContain(received);
    expect(await statusOf('Received')).not.toContain(waiting);
    expect(await statusOf('Waiting for you')).toContain(waiting);
    expect(await statusOf('Completed')).toContain(completed);
    expect(await statusOf('In progress')).not.toContain(received);
    const open = await numbersOf('status=open');
    expect([open.has(received), open.has(waiting), open.has(completed)]).toEqual([true, true, false]);
    const closed = await numbersOf('status=closed');
    expect([closed.has(received), closed.has(completed)]).toEqual([false, true]);
    const all = await numbersOf('status=all');
    expect([all.has(received), all.has(waiting), all.has(completed)]).toEqual([true, true, true]);

    for (const bad of ['status=Cancelled', 'status=received', 'status=']) {
      const refused = await agent.request({ method: 'GET', url: `/admin-api/cases?${bad}` });
      expect([refused.statusCode, errorCode(refused)], bad).toEqual([400, expect.any(String)]);
    }
  });
});

describe('the member’s view of a DC member', () => {
  it('shows the pot as the member’s own pot page reads it, and none for a DB member', async () => {
    const member = new BrowserAgent(context.app);
    await member.signIn('dc.near');
    const own = await member.request({ url: '/mdp-api/api/members/current/dc-pot' });
    expect(own.statusCode, own.body).toBe(200);
    const agent = await signedInStaff(caseworker);
    const view = await agent.request({ method: 'GET', url: '/admin-api/members/MER/1000005' });
    expect(view.statusCode, view.body).toBe(200);
    const { dcPot } = view.json() as { dcPot: { potPence: number; funds: unknown[] } | null };
    expect(dcPot).toEqual(own.json());
    expect(dcPot!.potPence).toBeGreaterThan(0);
    expect(dcPot!.funds.length).toBeGreaterThan(0);
    const db = await agent.request({ method: 'GET', url: '/admin-api/members/MER/1000010' });
    expect((db.json() as { dcPot: unknown }).dcPot).toBeNull();
  });
});
