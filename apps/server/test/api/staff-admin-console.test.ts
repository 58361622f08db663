import { and, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { StaffAccountList, WebhookReceiverList } from '@meridian/contracts';
import {
  memberCases,
  outboxMessages,
  staffAccounts,
  staffAudit,
  webhookDeliveries,
  webhookEndpoints,
} from '../../src/db/schema';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { addStaffFromCommand, type StaffToAdd } from '../../src/areas/operations/staff-add';
import type { Config } from '../../src/config';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/seed/demo-staff';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { staffSignedIn, type StaffSignIn } from './staff-sign-in';

/** Staff accounts and webhook receivers in the console (issue 43): docs/operations.md. */
const context = useTestApp();

let calls = 0;
const address = () => `10.47.${(++calls >> 8) & 255}.${calls & 255}`;
const signedIn = (staff: StaffSignIn) => staffSignedIn(context, staff, { remoteAddress: address() });
const demo = (email: string) => demoStaff.find((staff) => staff.email === email)!;
const administrator = demo('administrator@meridian.example');
const strongPassword = 'copper kettle orbit lantern 42';

const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: Array<{ code: string }> }).errors[0]!.code;

const post = (agent: BrowserAgent, url: string, payload?: object) =>
  agent.request({ method: 'POST', url, payload, remoteAddress: address() });

/** An administrator added straight to the database, with the demo password and a known secret. */
async function extraAdministrator(email: string, tenantUrl: string | null) {
  const totpSecret = `EXTRA${email.replace(/[^a-z]/g, '').toUpperCase()}AAAAAAAAAAAAAAAAAAAAAAAAAAA`.slice(
    0,
    32,
  );
  const { id } = await addStaff(context.database.db, {
    email,
    name: `Extra ${email}`,
    role: 'administrator',
    tenantUrl,
    password: DEMO_STAFF_PASSWORD,
    totp: { secret: totpSecret },
  });
  return { id, email, totpSecret, tenantUrl };
}

/** A Meridian case, which a receiver of case.opened hears of. */
const openCase = (caseNumber: string) =>
  context.database.db.insert(memberCases).values({
    caseNumber,
    businessGroup: 'MER',
    referenceNumber: '1000010',
    caseType: 'RTP9',
    title: 'Apply for your pension',
    documents: [],
  });

const accountRows = async () =>
  (await context.database.db.select().from(staffAccounts))
    .map((row) => ({ ...row }))
    .sort((a, b) => a.id.localeCompare(b.id));

describe('staff accounts in the console', () => {
  it('adds a caseworker who sets their password from the emailed link, signs in with an app, then has their role changed and is disabled and enabled, each audited', async () => {
    const { db } = context.database;
    const admin = await signedIn(administrator);
    const listed = await admin.request({ url: '/admin-api/staff-accounts' });
    expect(listed.statusCode, listed.body).toBe(200);
    const before = (listed.json() as StaffAccountList).accounts;
    expect(before.map((account) => account.email)).toEqual(
      expect.arrayContaining(['caseworker@meridian.example', 'administrator@meridian.example']),
    );
    // Bluewater's staff are not Meridian's administrator's to manage.
    expect(before.some((account) => account.tenantUrl !== 'localhost')).toBe(false);
    expect(before.find((account) => account.email === 'administrator@meridian.example')).toMatchObject({
      role: 'administrator',
      secondFactor: true,
      disabledAt: null,
    });
    expect(
      before.find((account) => account.email === 'administrator@meridian.example')!.lastSignInAt,
    ).not.toBeNull();

    const email = 'new.caseworker@meridian.example';
    const added = await post(admin, '/admin-api/staff-accounts', {
      name: 'Nia Caseworker',
      email: 'New.Caseworker@meridian.example',
      role: 'caseworker',
      tenantUrl: 'localhost',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json() as { id: string };
    expect(JSON.stringify(added.json())).not.toMatch(/password/i);
    const [message] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email))
      .orderBy(desc(outboxMessages.createdAt));
    expect(message!.subject).toBe('Set up your Meridian Pension Scheme operations console account');
    const link = /http:\/\/\S+\/admin\/set-up#([\w-]+)/.exec(message!.body);
    expect(link, message!.body).not.toBeNull();
    const token = link![1]!;
    const [stored] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
    expect(stored).toMatchObject({ email, role: 'caseworker', tenantUrl: 'localhost', totpEnrolled: false });
    expect(stored!.setupTokenHash).not.toContain(token);

    const row = (await admin.request({ url: '/admin-api/staff-accounts' })).json() as StaffAccountList;
    expect(row.accounts.find((account) => account.id === id)).toMatchObject({
      setupPending: true,
      secondFactor: false,
      lastSignInAt: null,
    });

    // The set-up step: a weak password refused (the token still good), then a strong one, once.
    const person = new BrowserAgent(context.app);
    const weak = await post(person, '/admin-api/set-up', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(errorCode(weak)).toBe('password_too_short');
    const set = await post(person, '/admin-api/set-up', { token, password: strongPassword });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ email });
    const again = await post(person, '/admin-api/set-up', { token, password: strongPassword });
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('staff_setup_invalid');

    // First sign-in: the password, then the authenticator app's secret to add, then its code.
    const first = await post(person, '/admin-api/sign-in', { email, password: strongPassword });
    expect(first.statusCode, first.body).toBe(200);
    const { enrolment } = first.json() as { enrolment: { secret: string } };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]+$/);
    const code = await post(person, '/admin-api/sign-in/code', {
      code: await generate({ secret: enrolment.secret }),
    });
    expect(code.statusCode, code.body).toBe(200);
    expect((await person.request({ url: '/admin-api/cases' })).statusCode).toBe(200);
    const signedUp = (await admin.request({ url: '/admin-api/staff-accounts' })).json() as StaffAccountList;
    const mine = signedUp.accounts.find((account) => account.id === id)!;
    expect(mine).toMatchObject({ setupPending: false, secondFactor: true });
    expect(mine.lastSignInAt).not.toBeNull();

    // Role: team leader, at once.
    const role = await post(admin, `/admin-api/staff-accounts/${id}/role`, { role: 'team_leader' });
    expect(role.statusCode, role.body).toBe(200);
    expect((await person.request({ url: '/admin-api/me' })).json()).toMatchObject({ role: 'team_leader' });

    // Disabled: their session ends at once and they cannot sign in again.
    const disabled = await post(admin, `/admin-api/staff-accounts/${id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await person.request({ url: '/admin-api/me' })).statusCode).toBe(401);
    const refused = await post(new BrowserAgent(context.app), '/admin-api/sign-in', {
      email,
      password: strongPassword,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('staff_sign_in_failed');
    const enabled = await post(admin, `/admin-api/staff-accounts/${id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(
      (await post(new BrowserAgent(context.app), '/admin-api/sign-in', { email, password: strongPassword }))
        .statusCode,
    ).toBe(200);

    // Each change in the audit trail, with Meridian's tenant.
    const audited = await db
      .select({ action: staffAudit.action, outcome: staffAudit.outcome, tenantUrl: staffAudit.tenantUrl })
      .from(staffAudit)
      .where(and(eq(staffAudit.outcome, 'success')))
      .orderBy(staffAudit.at);
    const actions = audited.filter(
      (entry) => entry.action.startsWith('staff_account_') || entry.action === 'staff_setup',
    );
    expect(actions.map((entry) => entry.action)).toEqual([
      'staff_account_add',
      'staff_setup',
      'staff_account_role',
      'staff_account_disable',
      'staff_account_enable',
    ]);
    expect(actions.every((entry) => entry.tenantUrl === 'localhost')).toBe(true);
    // The audit log filters by tenant.
    const log = await admin.request({
      url: '/admin-api/audit?tenant=localhost&action=staff_account_disable',
    });
    expect(log.statusCode, log.body).toBe(200);
    expect((log.json() as { entries: Array<{ tenantUrl: string }> }).entries).toEqual([
      expect.objectContaining({ tenantUrl: 'localhost', action: 'staff_account_disable' }),
    ]);
  });

  it('adds staff from `npm run staff:add` as the console does: the set-up link emailed, no password printed, audited', async () => {
    const { db } = context.database;
    const command = (staff: StaffToAdd, config: Partial<Config> = {}) =>
      addStaffFromCommand(
        db,
        pino({ level: 'silent' }),
        { ...context.config, API_URL: undefined, PORT: 3000, demo: true, ...config },
        staff,
        'ops-user',
      );
    const email = 'command.leader@bluewater.example';
    const staff: StaffToAdd = {
      email,
      name: 'Cam Leader',
      role: 'team_leader',
      tenantUrl: 'bluewater.localhost',
    };
    const added = await command(staff);
    expect(added.ok).toBe(true);
    expect(added.lines).toEqual([
      'Added command.leader@bluewater.example (team_leader, bluewater.localhost).',
      'A link to set their password (it works for 72 hours) is emailed to command.leader@bluewater.example; they set up their authenticator app when they first sign in.',
      'In the demo the email goes to the demo outbox: http://localhost:3000/api/dev/outbox?recipient=command.leader%40bluewater.example',
    ]);
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(message!.subject).toBe('Set up your Bluewater Retirement Plan operations console account');
    const link = /(http:\/\/\S+)\/admin\/set-up#([\w-]+)/.exec(message!.body);
    expect(link![1]).toBe('http://bluewater.localhost:3000');
    expect(added.lines.join('\n')).not.toContain(link![2]);
    expect(message!.body).toContain(
      'You have been added to the Bluewater Retirement Plan operations console as team leader',
    );
    const setUp = await post(new BrowserAgent(context.app), '/admin-api/set-up', {
      token: link![2],
      password: strongPassword,
    });
    expect(setUp.statusCode, setUp.body).toBe(200);
    const [audited] = await db
      .select()
      .from(staffAudit)
      .where(
        and(eq(staffAudit.action, 'staff_account_add'), eq(staffAudit.tenantUrl, 'bluewater.localhost')),
      );
    expect(audited!.details).toMatchObject({ email, via: 'command', operator: 'ops-user' });

    const outside = await command(
      { ...staff, email: 'firm.auditor@administrators.example', role: 'auditor', tenantUrl: null },
      { demo: false, SMTP_URL: undefined, API_URL: 'https://portal.example.org' },
    );
    expect(outside.lines.at(-1)).toBe(
      'SMTP_URL is not set, so it waits in the outbox (the console’s Outbox page) and is not sent.',
    );
    const production = { demo: false, SMTP_URL: undefined, NODE_ENV: 'production' } as const;
    const refused = await command({ ...staff, email: 'no.smtp@administrators.example' }, production);
    expect(refused.ok).toBe(false);
    expect(refused.lines[0]).toMatch(/^SMTP_URL is not set.*Nothing was added\.$/);
    expect((await accountRows()).map((row) => row.email)).not.toContain('no.smtp@administrators.example');
    const [firmMessage] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'firm.auditor@administrators.example'));
    expect(firmMessage!.body).toMatch(/https:\/\/portal\.example\.org\/admin\/set-up#/);

    const count = (await accountRows()).length;
    expect(await command(staff)).toEqual({ ok: false, lines: [`${email} is already a member of staff.`] });
    expect(await command({ ...staff, email: 'x@y.example', tenantUrl: 'nowhere.example' })).toEqual({
      ok: false,
      lines: ['No tenant nowhere.example.'],
    });
    expect((await accountRows()).length).toBe(count);
  });

  it('refuses bad input, the administrator’s own account, another tenant’s administrator and other roles, changing nothing', async () => {
    const admin = await signedIn(administrator);
    const leader = await signedIn(demo('teamleader@meridian.example'));
    const bluewaterAdmin = await extraAdministrator('admin@bluewater.example', 'bluewater.localhost');
    const theirs = await signedIn(bluewaterAdmin);
    const self = (await admin.request({ url: '/admin-api/me' })).json() as { id: string };
    const caseworker = (await accountRows()).find((row) => row.email === 'caseworker@meridian.example')!;
    const beforeAll = await accountRows();
    const bad = [
      { name: '', email: 'a@b.example', role: 'caseworker', tenantUrl: 'localhost' },
      { name: 'A', email: 'not an email', role: 'caseworker', tenantUrl: 'localhost' },
      { name: 'A', email: 'a@b.example', role: 'owner', tenantUrl: 'localhost' },
      { name: 'A', email: 'a@b.example', role: 'caseworker' },
      { name: 'A'.repeat(121), email: 'a@b.example', role: 'caseworker', tenantUrl: 'localhost' },
    ];
    for (const body of bad) {
      const answer = await post(admin, '/admin-api/staff-accounts', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({
        errors: [expect.objectContaining({ code: expect.any(String) })],
      });
    }
    const taken = await post(admin, '/admin-api/staff-accounts', {
      name: 'Again',
      email: 'CASEWORKER@meridian.example',
      role: 'caseworker',
      tenantUrl: 'localhost',
    });
    expect(taken.statusCode).toBe(409);
    expect(errorCode(taken)).toBe('staff_email_taken');
    for (const tenantUrl of ['bluewater.localhost', null]) {
      const other = await post(admin, '/admin-api/staff-accounts', {
        name: 'Elsewhere',
        email: 'elsewhere@meridian.example',
        role: 'caseworker',
        tenantUrl,
      });
      expect(other.statusCode).toBe(403);
      expect(errorCode(other)).toBe('staff_tenant_not_allowed');
    }
    const badRole = await post(admin, `/admin-api/staff-accounts/${caseworker.id}/role`, { role: 'boss' });
    expect(badRole.statusCode).toBe(400);
    const badId = await post(admin, '/admin-api/staff-accounts/not-a-uuid/disable');
    expect(badId.statusCode).toBe(400);
    for (const url of [
      `/admin-api/staff-accounts/${self.id}/disable`,
      `/admin-api/staff-accounts/${self.id}/role`,
    ]) {
      const own = await post(admin, url, { role: 'caseworker' });
      expect(own.statusCode, url).toBe(409);
      expect(errorCode(own)).toBe('staff_account_self');
    }
    // A Bluewater administrator: Meridian's accounts are not theirs (404), nor are they listed.
    const listed = (await theirs.request({ url: '/admin-api/staff-accounts' })).json() as StaffAccountList;
    expect(listed.accounts.every((account) => account.tenantUrl === 'bluewater.localhost')).toBe(true);
    for (const path of ['disable', 'enable', 'role']) {
      const answer = await post(theirs, `/admin-api/staff-accounts/${caseworker.id}/${path}`, {
        role: 'auditor',
      });
      expect(answer.statusCode, path).toBe(404);
      expect(errorCode(answer)).toBe('staff_account_not_found');
    }
    // A team leader: 403, audited.
    const notAdmin = await post(leader, `/admin-api/staff-accounts/${caseworker.id}/disable`);
    expect(notAdmin.statusCode).toBe(403);
    expect(errorCode(notAdmin)).toBe('staff_role_not_allowed');

    const afterAll = await accountRows();
    expect(afterAll).toEqual(beforeAll);
    const refusals = await context.database.db
      .select({ action: staffAudit.action, outcome: staffAudit.outcome })
      .from(staffAudit)
      .where(eq(staffAudit.action, 'staff_account_disable'));
    expect(refusals.map((entry) => entry.outcome)).toEqual(expect.arrayContaining(['failure', 'denied']));
  });

  it('never leaves a tenant without an administrator: two disabling each other at once, one is refused', async () => {
    const first = await extraAdministrator('first.admin@bluewater.example', 'bluewater.localhost');
    const second = await extraAdministrator('second.admin@bluewater.example', 'bluewater.localhost');
    // Any Bluewater administrator added by the test before is set aside, so these two are the last.
    const { db } = context.database;
    await db
      .update(staffAccounts)
      .set({ disabledAt: new Date() })
      .where(eq(staffAccounts.email, 'admin@bluewater.example'));
    const [one, two] = [await signedIn(first), await signedIn(second)];
    const answers = await Promise.all([
      post(one, `/admin-api/staff-accounts/${second.id}/disable`),
      post(two, `/admin-api/staff-accounts/${first.id}/disable`),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.find((answer) => answer.statusCode !== 200)!;
    // Refused as the last administrator, or the session already ended by the other's change.
    expect([409, 401]).toContain(refused.statusCode);
    if (refused.statusCode === 409) expect(errorCode(refused)).toBe('last_administrator');
    const enabled = await db
      .select()
      .from(staffAccounts)
      .where(
        and(eq(staffAccounts.tenantUrl, 'bluewater.localhost'), eq(staffAccounts.role, 'administrator')),
      );
    expect(enabled.filter((row) => row.disabledAt === null)).toHaveLength(1);
  });
});

describe('webhook receivers in the console', () => {
  it('adds a receiver with its secret shown once, lists it, gives it a new secret, disables it and enables it again, each audited; refuses bad input and other tenants', async () => {
    const { db } = context.database;
    const admin = await signedIn(administrator);
    const added = await post(admin, '/admin-api/webhook-receivers', {
      url: 'https://admin.example.org/hooks',
      events: ['case.opened', 'case.completed'],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.headers['cache-control']).toBe('no-store');
    const { id, secret } = added.json() as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    const [stored] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(stored!.secret).not.toContain(secret);
    expect(stored).toMatchObject({ tenantUrl: 'localhost', events: ['case.opened', 'case.completed'] });

    const list = (await admin.request({ url: '/admin-api/webhook-receivers' })).json() as WebhookReceiverList;
    expect(list.receivers.find((receiver) => receiver.id === id)).toMatchObject({
      url: 'https://admin.example.org/hooks',
      active: true,
      lastDelivery: null,
    });
    expect(JSON.stringify(list)).not.toContain('whsec_');

    const rotated = await post(admin, `/admin-api/webhook-receivers/${id}/rotate-secret`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json() as { secret: string; previousSecretUntil: string };
    expect(newSecret.secret).not.toBe(secret);
    // The old secret signs beside the new one for WEBHOOK_SECRET_GRACE_HOURS (24) unless told otherwise.
    const graceMs = Date.parse(newSecret.previousSecretUntil) - Date.now();
    expect(graceMs).toBeGreaterThan(23.9 * 3_600_000);
    expect(graceMs).toBeLessThanOrEqual(24 * 3_600_000);
    const [kept] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(kept!.previousSecret).toBe(stored!.secret);
    for (const graceHours of [-1, 169, 1.5, 'soon']) {
      const refused = await post(admin, `/admin-api/webhook-receivers/${id}/rotate-secret`, { graceHours });
      expect(refused.statusCode, String(graceHours)).toBe(400);
    }
    const [unchanged] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(unchanged!.secret).toBe(kept!.secret);
    const atOnce = await post(admin, `/admin-api/webhook-receivers/${id}/rotate-secret`, { graceHours: 0 });
    expect(atOnce.json()).toMatchObject({ previousSecretUntil: null });

    const countBefore = (await db.select().from(webhookEndpoints)).length;
    for (const body of [
      { url: 'http://admin.example.org/hooks', events: ['case.opened'] },
      { url: 'not a url', events: ['case.opened'] },
      { url: 'https://admin.example.org/hooks', events: [] },
      { url: 'https://admin.example.org/hooks', events: ['case.deleted'] },
      { url: 'https://admin.example.org/hooks', events: ['case.opened', 'case.opened'] },
      { url: 'https://admin.example.org/hooks', events: ['case.opened'], tenantUrl: 'nowhere.example' },
    ]) {
      const answer = await post(admin, '/admin-api/webhook-receivers', body);
      expect([400, 403], JSON.stringify(body)).toContain(answer.statusCode);
    }
    const other = await post(admin, '/admin-api/webhook-receivers', {
      url: 'https://admin.example.org/hooks',
      events: ['case.opened'],
      tenantUrl: 'bluewater.localhost',
    });
    expect(other.statusCode).toBe(403);
    expect(errorCode(other)).toBe('staff_tenant_not_allowed');
    expect((await db.select().from(webhookEndpoints)).length).toBe(countBefore);

    // Bluewater's administrator sees none of Meridian's receivers and cannot change them.
    const bluewaterAdmin = await extraAdministrator('hooks.admin@bluewater.example', 'bluewater.localhost');
    const theirs = await signedIn(bluewaterAdmin);
    const theirList = (
      await theirs.request({ url: '/admin-api/webhook-receivers' })
    ).json() as WebhookReceiverList;
    expect(theirList.receivers.some((receiver) => receiver.id === id)).toBe(false);
    for (const path of ['rotate-secret', 'disable', 'enable']) {
      const answer = await post(theirs, `/admin-api/webhook-receivers/${id}/${path}`, {});
      expect(answer.statusCode, path).toBe(404);
      expect(errorCode(answer)).toBe('webhook_receiver_not_found');
    }

    const disabled = await post(admin, `/admin-api/webhook-receivers/${id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    const afterDisable = (
      await admin.request({ url: '/admin-api/webhook-receivers' })
    ).json() as WebhookReceiverList;
    expect(afterDisable.receivers.find((receiver) => receiver.id === id)!.active).toBe(false);
    const noRotate = await post(admin, `/admin-api/webhook-receivers/${id}/rotate-secret`, {});
    expect(noRotate.statusCode).toBe(409);
    expect(errorCode(noRotate)).toBe('webhook_receiver_disabled');
    const deliveriesTo = async () =>
      (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id))).length;
    await openCase('WHK-100001');
    expect(await deliveriesTo()).toBe(0);

    const enabled = await post(admin, `/admin-api/webhook-receivers/${id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const afterEnable = (
      await admin.request({ url: '/admin-api/webhook-receivers' })
    ).json() as WebhookReceiverList;
    expect(afterEnable.receivers.find((receiver) => receiver.id === id)!.active).toBe(true);
    await openCase('WHK-100002');
    expect(await deliveriesTo()).toBe(1);
    const again = await post(admin, `/admin-api/webhook-receivers/${id}/enable`);
    expect(again.statusCode, again.body).toBe(200);
    // With no body at all (not even {}), the secret is rotated with the default grace of 24 hours.
    const noBody = await post(admin, `/admin-api/webhook-receivers/${id}/rotate-secret`);
    expect(noBody.statusCode, noBody.body).toBe(200);
    const noBodyGraceMs = Date.parse(noBody.json().previousSecretUntil) - Date.now();
    expect(noBodyGraceMs).toBeGreaterThan(23.9 * 3_600_000);
    expect(noBodyGraceMs).toBeLessThanOrEqual(24 * 3_600_000);

    const audited = await db
      .select({ action: staffAudit.action, tenantUrl: staffAudit.tenantUrl })
      .from(staffAudit)
      .where(and(eq(staffAudit.outcome, 'success')));
    const actions = audited.filter((entry) => entry.action.startsWith('webhook_receiver_'));
    expect(actions.map((entry) => entry.action).sort()).toEqual([
      'webhook_receiver_add',
      'webhook_receiver_disable',
      'webhook_receiver_enable',
      'webhook_receiver_enable',
      'webhook_receiver_rotate',
      'webhook_receiver_rotate',
      'webhook_receiver_rotate',
    ]);
    expect(actions.every((entry) => entry.tenantUrl === 'localhost')).toBe(true);
  });
});
