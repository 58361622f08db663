import { and, eq, gte } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { staffAccounts, staffAudit, staffSessions } from '../../src/db/schema';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

/**
 * Staff sign-in bound to the host's tenant (issue 43): a tenant's member of staff signs in on that
 * tenant's host only (password and code, passkey; single sign-on in staff-sso.test.ts), an
 * administrator firm's (every tenant) on any; a refusal is 403 `staff_other_tenant`, audited, with no
 * session, and a session carried to another tenant's host opens nothing there.
 */
const ctx = useTestApp();
const MERIDIAN = 'localhost';
const BLUEWATER = 'bluewater.localhost';
const PASSWORD = 'staff tenancy password';

let addresses = 0;
const nextAddress = () => `10.47.${(addresses >> 8) & 255}.${++addresses & 255}`;
let staffCount = 0;

async function newStaff(tenantUrl: string | null) {
  staffCount += 1;
  const email = `tenancy.staff${staffCount}@meridian.example`;
  const secret = `STAFFTENANCY${'ABCDEFGHIJ'[staffCount]}SECRETFORTESTSAAAAAAAAAAAAAA`.slice(0, 32);
  const { id } = await addStaff(ctx.database.db, {
    email,
    name: `Tenancy Staff ${staffCount}`,
    role: 'caseworker',
    tenantUrl,
    password: PASSWORD,
    totp: { secret },
  });
  return { id, email, secret };
}

const post = (agent: BrowserAgent, url: string, payload: object = {}) =>
  agent.request({ method: 'POST', url, payload, remoteAddress: nextAddress() });
const codeOf = (answer: { json: () => { errors: { code: string }[] } }) => answer.json().errors[0]!.code;
const me = (agent: BrowserAgent) => agent.request({ method: 'GET', url: '/admin-api/me' });

/** The password step, then the code, on one host. */
async function signIn(staff: { email: string; secret: string }, host: string) {
  const agent = new BrowserAgent(ctx.app, host);
  const password = await post(agent, '/admin-api/sign-in', { email: staff.email, password: PASSWORD });
  if (password.statusCode !== 200) return { agent, answer: password };
  await ctx.database.db
    .update(staffAccounts)
    .set({ totpLastStep: null })
    .where(eq(staffAccounts.email, staff.email));
  const answer = await post(agent, '/admin-api/sign-in/code', {
    code: await generate({ secret: staff.secret }),
  });
  return { agent, answer };
}

/** The same browser's cookies presented on another host (a script, or a cookie scoped to a parent domain). */
function carriedTo(agent: BrowserAgent, host: string) {
  const other = new BrowserAgent(ctx.app, host);
  for (const [name, value] of agent.cookies) other.cookies.set(name, value);
  return other;
}

const auditSince = (since: Date, staffId: string, action: string) =>
  ctx.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.staffId, staffId), eq(staffAudit.action, action), gte(staffAudit.at, since)))
    .orderBy(staffAudit.at);

const sessionsOf = (staffId: string) =>
  ctx.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, staffId));

describe('staff sign-in on a tenant’s host', () => {
  it('refuses a tenant’s member of staff on another tenant’s host after the right password, audited, with no session', async () => {
    const staff = await newStaff(BLUEWATER);
    const since = new Date(Date.now() - 1000);
    const agent = new BrowserAgent(ctx.app, MERIDIAN);
    const refused = await post(agent, '/admin-api/sign-in', { email: staff.email, password: PASSWORD });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'staff_other_tenant']);
    expect(agent.cookies.has('staffSession')).toBe(false);
    expect(await sessionsOf(staff.id)).toEqual([]);
    const audit = await auditSince(since, staff.id, 'staff_sign_in_password');
    expect(audit.map((row) => [row.outcome, row.details])).toEqual([
      ['denied', { email: staff.email, reason: 'other_tenant', tenantUrl: MERIDIAN }],
    ]);

    // A wrong password there says only that: the tenant is told after the right password.
    const wrong = await post(agent, '/admin-api/sign-in', { email: staff.email, password: 'not it at all' });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, 'staff_sign_in_failed']);

    // On their own tenant's host they sign in.
    const own = await signIn(staff, BLUEWATER);
    expect(own.answer.statusCode, own.answer.body).toBe(200);
    expect((await me(own.agent)).json()).toMatchObject({ email: staff.email, tenantUrl: BLUEWATER });
  });

  it('lets an administrator firm’s member of staff (every tenant) sign in on each tenant’s host', async () => {
    const staff = await newStaff(null);
    for (const host of [MERIDIAN, BLUEWATER]) {
      const { agent, answer } = await signIn(staff, host);
      expect(answer.statusCode, `${host}: ${answer.body}`).toBe(200);
      expect((await me(agent)).json()).toMatchObject({ email: staff.email, tenantUrl: null });
      expect((await agent.request({ method: 'GET', url: '/admin-api/cases' })).statusCode).toBe(200);
    }
  });

  it('refuses the code, and a signed-in session, carried to another tenant’s host, audited', async () => {
    const staff = await newStaff(BLUEWATER);
    const since = new Date(Date.now() - 1000);

    const started = new BrowserAgent(ctx.app, BLUEWATER);
    const password = await post(started, '/admin-api/sign-in', { email: staff.email, password: PASSWORD });
    expect(password.statusCode, password.body).toBe(200);
    const code = await post(carriedTo(started, MERIDIAN), '/admin-api/sign-in/code', {
      code: await generate({ secret: staff.secret }),
    });
    expect([code.statusCode, codeOf(code)]).toEqual([403, 'staff_other_tenant']);
    expect((await sessionsOf(staff.id)).map((row) => row.stage)).toEqual(['password']);
    expect((await auditSince(since, staff.id, 'staff_sign_in_code')).map((row) => row.outcome)).toEqual([
      'denied',
    ]);

    const { agent, answer } = await signIn(staff, BLUEWATER);
    expect(answer.statusCode, answer.body).toBe(200);
    const elsewhere = carriedTo(agent, MERIDIAN);
    for (const url of ['/admin-api/me', '/admin-api/cases']) {
      const refused = await elsewhere.request({ method: 'GET', url });
      expect([refused.statusCode, codeOf(refused)], url).toEqual([403, 'staff_other_tenant']);
    }
    const audit = await auditSince(since, staff.id, 'staff_session_other_tenant');
    expect(audit.map((row) => [row.outcome, (row.details as { tenantUrl: string }).tenantUrl])).toEqual([
      ['denied', MERIDIAN],
      ['denied', MERIDIAN],
    ]);
    // Still signed in on their own host.
    expect((await me(agent)).statusCode).toBe(200);
  });

  it('refuses a passkey of a member of staff who no longer works the host’s tenant, audited, with no session', async () => {
    const staff = await newStaff(MERIDIAN);
    const { agent } = await signIn(staff, MERIDIAN);
    const authenticator = new SoftwareAuthenticator('localhost', 'http://localhost');
    const options = (await post(agent, '/admin-api/passkeys/options')).json().options;
    const added = await post(agent, '/admin-api/passkeys', {
      name: 'Work laptop',
      credential: authenticator.register(options),
    });
    expect(added.statusCode, added.body).toBe(201);

    // The account moves to another scheme: the passkey made here no longer opens this tenant's console.
    await ctx.database.db
      .update(staffAccounts)
      .set({ tenantUrl: BLUEWATER })
      .where(eq(staffAccounts.id, staff.id));
    const since = new Date(Date.now() - 1000);
    const before = (await sessionsOf(staff.id)).length;
    const browser = new BrowserAgent(ctx.app, MERIDIAN);
    const signInOptions = (await post(browser, '/admin-api/sign-in/passkey/options')).json().options;
    const refused = await post(browser, '/admin-api/sign-in/passkey', {
      credential: authenticator.assert(signInOptions, {
        counter: 1,
        userHandle: Buffer.from(staff.id).toString('base64url'),
      }),
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'staff_other_tenant']);
    expect(browser.cookies.has('staffSession')).toBe(false);
    expect((await sessionsOf(staff.id)).length).toBe(before);
    const audit = await auditSince(since, staff.id, 'staff_sign_in_passkey');
    expect(audit.map((row) => [row.outcome, (row.details as { reason: string }).reason])).toEqual([
      ['denied', 'other_tenant'],
    ]);
    // The session opened before the move ends there too.
    const stale = await me(agent);
    expect([stale.statusCode, codeOf(stale)]).toEqual([403, 'staff_other_tenant']);
  });
});
