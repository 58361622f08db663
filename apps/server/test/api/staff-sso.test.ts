import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDocuments, staffAccounts, staffAudit, staffSessions } from '../../src/db/schema';
import { clearContentCache } from '../../src/areas/content/content-cache';
import { addStaff } from '../../src/areas/operations/staff-accounts';
import { openSecret, sealSecret } from '../../src/lib/secret-box';
import { loadSigningKey } from '../../src/lib/server-keys';
import { startFirmProvider, type FirmAccount, type FirmLogin, type FirmProvider } from '../firm-provider';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

/**
 * Staff single sign-on (issue 43) against a real OpenID provider started here as "the firm's provider"
 * (oidc-provider, as the portal's own embedded one, on a port of its own, with its own accounts): the
 * console's authorization code flow with PKCE, state and nonce, the ID token verified, the staff
 * account matched by verified email, the provider's second factor required; every refusal a 4xx with
 * a code, no session, audited.
 */
const CLIENT_ID = 'meridian-console';
const CLIENT_SECRET = 'the firm provider client secret for tests';
const env: Record<string, string> = {
  STAFF_OIDC_CLIENT_ID: CLIENT_ID,
  STAFF_OIDC_CLIENT_SECRET: CLIENT_SECRET,
  STAFF_OIDC_NAME: 'Meridian Group',
  STAFF_OIDC_EMAIL_DOMAINS: 'meridian.example,bluewater.example',
  STAFF_OIDC_MFA_ACR: 'urn:firm:mfa',
  // Bluewater's own provider's client secret, which its content names (never holds).
  STAFF_OIDC_CLIENT_SECRET_BLUEWATER: 'the bluewater provider client secret for tests',
};

const firmAccounts = new Map<string, FirmAccount>([
  ['firm-caseworker', { email: 'Caseworker@Meridian.example', email_verified: true }],
  ['firm-bluewater', { email: 'caseworker@bluewater.example', email_verified: true }],
  ['firm-unverified', { email: 'teamleader@meridian.example', email_verified: false }],
  ['firm-stranger', { email: 'nobody@meridian.example', email_verified: true }],
  ['firm-other-domain', { email: 'staff@elsewhere.example', email_verified: true }],
  ['firm-disabled', { email: 'disabled.sso@meridian.example', email_verified: true }],
]);
/** Who the firm's provider signs in next, and how (its amr and acr). */
let nextLogin: FirmLogin = { accountId: 'firm-caseworker' };

let firm: FirmProvider;
let issuer = '';

beforeAll(async () => {
  firm = await startFirmProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    accounts: firmAccounts,
    nextLogin: () => nextLogin,
    acrValues: ['urn:firm:pwd', 'urn:firm:mfa'],
  });
  issuer = firm.issuer;
  env.STAFF_OIDC_ISSUER = issuer;
  firm.configure([
    'http://localhost/admin-api/sign-in/sso/callback',
    'http://bluewater.localhost/admin-api/sign-in/sso/callback',
  ]);
});

afterAll(() => firm.close());

const ctx = useTestApp(env);

beforeAll(async () => {
  const { id } = await addStaff(ctx.database.db, {
    email: 'disabled.sso@meridian.example',
    name: 'Disabled Sso',
    role: 'caseworker',
    tenantUrl: 'localhost',
    password: 'a disabled staff password',
    totp: 'generate',
  });
  await ctx.database.db.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.id, id));
});

let addresses = 0;
const nextAddress = () => `10.46.${(addresses >> 8) & 255}.${++addresses & 255}`;

/** A browser's cookies at the firm's provider (one per sign-in: each signs in afresh). */
class ProviderJar {
  private readonly cookies = new Map<string, string>();
  async get(url: string) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }
}

/** Starts at the console and walks the firm's provider until it redirects back: the callback's URL. */
async function throughProvider(agent: BrowserAgent, login: typeof nextLogin, via = issuer) {
  nextLogin = login;
  const start = await agent.request({
    method: 'GET',
    url: '/admin-api/sign-in/sso/start',
    remoteAddress: nextAddress(),
  });
  expect(start.statusCode, start.body).toBe(303);
  const jar = new ProviderJar();
  let location = start.headers.location as string;
  expect(location.startsWith(`${via}/`)).toBe(true);
  for (let hop = 0; hop < 8 && location.startsWith(via); hop += 1) {
    const answer = await jar.get(location);
    expect([302, 303], await answer.clone().text()).toContain(answer.status);
    location = new URL(answer.headers.get('location')!, location).href;
  }
  return new URL(location);
}

const callback = (agent: BrowserAgent, url: URL, headers: Record<string, string> = {}) =>
  agent.request({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers,
    remoteAddress: nextAddress(),
  });

const codeOf = (answer: { json: () => { errors: { code: string }[] } }) => answer.json().errors[0]!.code;
const me = (agent: BrowserAgent) => agent.request({ method: 'GET', url: '/admin-api/me' });
const mfa = { amr: ['pwd', 'otp'] };

async function auditSince(since: Date, action: string) {
  return ctx.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.action, action), gte(staffAudit.at, since)))
    .orderBy(staffAudit.at);
}

async function refused(
  login: typeof nextLogin,
  status: number,
  code: string,
  options: { host?: string } = {},
) {
  const since = new Date(Date.now() - 1000);
  const agent = new BrowserAgent(ctx.app, options.host);
  const sessionsBefore = (await ctx.database.db.select().from(staffSessions)).length;
  const answer = await callback(agent, await throughProvider(agent, login));
  expect(answer.statusCode, answer.body).toBe(status);
  expect(codeOf(answer)).toBe(code);
  expect(agent.cookies.has('staffSession')).toBe(false);
  expect((await ctx.database.db.select().from(staffSessions)).length).toBe(sessionsBefore);
  expect((await me(agent)).statusCode).toBe(401);
  const audit = await auditSince(since, 'staff_sign_in_sso');
  expect(audit.map((row) => (row.details as { reason: string }).reason)).toContain(code);
  return { agent, audit };
}

describe('staff single sign-on to the firm’s OpenID provider', () => {
  it('tells the console it is offered, with the firm’s name', async () => {
    const answer = await new BrowserAgent(ctx.app).request({ method: 'GET', url: '/admin-api/sign-in/sso' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ enabled: true, name: 'Meridian Group' });
  });

  it('starts the code flow with PKCE (S256), state and nonce, the attempt in a Lax HttpOnly cookie of its own path', async () => {
    const agent = new BrowserAgent(ctx.app);
    const start = await agent.request({ method: 'GET', url: '/admin-api/sign-in/sso/start' });
    expect(start.statusCode).toBe(303);
    const target = new URL(start.headers.location as string);
    expect(target.origin).toBe(issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: 'http://localhost/admin-api/sign-in/sso/callback',
      scope: 'openid email',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(target.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(/staffSso=/);
    expect(cookie).toMatch(/Path=\/admin-api\/sign-in\/sso/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('signs a caseworker in (email matched case-blind, amr with otp): the same staff session as a passkey, audited, and the queue opens', async () => {
    const since = new Date(Date.now() - 1000);
    const agent = new BrowserAgent(ctx.app);
    const answer = await callback(
      agent,
      await throughProvider(agent, { accountId: 'firm-caseworker', ...mfa }),
    );
    expect(answer.statusCode, answer.body).toBe(303);
    expect(answer.headers.location).toBe('/admin');
    const cookie = (answer.headers['set-cookie'] as string[]).find((line) =>
      line.startsWith('staffSession='),
    );
    expect(cookie).toMatch(/Path=\/admin-api; HttpOnly; SameSite=Strict/);
    const signedIn = await me(agent);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email: 'caseworker@meridian.example', role: 'caseworker' });
    const queue = await agent.request({ method: 'GET', url: '/admin-api/cases' });
    expect(queue.statusCode, queue.body).toBe(200);
    const [audit] = await auditSince(since, 'staff_sign_in');
    expect(audit).toMatchObject({ outcome: 'success', staffId: signedIn.json().id });
    expect(audit!.details).toMatchObject({ method: 'sso', issuer, subject: 'firm-caseworker' });
    // The session's limits are the console's: 10 hours at most.
    const [session] = await ctx.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, signedIn.json().id))
      .orderBy(staffSessions.createdAt);
    expect(session!.stage).toBe('signed_in');
    expect(session!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 60_000);
  });

  it('takes an acr the deployment names as a second factor', async () => {
    const agent = new BrowserAgent(ctx.app);
    const answer = await callback(
      agent,
      await throughProvider(agent, { accountId: 'firm-caseworker', amr: ['pwd'], acr: 'urn:firm:mfa' }),
    );
    expect(answer.statusCode, answer.body).toBe(303);
    expect((await me(agent)).statusCode).toBe(200);
  });

  it('refuses a sign-in without a second factor: 403 staff_sso_mfa_required, denied in the audit', async () => {
    const { audit } = await refused(
      { accountId: 'firm-caseworker', amr: ['pwd'], acr: 'urn:firm:pwd' },
      403,
      'staff_sso_mfa_required',
    );
    expect(audit.at(-1)).toMatchObject({ outcome: 'denied' });
    expect(audit.at(-1)!.staffId).not.toBeNull();
  });

  it('refuses an email the provider has not verified', async () => {
    await refused({ accountId: 'firm-unverified', ...mfa }, 403, 'staff_sso_email_unverified');
  });

  it('refuses an email with no staff account (none is made) and a disabled account', async () => {
    await refused({ accountId: 'firm-stranger', ...mfa }, 403, 'staff_sso_unknown_account');
    const made = await ctx.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'nobody@meridian.example'));
    expect(made).toEqual([]);
    await refused({ accountId: 'firm-disabled', ...mfa }, 403, 'staff_sso_unknown_account');
  });

  it('refuses an email outside the allowed domains', async () => {
    await refused({ accountId: 'firm-other-domain', ...mfa }, 403, 'staff_sso_email_domain');
  });

  it('refuses another tenant’s account: Bluewater’s caseworker on the Meridian host, and signs them in on Bluewater’s', async () => {
    await refused({ accountId: 'firm-bluewater', ...mfa }, 403, 'staff_sso_other_tenant');
    const agent = new BrowserAgent(ctx.app, 'bluewater.localhost');
    const url = await throughProvider(agent, { accountId: 'firm-bluewater', ...mfa });
    expect(url.origin).toBe('http://bluewater.localhost');
    const answer = await callback(agent, url);
    expect(answer.statusCode, answer.body).toBe(303);
    expect((await me(agent)).json()).toMatchObject({ email: 'caseworker@bluewater.example' });
  });

  it('refuses a wrong state, a callback without its attempt, and a replayed callback', async () => {
    const agent = new BrowserAgent(ctx.app);
    const url = await throughProvider(agent, { accountId: 'firm-caseworker', ...mfa });
    const wrong = new URL(url);
    wrong.searchParams.set('state', 'x'.repeat(43));
    const answer = await callback(agent, wrong);
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe('staff_sso_state_invalid');
    // The attempt was spent by the wrong state: the right one no longer opens anything.
    const after = await callback(agent, url);
    expect(codeOf(after)).toBe('staff_sso_state_invalid');
    expect((await me(agent)).statusCode).toBe(401);
    // Another browser (no attempt cookie) with a good code and state.
    const other = new BrowserAgent(ctx.app);
    const stolen = await throughProvider(new BrowserAgent(ctx.app), { accountId: 'firm-caseworker', ...mfa });
    expect(codeOf(await callback(other, stolen))).toBe('staff_sso_state_invalid');
    // A signed-in browser replaying its callback.
    const signedIn = new BrowserAgent(ctx.app);
    const used = await throughProvider(signedIn, { accountId: 'firm-caseworker', ...mfa });
    expect((await callback(signedIn, used)).statusCode).toBe(303);
    expect(codeOf(await callback(signedIn, used))).toBe('staff_sso_state_invalid');
  });

  it('refuses a replayed code even with the attempt’s cookie kept: the provider refuses it (staff_sso_code_rejected)', async () => {
    const since = new Date(Date.now() - 1000);
    const agent = new BrowserAgent(ctx.app);
    const url = await throughProvider(agent, { accountId: 'firm-caseworker', ...mfa });
    const attempt = agent.cookies.get('staffSso')!;
    expect((await callback(agent, url)).statusCode).toBe(303);
    const thief = new BrowserAgent(ctx.app);
    thief.cookies.set('staffSso', attempt);
    const replay = await callback(thief, url);
    expect(replay.statusCode).toBe(400);
    expect(codeOf(replay)).toBe('staff_sso_code_rejected');
    expect(thief.cookies.has('staffSession')).toBe(false);
    const audit = await auditSince(since, 'staff_sign_in_sso');
    expect(audit.map((row) => (row.details as { reason: string }).reason)).toContain(
      'staff_sso_code_rejected',
    );
  });

  it('refuses an ID token whose nonce is not the attempt’s', async () => {
    // The attempt's nonce changed under the server's own sealing key (as a token minted for another
    // attempt would carry another nonce): state and PKCE still match, the nonce check stops it.
    const agent = new BrowserAgent(ctx.app);
    const url = await throughProvider(agent, { accountId: 'firm-caseworker', ...mfa });
    const key = await loadSigningKey(ctx.database.db, 'staff-sso-attempts', ctx.config.SECRETS_KEY);
    const attempt = JSON.parse(openSecret(key, agent.cookies.get('staffSso')!)) as { nonce: string };
    agent.cookies.set('staffSso', sealSecret(key, JSON.stringify({ ...attempt, nonce: 'n'.repeat(43) })));
    const answer = await callback(agent, url);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(codeOf(answer)).toBe('staff_sso_nonce_mismatch');
    expect((await me(agent)).statusCode).toBe(401);
  });

  it('refuses the provider’s own refusal (access_denied)', async () => {
    const agent = new BrowserAgent(ctx.app);
    const url = await throughProvider(agent, { accountId: 'firm-caseworker', ...mfa });
    url.searchParams.delete('code');
    url.searchParams.set('error', 'access_denied');
    const answer = await callback(agent, url);
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe('staff_sso_provider_refused');
  });

  it('sends a browser back to the sign-in page with the refusal’s code', async () => {
    const agent = new BrowserAgent(ctx.app);
    const url = await throughProvider(agent, { accountId: 'firm-caseworker', amr: ['pwd'] });
    const answer = await callback(agent, url, { accept: 'text/html,application/xhtml+xml' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/admin/sign-in?sso=staff_sso_mfa_required');
    expect((await me(agent)).statusCode).toBe(401);
  });
});

describe('a tenant’s own OpenID provider for its staff', () => {
  const BLUEWATER = 'bluewater.localhost';
  let blue: FirmProvider;
  const bluewaterSso = () => ({
    issuer: blue.issuer,
    clientId: 'bluewater-console',
    clientSecretEnv: 'STAFF_OIDC_CLIENT_SECRET_BLUEWATER',
    name: 'Bluewater Trustees',
  });
  /** Bluewater's content names its provider (as content/tenants/bluewater/staff-sso.json would). */
  async function bluewaterNames(body: object | null) {
    const { db } = ctx.database;
    await db
      .delete(contentDocuments)
      .where(and(eq(contentDocuments.tenantUrl, BLUEWATER), eq(contentDocuments.kind, 'staff-sso')));
    if (body)
      await db.insert(contentDocuments).values({ tenantUrl: BLUEWATER, kind: 'staff-sso', body, version: 1 });
    clearContentCache(db);
  }

  beforeAll(async () => {
    blue = await startFirmProvider({
      clientId: 'bluewater-console',
      clientSecret: env.STAFF_OIDC_CLIENT_SECRET_BLUEWATER!,
      accounts: new Map([
        ['blue-caseworker', { email: 'caseworker@bluewater.example', email_verified: true }],
      ]),
      nextLogin: () => nextLogin,
    });
    blue.configure([`http://${BLUEWATER}/admin-api/sign-in/sso/callback`]);
    await bluewaterNames(bluewaterSso());
  });
  afterAll(async () => {
    await bluewaterNames(null);
    await blue.close();
  });

  it('sends each host to its own tenant’s provider, falling back to the deployment’s, and signs in through each', async () => {
    const offered = async (host: string) =>
      (
        await new BrowserAgent(ctx.app, host).request({ method: 'GET', url: '/admin-api/sign-in/sso' })
      ).json();
    expect(await offered(BLUEWATER)).toEqual({ enabled: true, name: 'Bluewater Trustees' });
    expect(await offered('localhost')).toEqual({ enabled: true, name: 'Meridian Group' });

    const starts = async (host: string) => {
      const start = await new BrowserAgent(ctx.app, host).request({
        method: 'GET',
        url: '/admin-api/sign-in/sso/start',
        remoteAddress: nextAddress(),
      });
      expect(start.statusCode, start.body).toBe(303);
      const target = new URL(start.headers.location as string);
      return [target.origin, target.searchParams.get('client_id')];
    };
    expect(await starts(BLUEWATER)).toEqual([blue.issuer, 'bluewater-console']);
    expect(await starts('localhost')).toEqual([issuer, CLIENT_ID]);
    expect(blue.issuer).not.toBe(issuer);

    // Bluewater's caseworker through Bluewater's provider (its own client and secret, its own accounts).
    const since = new Date(Date.now() - 1000);
    const agent = new BrowserAgent(ctx.app, BLUEWATER);
    const url = await throughProvider(agent, { accountId: 'blue-caseworker', ...mfa }, blue.issuer);
    expect(url.origin).toBe(`http://${BLUEWATER}`);
    const answer = await callback(agent, url);
    expect(answer.statusCode, answer.body).toBe(303);
    const signedIn = (await me(agent)).json() as { id: string; email: string };
    expect(signedIn.email).toBe('caseworker@bluewater.example');
    // The newest: an earlier test may have signed the same person in within the last second.
    const audit = (await auditSince(since, 'staff_sign_in')).findLast((row) => row.staffId === signedIn.id);
    expect(audit!.details).toMatchObject({ method: 'sso', issuer: blue.issuer, subject: 'blue-caseworker' });

    // Meridian's caseworker still through the deployment's.
    const meridian = new BrowserAgent(ctx.app);
    const back = await callback(
      meridian,
      await throughProvider(meridian, { accountId: 'firm-caseworker', ...mfa }),
    );
    expect(back.statusCode, back.body).toBe(303);
    expect((await me(meridian)).json()).toMatchObject({ email: 'caseworker@meridian.example' });
  });

  it('refuses a callback once the tenant’s provider changed under the attempt', async () => {
    const agent = new BrowserAgent(ctx.app, BLUEWATER);
    const url = await throughProvider(agent, { accountId: 'blue-caseworker', ...mfa }, blue.issuer);
    await bluewaterNames(null);
    try {
      const answer = await callback(agent, url);
      expect([answer.statusCode, codeOf(answer)]).toEqual([400, 'staff_sso_state_invalid']);
      expect((await me(agent)).statusCode).toBe(401);
    } finally {
      await bluewaterNames(bluewaterSso());
    }
  });

  it('offers nothing on the tenant’s host when the secret variable its provider names is not set, never the deployment’s', async () => {
    await bluewaterNames({ ...bluewaterSso(), clientSecretEnv: 'STAFF_OIDC_CLIENT_SECRET_NOT_SET' });
    try {
      const agent = new BrowserAgent(ctx.app, BLUEWATER);
      const offered = await agent.request({ method: 'GET', url: '/admin-api/sign-in/sso' });
      expect(offered.json()).toEqual({ enabled: false, name: null });
      const start = await agent.request({ method: 'GET', url: '/admin-api/sign-in/sso/start' });
      expect([start.statusCode, codeOf(start)]).toEqual([404, 'staff_sso_not_configured']);
    } finally {
      await bluewaterNames(bluewaterSso());
    }
  });
});

describe('staff single sign-on not configured', () => {
  const plain = useTestApp();

  it('offers no button and no flow: nothing else changes', async () => {
    const agent = new BrowserAgent(plain.app);
    const offered = await agent.request({ method: 'GET', url: '/admin-api/sign-in/sso' });
    expect(offered.json()).toEqual({ enabled: false, name: null });
    for (const url of ['/admin-api/sign-in/sso/start', '/admin-api/sign-in/sso/callback?code=a&state=b']) {
      const answer = await agent.request({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(codeOf(answer)).toBe('staff_sso_not_configured');
    }
  });
});
