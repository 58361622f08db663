import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, memberCases, outboxMessages, staffAudit, webhookDeliveries } from '../../src/db/schema';
import { addWebhookEndpoint } from '../../src/areas/webhooks/delivery';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { enqueueJob } from '../../src/lib/job-queue';
import { BLANKED_CODE } from '../../src/lib/outbox';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/seed/demo-staff';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { staffSignedIn, type StaffSignIn } from './staff-sign-in';

/** The console's outbox and webhook delivery log (issue 43): docs/operations.md "The outbox in the console". */
const ctx = useTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', JOB_POLL_MS: '0' });

const staffNamed = (email: string) => demoStaff.find((staff) => staff.email === email)!;
const AUDITOR = { email: 'auditor@meridian.example', totpSecret: 'MERIDIANAUDITORTESTSECRETAAAAAAA' };
const EDITOR = { email: 'editor@meridian.example', totpSecret: 'MERIDIANEDITORTESTSECRETAAAAAAAA' };

const signedIn = (staff: StaffSignIn) => staffSignedIn(ctx, staff);
/** The demo team leader, signed in once for the file's tests. */
let leaderSession: Promise<BrowserAgent> | undefined;
const teamLeader = () => (leaderSession ??= signedIn(staffNamed('teamleader@meridian.example')));
const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: Array<{ code: string }> }).errors[0]!.code;

/** A message as a request of a tenant's site writes it, with its job when it has a way out. */
async function message(
  tenantUrl: string | null,
  values: {
    channel?: 'email' | 'sms' | 'post';
    recipient: string;
    body?: string;
    job?: boolean;
    sealedCode?: string;
  },
) {
  const { db } = ctx.database;
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: values.channel ?? 'email',
      recipient: values.recipient,
      subject: `To ${values.recipient}`,
      body: values.body ?? 'Hello.',
      tenantUrl,
    })
    .returning();
  if (values.job ?? values.channel !== 'post')
    await enqueueJob(db, {
      kind: values.channel === 'sms' ? 'sms' : 'email',
      subjectId: row!.id,
      sealedCode: values.sealedCode,
    });
  return row!.id;
}

type Listed = {
  id: string;
  status: string;
  attempts: number;
  lastError: string | null;
  tenantUrl: string | null;
};
const listed = async (agent: BrowserAgent, query = '') => {
  const response = await agent.request({ url: `/admin-api/outbox${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { messages: Listed[] }).messages;
};
const resend = (agent: BrowserAgent, id: string) =>
  agent.request({ method: 'POST', url: `/admin-api/outbox/${id}/resend`, payload: {} });

beforeAll(async () => {
  for (const [staff, role, tenantUrl] of [
    [AUDITOR, 'auditor', null],
    [EDITOR, 'content_editor', 'localhost'],
  ] as const)
    await addStaff(ctx.database.db, {
      email: staff.email,
      name: role,
      role,
      tenantUrl,
      password: DEMO_STAFF_PASSWORD,
      totp: { secret: staff.totpSecret },
    });
});

describe('the outbox in the console', () => {
  it('shows each message of the caller’s tenant with its delivery, never its body, and not another tenant’s', async () => {
    const ours = await message('localhost', {
      recipient: 'outbox.one@example.org',
      body: 'Your code is 123456.',
    });
    const theirs = await message('bluewater.localhost', { recipient: 'outbox.blue@example.org' });
    const letter = await message('localhost', { channel: 'post', recipient: 'MER/1000001' });
    const kept = await message('localhost', { recipient: 'outbox.kept@example.org', job: false });
    // The mail server (port 9) refuses: the job fails and waits.
    await ctx.app.jobs.runOnce();

    const leader = await teamLeader();
    const messages = await listed(leader);
    const byId = new Map(messages.map((row) => [row.id, row]));
    expect(byId.get(ours)).toMatchObject({ status: 'failed', attempts: 1, tenantUrl: 'localhost' });
    expect(byId.get(ours)!.lastError).toBeTruthy();
    expect(byId.get(letter)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(byId.get(kept)).toMatchObject({ status: 'kept' });
    expect(byId.has(theirs)).toBe(false);
    expect(JSON.stringify(messages)).not.toContain('123456');
    expect(messages.every((row) => row.tenantUrl === 'localhost')).toBe(true);

    expect((await listed(leader, '?status=failed')).map((row) => row.id)).toContain(ours);
    expect((await listed(leader, '?status=kept')).map((row) => row.id)).toEqual([kept]);
    expect((await listed(leader, '?recipient=OUTBOX.ONE@example.org')).map((row) => row.id)).toEqual([ours]);
    const badFilter = await leader.request({ url: '/admin-api/outbox?status=lost' });
    expect(badFilter.statusCode).toBe(400);
    const [{ n }] = (
      await ctx.database.db.execute(
        sql`select count(*)::int as n from ${staffAudit} where action = 'outbox_view'`,
      )
    ).rows as [{ n: number }];
    expect(Number(n)).toBeGreaterThanOrEqual(3);

    // Staff who work every tenant see both.
    const auditor = await signedIn(AUDITOR);
    const everyTenant = (await listed(auditor)).map((row) => row.id);
    expect(everyTenant).toEqual(expect.arrayContaining([ours, theirs]));
    const editor = await signedIn(EDITOR);
    const refused = await editor.request({ url: '/admin-api/outbox' });
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'staff_role_not_allowed']);
    const outsider = await new BrowserAgent(ctx.app).request({ url: '/admin-api/outbox' });
    expect(outsider.statusCode).toBe(401);
  });

  it('lets a team leader resend (audited), and refuses other roles, other tenants and what cannot be resent', async () => {
    const { db } = ctx.database;
    const failed = await message('localhost', { recipient: 'resend.one@example.org' });
    await ctx.app.jobs.runOnce();
    const theirs = await message('bluewater.localhost', { recipient: 'resend.blue@example.org' });
    const letter = await message('localhost', { channel: 'post', recipient: 'MER/1000001' });
    const codeSent = await message('localhost', {
      recipient: 'resend.code@example.org',
      body: `Code ${BLANKED_CODE}`,
    });
    await db.update(jobs).set({ status: 'sent' }).where(eq(jobs.subjectId, codeSent));

    const caseworker = await signedIn(staffNamed('caseworker@meridian.example'));
    const notAllowed = await resend(caseworker, failed);
    expect([notAllowed.statusCode, errorCode(notAllowed)]).toEqual([403, 'staff_role_not_allowed']);
    expect((await db.select().from(jobs).where(eq(jobs.subjectId, failed)))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
    });

    const leader = await teamLeader();
    const sent = await resend(leader, failed);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await db.select().from(jobs).where(eq(jobs.subjectId, failed)))[0]).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: null,
    });
    const audited = await db.select().from(staffAudit).where(eq(staffAudit.action, 'outbox_resend'));
    expect(audited.find((row) => row.outcome === 'success')?.details).toMatchObject({
      messageId: failed,
      previousStatus: 'failed',
    });
    expect(audited.some((row) => row.outcome === 'denied' && row.details.role === 'caseworker')).toBe(true);

    for (const [id, status, code] of [
      [failed, 409, 'message_already_queued'],
      [theirs, 403, 'message_other_tenant'],
      [letter, 409, 'message_not_deliverable'],
      [codeSent, 409, 'message_code_not_kept'],
      ['6f2c1d8e-0000-4000-8000-000000000000', 404, 'message_not_found'],
    ] as const) {
      const response = await resend(leader, id);
      expect([response.statusCode, errorCode(response)], id).toEqual([status, code]);
    }
    expect((await resend(leader, 'not-a-uuid')).statusCode).toBe(400);
    expect((await db.select().from(jobs).where(eq(jobs.subjectId, theirs)))[0]).toMatchObject({
      status: 'queued',
    });
  });

  it('shows the webhook delivery log of the caller’s tenant only', async () => {
    const { db } = ctx.database;
    await addWebhookEndpoint(db, {
      tenantUrl: 'localhost',
      url: 'http://127.0.0.1:9/ours',
      events: ['case.opened'],
      production: false,
    });
    await addWebhookEndpoint(db, {
      tenantUrl: 'bluewater.localhost',
      url: 'http://127.0.0.1:9/theirs',
      events: ['case.opened'],
      production: false,
    });
    for (const [caseNumber, businessGroup] of [
      ['LOG-1', 'MER'],
      ['LOG-2', 'BLU'],
    ] as const)
      await db
        .insert(memberCases)
        .values({ caseNumber, businessGroup, referenceNumber: '1', caseType: 'LOG', title: 'Log' });
    await ctx.app.jobs.runOnce();
    const leader = await teamLeader();
    const response = await leader.request({ url: '/admin-api/webhook-deliveries' });
    expect(response.statusCode, response.body).toBe(200);
    const { deliveries } = response.json() as { deliveries: Array<Record<string, unknown>> };
    expect(deliveries.map((row) => row.caseNumber)).toEqual(['LOG-1']);
    expect(deliveries[0]).toMatchObject({
      event: 'case.opened',
      url: 'http://127.0.0.1:9/ours',
      status: 'failed',
      attempts: 1,
    });
    const editor = await signedIn(EDITOR);
    expect((await editor.request({ url: '/admin-api/webhook-deliveries' })).statusCode).toBe(403);
  });
  it('pages the outbox newest first in the database, the filters kept, with the total; bad paging 400', async () => {
    const recipient = 'outbox.paging@example.org';
    // Seven written in one statement, so at one moment: the order between them is the id's.
    const written = await ctx.database.db
      .insert(outboxMessages)
      .values(
        [...'abcdefgh'].map((letter, index) => ({
          channel: 'email' as const,
          recipient,
          subject: `Paging ${letter}`,
          body: 'Hello.',
          tenantUrl: index < 7 ? 'localhost' : 'bluewater.localhost',
        })),
      )
      .returning({ id: outboxMessages.id, tenantUrl: outboxMessages.tenantUrl });
    const ours = written.filter((row) => row.tenantUrl === 'localhost').map((row) => row.id);
    const leader = await teamLeader();
    type Page = { messages: Listed[]; page: number; limit: number; total: number };
    const pageOf = async (query: string) => {
      const response = await leader.request({ url: `/admin-api/outbox?recipient=${recipient}&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };
    const first = await pageOf('limit=5');
    const second = await pageOf('limit=5&page=2');
    expect([first.page, first.limit, first.total, first.messages.length]).toEqual([1, 5, 7, 5]);
    expect([second.page, second.limit, second.total, second.messages.length]).toEqual([2, 5, 7, 2]);
    expect([...first.messages, ...second.messages].map((row) => row.id).sort()).toEqual(ours.sort());
    expect((await pageOf('limit=5&page=3')).messages).toEqual([]);
    expect((await pageOf('')).limit).toBe(50);
    for (const query of ['page=0', 'page=x', 'limit=0', 'limit=201', 'limit=2.5']) {
      const refused = await leader.request({ url: `/admin-api/outbox?${query}` });
      expect([refused.statusCode, errorCode(refused)], query).toEqual([400, 'field_invalid']);
    }
  });

  it('counts what it lists: a message whose job is gone once (kept), and with a status only its matches', async () => {
    const { db } = ctx.database;
    const recipient = 'outbox.count@example.org';
    const sent = await message('localhost', { recipient });
    await db.update(jobs).set({ status: 'sent' }).where(eq(jobs.subjectId, sent));
    const jobGone = await message('localhost', { channel: 'sms', recipient });
    await db.delete(jobs).where(eq(jobs.subjectId, jobGone));
    const letter = await message('localhost', { channel: 'post', recipient });
    const printed = await message('localhost', { channel: 'post', recipient });
    await db.update(outboxMessages).set({ sentAt: new Date() }).where(eq(outboxMessages.id, printed));
    await message('bluewater.localhost', { recipient });
    const leader = await teamLeader();
    const counted = async (query: string) => {
      const response = await leader.request({ url: `/admin-api/outbox?recipient=${recipient}${query}` });
      expect(response.statusCode, response.body).toBe(200);
      const { messages, total } = response.json() as { messages: Listed[]; total: number };
      return { ids: messages.map((row) => row.id).sort(), total };
    };
    for (const [query, ids] of [
      ['', [sent, jobGone, letter, printed]],
      ['&status=sent', [sent, printed]],
      ['&status=kept', [jobGone]],
      ['&status=queued', [letter]],
      ['&status=failed', []],
      ['&channel=sms', [jobGone]],
    ] as const)
      expect(await counted(query), query).toEqual({ ids: [...ids].sort(), total: ids.length });
  });

  it('pages the webhook delivery log newest first in the database, with the total; bad paging 400', async () => {
    const { db } = ctx.database;
    const leader = await teamLeader();
    type Page = { deliveries: Array<{ id: string }>; page: number; limit: number; total: number };
    const pageOf = async (query: string) => {
      const response = await leader.request({ url: `/admin-api/webhook-deliveries?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };
    const before = (await pageOf('limit=1')).total;
    await addWebhookEndpoint(db, {
      tenantUrl: 'localhost',
      url: 'http://127.0.0.1:9/paging',
      events: ['case.opened'],
      production: false,
    });
    // Five cases opened in one statement: their deliveries are written at one moment.
    const numbers = ['PAGE-1', 'PAGE-2', 'PAGE-3', 'PAGE-4', 'PAGE-5'];
    await db.insert(memberCases).values(
      numbers.map((caseNumber) => ({
        caseNumber,
        businessGroup: 'MER',
        referenceNumber: '1',
        caseType: 'PAGE',
        title: 'Paging',
      })),
    );
    const added = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.caseNumber, numbers));
    expect(added.length).toBeGreaterThanOrEqual(numbers.length);
    const total = before + added.length;
    const limit = total - 2;
    const first = await pageOf(`limit=${limit}`);
    const second = await pageOf(`limit=${limit}&page=2`);
    expect([first.page, first.total, first.deliveries.length]).toEqual([1, total, limit]);
    expect([second.page, second.total, second.deliveries.length]).toEqual([2, total, 2]);
    const seen = [...first.deliveries, ...second.deliveries].map((row) => row.id);
    expect(new Set(seen).size).toBe(total);
    expect(seen.slice(0, added.length).sort()).toEqual(added.map((row) => row.id).sort());
    for (const query of ['page=0', 'limit=201']) {
      const refused = await leader.request({ url: `/admin-api/webhook-deliveries?${query}` });
      expect([refused.statusCode, errorCode(refused)], query).toEqual([400, 'field_invalid']);
    }
  });
});
