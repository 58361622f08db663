import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { passkeys, staffAccounts, staffAudit, staffPasskeys } from '../../src/db/schema';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { SoftwareAuthenticator } from './software-authenticator';

/**
 * Staff passkeys (issue 43): a member of staff adds one on Your passkeys and signs in to the console
 * with it alone; members' and staff passkeys and challenges never cross; a password alone still opens
 * nothing. Checked against a software authenticator (a real P-256 key, assertions signed here).
 */
const ctx = useTestApp();
const RP_ID = 'localhost';
const ORIGIN = 'http://localhost';
const PASSWORD = 'staff passkey password';

let staffCount = 0;
let addresses = 0;
const nextAddress = () => `10.45.${(addresses >> 8) & 255}.${++addresses & 255}`;

async function newStaff() {
  staffCount += 1;
  const email = `passkey.staff${staffCount}@meridian.example`;
  // Base32: the count as a letter.
  const secret = `STAFFPASSKEY${'ABCDEFGHIJ'[staffCount]}SECRETFORTESTSAAAAAAAAAA`.slice(0, 32);
  const { id } = await addStaff(ctx.database.db, {
    email,
    name: `Passkey Staff ${staffCount}`,
    role: 'caseworker',
    tenantUrl: 'localhost',
    password: PASSWORD,
    totp: { secret },
  });
  return { id, email, secret };
}

const post = (agent: BrowserAgent, url: string, payload: object = {}) =>
  agent.request({ method: 'POST', url, payload, remoteAddress: nextAddress() });

async function signedInWithCode(staff: { email: string; secret: string }) {
  const agent = new BrowserAgent(ctx.app);
  const password = await post(agent, '/admin-api/sign-in', { email: staff.email, password: PASSWORD });
  expect(password.statusCode, password.body).toBe(200);
  const code = await post(agent, '/admin-api/sign-in/code', {
    code: await generate({ secret: staff.secret }),
  });
  expect(code.statusCode, code.body).toBe(200);
  return agent;
}

async function addStaffPasskey(agent: BrowserAgent, name = 'Work laptop') {
  const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
  const started = await post(agent, '/admin-api/passkeys/options');
  expect(started.statusCode, started.body).toBe(200);
  const added = await post(agent, '/admin-api/passkeys', {
    name,
    credential: authenticator.register(started.json().options),
  });
  expect(added.statusCode, added.body).toBe(201);
  return { authenticator, passkey: added.json() as { id: string; name: string } };
}

const signInOptions = async (agent: BrowserAgent) => {
  const answer = await post(agent, '/admin-api/sign-in/passkey/options');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().options as { challenge: string; rpId: string; userVerification: string };
};

const codeOf = (answer: { json: () => { errors: { code: string }[] } }) => answer.json().errors[0]!.code;
const auditOf = (staffId: string, action: string) =>
  ctx.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.staffId, staffId), eq(staffAudit.action, action)))
    .orderBy(staffAudit.at);

describe('staff passkeys', () => {
  it('adds a passkey for the signed-in member of staff, who then signs in with it alone', async () => {
    const staff = await newStaff();
    const agent = await signedInWithCode(staff);
    const started = (await post(agent, '/admin-api/passkeys/options')).json().options;
    expect(started).toMatchObject({
      rp: { id: RP_ID, name: 'Meridian operations' },
      user: { name: staff.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const added = await post(agent, '/admin-api/passkeys', {
      name: ' Work laptop ',
      credential: authenticator.register(started),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    const list = await agent.request({ method: 'GET', url: '/admin-api/passkeys' });
    expect(list.json()).toEqual({ passkeys: [added.json()] });
    // Kept with staff passkeys, not members'.
    const [row] = await ctx.database.db
      .select()
      .from(staffPasskeys)
      .where(eq(staffPasskeys.credentialId, authenticator.id));
    expect(row).toMatchObject({ staffId: staff.id, rpId: RP_ID, counter: 0 });
    expect(
      await ctx.database.db.select().from(passkeys).where(eq(passkeys.credentialId, authenticator.id)),
    ).toEqual([]);
    expect((await auditOf(staff.id, 'staff_passkey_add')).map((entry) => entry.outcome)).toEqual(['success']);

    // A new browser: the passkey alone signs in, with no password and no code.
    const browser = new BrowserAgent(ctx.app);
    const options = await signInOptions(browser);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    const assertion = authenticator.assert(options, {
      counter: 1,
      userHandle: Buffer.from(staff.id).toString('base64url'),
    });
    const signedIn = await post(browser, '/admin-api/sign-in/passkey', { credential: assertion });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: staff.id, email: staff.email, role: 'caseworker' });
    const me = await browser.request({ method: 'GET', url: '/admin-api/me' });
    expect(me.statusCode, me.body).toBe(200);
    const queue = await browser.request({ method: 'GET', url: '/admin-api/cases' });
    expect(queue.statusCode, queue.body).toBe(200);
    const signIns = await auditOf(staff.id, 'staff_sign_in');
    expect(signIns.at(-1)!.details).toMatchObject({ method: 'passkey', passkeyId: added.json().id });
    const listed = (await browser.request({ method: 'GET', url: '/admin-api/passkeys' })).json();
    expect(listed.passkeys[0].lastUsedAt).toEqual(expect.any(String));

    // The same answer again: its challenge is spent.
    const replayed = await post(new BrowserAgent(ctx.app), '/admin-api/sign-in/passkey', {
      credential: assertion,
    });
    expect([replayed.statusCode, codeOf(replayed)]).toEqual([400, 'passkey_challenge_invalid']);
  });

  it('refuses an unverified, another site’s, a backwards or an unknown answer, and never crosses with members', async () => {
    const staff = await newStaff();
    const { authenticator } = await addStaffPasskey(await signedInWithCode(staff));
    const browser = new BrowserAgent(ctx.app);
    const signIn = (credential: unknown) =>
      post(browser, '/admin-api/sign-in/passkey', { credential: credential as object });

    const unverified = await signIn(
      authenticator.assert(await signInOptions(browser), { verified: false, counter: 5 }),
    );
    expect([unverified.statusCode, codeOf(unverified)]).toEqual([400, 'passkey_invalid']);
    const elsewhere = await signIn(
      authenticator.assert(await signInOptions(browser), {
        origin: 'https://portal.example.org',
        counter: 5,
      }),
    );
    expect([elsewhere.statusCode, codeOf(elsewhere)]).toEqual([400, 'passkey_origin_invalid']);
    const ok = await signIn(authenticator.assert(await signInOptions(browser), { counter: 5 }));
    expect(ok.statusCode, ok.body).toBe(200);
    const backwards = await signIn(authenticator.assert(await signInOptions(browser), { counter: 2 }));
    expect([backwards.statusCode, codeOf(backwards)]).toEqual([400, 'passkey_counter_invalid']);
    const stranger = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const unknown = await signIn(stranger.assert(await signInOptions(browser)));
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([400, 'passkey_unknown']);

    // A member's sign-in challenge does not sign staff in, nor a staff challenge a member.
    const memberOptions = (
      await post(new BrowserAgent(ctx.app), '/authentication-api/api/authentication/login/passkey/options')
    ).json().options;
    const crossed = await signIn(authenticator.assert(memberOptions, { counter: 9 }));
    expect([crossed.statusCode, codeOf(crossed)]).toEqual([400, 'passkey_challenge_invalid']);
    const memberSignIn = await post(
      new BrowserAgent(ctx.app),
      '/authentication-api/api/authentication/login/passkey',
      {
        credential: authenticator.assert(await signInOptions(browser), { counter: 10 }),
      },
    );
    expect(memberSignIn.statusCode).toBe(400);
    // A member's passkey is unknown to the console.
    const member = new BrowserAgent(ctx.app);
    expect((await member.signIn('dc.near')).statusCode).toBe(200);
    const memberAuthenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const memberStart = await post(member, '/authentication-api/api/account/passkeys/options');
    const memberAdded = await post(member, '/authentication-api/api/account/passkeys', {
      name: 'Phone',
      credential: memberAuthenticator.register(memberStart.json().options),
    });
    expect(memberAdded.statusCode, memberAdded.body).toBe(201);
    const memberKey = await signIn(memberAuthenticator.assert(await signInOptions(browser), { counter: 1 }));
    expect([memberKey.statusCode, codeOf(memberKey)]).toEqual([400, 'passkey_unknown']);

    const failures = await ctx.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'staff_sign_in_passkey'), eq(staffAudit.outcome, 'failure')));
    expect(failures.map((entry) => entry.details.reason)).toEqual(
      expect.arrayContaining([
        'passkey_invalid',
        'passkey_origin_invalid',
        'passkey_counter_invalid',
        'passkey_unknown',
        'passkey_challenge_invalid',
      ]),
    );
  });

  it('binds adding to the session that asked, removes only the staff member’s own, and a password alone opens nothing', async () => {
    const owner = await newStaff();
    const ownerAgent = await signedInWithCode(owner);
    const other = await newStaff();
    const otherAgent = await signedInWithCode(other);

    // Another session's challenge cannot be answered here.
    const theirOptions = (await post(otherAgent, '/admin-api/passkeys/options')).json().options;
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const crossed = await post(ownerAgent, '/admin-api/passkeys', {
      name: 'Crossed',
      credential: authenticator.register(theirOptions),
    });
    expect([crossed.statusCode, codeOf(crossed)]).toEqual([400, 'passkey_challenge_invalid']);
    const unnamed = await post(ownerAgent, '/admin-api/passkeys', {
      name: '  ',
      credential: authenticator.register(
        (await post(ownerAgent, '/admin-api/passkeys/options')).json().options,
      ),
    });
    expect([unnamed.statusCode, codeOf(unnamed)]).toEqual([400, 'field_invalid']);

    const { authenticator: kept, passkey } = await addStaffPasskey(ownerAgent, 'Desk key');
    const notTheirs = await otherAgent.request({
      method: 'DELETE',
      url: `/admin-api/passkeys/${passkey.id}`,
    });
    expect([notTheirs.statusCode, codeOf(notTheirs)]).toEqual([404, 'passkey_not_found']);
    expect((await otherAgent.request({ method: 'GET', url: '/admin-api/passkeys' })).json()).toEqual({
      passkeys: [],
    });
    const removed = await ownerAgent.request({ method: 'DELETE', url: `/admin-api/passkeys/${passkey.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await auditOf(owner.id, 'staff_passkey_remove')).map((entry) => entry.details.name)).toEqual([
      'Desk key',
    ]);
    const again = await ownerAgent.request({ method: 'DELETE', url: `/admin-api/passkeys/${passkey.id}` });
    expect(again.statusCode).toBe(404);
    const browser = new BrowserAgent(ctx.app);
    const gone = await post(browser, '/admin-api/sign-in/passkey', {
      credential: kept.assert(await signInOptions(browser), { counter: 1 }),
    });
    expect([gone.statusCode, codeOf(gone)]).toEqual([400, 'passkey_unknown']);

    // A disabled account's passkey opens nothing.
    const { authenticator: disabledKey } = await addStaffPasskey(otherAgent, 'Spare');
    await ctx.database.db
      .update(staffAccounts)
      .set({ disabledAt: new Date() })
      .where(eq(staffAccounts.id, other.id));
    const disabled = await post(browser, '/admin-api/sign-in/passkey', {
      credential: disabledKey.assert(await signInOptions(browser), { counter: 1 }),
    });
    expect([disabled.statusCode, codeOf(disabled)]).toEqual([400, 'passkey_unknown']);

    // The password alone still leaves the session waiting for a code.
    const half = new BrowserAgent(ctx.app);
    await post(half, '/admin-api/sign-in', { email: owner.email, password: PASSWORD });
    const me = await half.request({ method: 'GET', url: '/admin-api/me' });
    expect([me.statusCode, codeOf(me)]).toEqual([401, 'staff_code_required']);
    const addHalf = await post(half, '/admin-api/passkeys/options');
    expect([addHalf.statusCode, codeOf(addHalf)]).toEqual([401, 'staff_code_required']);
    const anonymous = await new BrowserAgent(ctx.app).request({ method: 'GET', url: '/admin-api/passkeys' });
    expect([anonymous.statusCode, codeOf(anonymous)]).toEqual([401, 'staff_session_missing']);
  });
});
