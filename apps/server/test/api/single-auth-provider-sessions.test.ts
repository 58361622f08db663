import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_FRESH_MINUTES } from '@meridian/contracts';
import { auditEvents, oidcModels, serverKeys, sessions, users } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { CLIENT_ID, finishSignIn, signInWithProvider, startSignIn } from './oidc-flow';
import { latestCodeTo } from './outbox-codes';

/**
 * Issue 41: a password reset or change, or "sign out everywhere else", ends the embedded OpenID
 * provider's sessions too, signing out one session the provider sign-in it came from (whose unused
 * ID tokens then open nothing), and the portal trusts a provider ID token only for a recent sign-in
 * (`auth_time`), from which a step-up's freshness runs. docs/security.md "Single sign-in and the
 * provider's sessions".
 */
const ctx = useTestApp();
const ISSUER = 'http://localhost:3000/oidc';
const api = '/authentication-api/api';
const createSession = `${api}/sso/session/create`;
const PASSWORD = 'MeridianDemo!2026';
const NEW_PASSWORD = 'lantern orbit kettle 47';
const REDIRECT_URI = 'http://localhost/sa/sign-in/holding';

afterEach(() => vi.useRealTimers());

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

async function userIdOf(username: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.username, username));
  return user!.id;
}

/**
 * An authorisation request as a thief's browser would make it: no prompt=login, so a live provider
 * session lets it straight through to the portal with a code, which is exchanged for the ID token.
 * Answers the ID token, or the sign-in page the provider sent the browser to instead.
 */
async function authorizeSilently(
  agent: BrowserAgent,
  nonce = 'nonce-123',
): Promise<{ idToken?: string; signInPage?: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'state-123',
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const answer = await agent.request({ url: `/oidc/auth?${query}` });
  expect(answer.statusCode, answer.body).toBe(303);
  const location = new URL(String(answer.headers.location), 'http://localhost');
  if (location.pathname.startsWith('/oidc/interaction/')) return { signInPage: location.pathname };
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  const token = await agent.request({
    method: 'POST',
    url: '/oidc/token',
    ...form({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }),
  });
  expect(token.statusCode, token.body).toBe(200);
  return { idToken: token.json().id_token as string };
}

/** A sign-in on the provider's page with the given password (prompt=login, as the portal sends it). */
async function signInOnPage(agent: BrowserAgent, username: string, password: string) {
  const { verifier, redirectUri, interactionPath } = await startSignIn(agent);
  const login = await agent.request({
    method: 'POST',
    url: `${interactionPath}/login`,
    ...form({ username, password }),
  });
  expect(login.statusCode, login.body).toBe(303);
  return finishSignIn(agent, login.headers.location, { verifier, redirectUri });
}

const openSession = (agent: BrowserAgent, idToken: string) =>
  agent.request({ method: 'POST', url: createSession, payload: { tokenId: idToken } });

/** The provider's rows (sessions, grants, tokens, codes) that name the account. */
async function providerRowsOf(userId: string) {
  const rows = await ctx.database.db
    .select({ model: oidcModels.model })
    .from(oidcModels)
    .where(sql`${oidcModels.payload} ->> 'accountId' = ${userId}`);
  return rows.map((row) => row.model).sort();
}

/** The reasons of the latest refused single-auth session openings, newest first. */
async function deniedReasons() {
  const denied = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'sso_session_create'), eq(auditEvents.outcome, 'denied')));
  return denied.map((event) => `${event.details.code}/${event.details.reason}`);
}

describe('the provider’s sessions end with the portal’s', () => {
  it('after a forgotten-password reset a browser signed in on the provider’s page meets its sign-in page again', async () => {
    const userId = await userIdOf('db.deferred');
    const thief = new BrowserAgent(ctx.app);
    await signInWithProvider(thief, 'db.deferred');
    // The path the reset must close: the provider lets the browser through without asking.
    const before = await authorizeSilently(thief);
    expect(before.idToken).toBeDefined();
    expect(decodeJwt(before.idToken!).auth_time).toEqual(expect.any(Number));
    expect((await openSession(new BrowserAgent(ctx.app), before.idToken!)).statusCode).toBe(200);
    const unspent = await authorizeSilently(thief);
    expect(await providerRowsOf(userId)).toContain('Session');

    const reset = new BrowserAgent(ctx.app);
    const start = await reset.request({
      method: 'POST',
      url: `${api}/account/password-reset/start`,
      payload: { account: 'db.deferred' },
    });
    expect(start.statusCode).toBe(202);
    const code = await latestCodeTo(ctx.database.db, 'db.deferred@example.org');
    const confirmed = await reset.request({
      method: 'POST',
      url: `${api}/account/password-reset/confirm`,
      payload: { account: 'db.deferred', code, password: NEW_PASSWORD },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);

    expect(await providerRowsOf(userId)).toEqual([]);
    const after = await authorizeSilently(thief);
    expect(after.signInPage).toMatch(/^\/oidc\/interaction\//);
    // An ID token of a sign-in before the reset, issued but not yet used, opens nothing either.
    const late = new BrowserAgent(ctx.app);
    const refused = await openSession(late, unspent.idToken!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].code).toBe('sso_token_expired');
    expect(late.cookies.has('accessToken')).toBe(false);
    expect(await deniedReasons()).toContain('sso_token_expired/signed_in_before_sessions_ended');

    // The member, with the new password, signs in through the provider as before.
    const member = new BrowserAgent(ctx.app);
    const tokens = await signInOnPage(member, 'db.deferred', NEW_PASSWORD);
    expect((await openSession(member, tokens.id_token)).statusCode).toBe(200);
  });

  it('“Sign out everywhere else” ends them, and this browser’s portal session stays', async () => {
    const userId = await userIdOf('dc.near');
    const here = new BrowserAgent(ctx.app);
    expect((await here.signIn('dc.near')).statusCode).toBe(200);
    const thief = new BrowserAgent(ctx.app);
    await signInWithProvider(thief, 'dc.near');
    expect((await authorizeSilently(thief)).idToken).toBeDefined();

    const others = await here.request({ method: 'POST', url: `${api}/account/sessions/sign-out-others` });
    expect(others.statusCode, others.body).toBe(200);
    expect(await providerRowsOf(userId)).toEqual([]);
    expect((await authorizeSilently(thief)).signInPage).toMatch(/^\/oidc\/interaction\//);
    expect((await here.request({ url: `${api}/account/security` })).statusCode).toBe(200);
    const [audited] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session_sign_out_others'), eq(auditEvents.userId, userId)));
    expect(audited!.details).toMatchObject({ endedProviderSessions: 1 });
  });

  it('a password change ends them too, leaving another member’s provider session alone', async () => {
    const userId = await userIdOf('dc.far');
    const here = new BrowserAgent(ctx.app);
    expect((await here.signIn('dc.far')).statusCode).toBe(200);
    const thief = new BrowserAgent(ctx.app);
    await signInWithProvider(thief, 'dc.far');
    const neighbour = new BrowserAgent(ctx.app);
    await signInWithProvider(neighbour, 'db.avc');

    const changed = await here.request({
      method: 'POST',
      url: `${api}/account/password`,
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await providerRowsOf(userId)).toEqual([]);
    expect((await authorizeSilently(thief)).signInPage).toMatch(/^\/oidc\/interaction\//);
    expect((await authorizeSilently(neighbour)).idToken).toBeDefined();
  });
});

describe('signing out one session from the list', () => {
  it('ends the provider sign-in that session came from, so that browser needs its password again; the member’s other provider sign-in stays', async () => {
    const userId = await userIdOf('db.retiring');
    const here = new BrowserAgent(ctx.app);
    expect((await here.signIn('db.retiring')).statusCode).toBe(200);
    const lost = new BrowserAgent(ctx.app);
    const lostTokens = await signInWithProvider(lost, 'db.retiring');
    expect(typeof decodeJwt(lostTokens.id_token).sid).toBe('string');
    expect((await openSession(lost, lostTokens.id_token)).statusCode).toBe(200);
    const kept = new BrowserAgent(ctx.app);
    expect(
      (await openSession(kept, (await signInWithProvider(kept, 'db.retiring')).id_token)).statusCode,
    ).toBe(200);
    const lostView = await lost.request({ url: `${api}/account/security` });
    const lostSession = (lostView.json().sessions as { id: string; current: boolean }[]).find(
      (session) => session.current,
    )!;

    const signedOut = await here.request({
      method: 'DELETE',
      url: `${api}/account/sessions/${lostSession.id}`,
    });
    expect(signedOut.statusCode, signedOut.body).toBe(204);

    expect((await lost.request({ url: `${api}/account/security` })).statusCode).toBe(401);
    // Before, the provider let this browser straight through to a new portal session, without a password.
    expect((await authorizeSilently(lost)).signInPage).toMatch(/^\/oidc\/interaction\//);
    expect((await authorizeSilently(kept)).idToken).toBeDefined();
    expect(await providerRowsOf(userId)).toContain('Session');
    const [audited] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session_sign_out'), eq(auditEvents.userId, userId)));
    expect(audited!.details).toMatchObject({ sessionId: lostSession.id, endedProviderSessions: 1 });

    // The browser signs in again with its password, on the provider's page.
    const again = await signInOnPage(lost, 'db.retiring', PASSWORD);
    expect((await openSession(lost, again.id_token)).statusCode).toBe(200);
  });

  it('an ID token of that provider sign-in, got before and not yet used, then opens nothing', async () => {
    const userId = await userIdOf('db.active');
    const here = new BrowserAgent(ctx.app);
    expect((await here.signIn('db.active')).statusCode).toBe(200);
    const lost = new BrowserAgent(ctx.app);
    const lostTokens = await signInWithProvider(lost, 'db.active');
    expect((await openSession(lost, lostTokens.id_token)).statusCode).toBe(200);
    // A thief at that browser takes a second token of the same provider sign-in and keeps it.
    const kept = await authorizeSilently(lost, 'nonce-kept');
    expect(kept.idToken).not.toBe(lostTokens.id_token);
    expect(decodeJwt(kept.idToken!).sid).toBe(decodeJwt(lostTokens.id_token).sid);
    // The member's other provider sign-in, with a token not yet used either.
    const other = new BrowserAgent(ctx.app);
    const otherToken = (await signInWithProvider(other, 'db.active')).id_token;
    const lostSession = (
      (await lost.request({ url: `${api}/account/security` })).json().sessions as {
        id: string;
        current: boolean;
      }[]
    ).find((session) => session.current)!;

    const signedOut = await here.request({
      method: 'DELETE',
      url: `${api}/account/sessions/${lostSession.id}`,
    });
    expect(signedOut.statusCode, signedOut.body).toBe(204);
    const sessionsBefore = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));

    // Well within its 10 minutes, and never used: before, it opened a portal session.
    const thief = new BrowserAgent(ctx.app);
    const refused = await openSession(thief, kept.idToken!);
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.json().errors[0].code).toBe('sso_token_expired');
    expect(thief.cookies.has('accessToken')).toBe(false);
    const sessionsAfter = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    const [audited] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'sso_session_create'),
          eq(auditEvents.outcome, 'denied'),
          sql`${auditEvents.details} ->> 'reason' = 'provider_session_ended'`,
        ),
      );
    expect(audited!.details).toMatchObject({ code: 'sso_token_expired', reason: 'provider_session_ended' });

    // The member's other provider sign-in still opens a session.
    expect((await openSession(other, otherToken)).statusCode).toBe(200);
  });
});

describe('a provider ID token counts for a recent sign-in only', () => {
  async function providerKey(): Promise<JWK> {
    const [row] = await ctx.database.db
      .select()
      .from(serverKeys)
      .where(eq(serverKeys.name, 'oidc-signing-jwk'));
    return JSON.parse(row!.secret) as JWK;
  }

  /** A token as the provider signs its ID tokens, with the given sign-in time, methods and session id. */
  async function idToken(sub: string, claims: { auth_time?: number; amr?: string[]; sid?: string }) {
    const key = await providerKey();
    return new SignJWT({ nonce: 'n', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setSubject(sub)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('5 minutes')
      .sign(await importJWK(key, 'RS256'));
  }

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  /** The provider session id of a live sign-in of the member on the provider's page. */
  async function liveSid(username: string) {
    const tokens = await signInWithProvider(new BrowserAgent(ctx.app), username);
    return decodeJwt(tokens.id_token).sid as string;
  }

  it('a two-step sign-in 8 minutes ago steps up for the 7 minutes left, not 15 from now', async () => {
    const userId = await userIdOf('db.pensioner');
    const sid = await liveSid('db.pensioner');
    const authTime = nowSeconds() - 8 * 60;
    const agent = new BrowserAgent(ctx.app);
    const opened = await openSession(
      agent,
      await idToken(userId, { auth_time: authTime, amr: ['pwd', 'otp'], sid }),
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(session!.steppedUpAt!.getTime()).toBe(authTime * 1000);
    const stepUp = await agent.request({ url: '/mdp-api/api/step-up' });
    expect(stepUp.json()).toMatchObject({
      fresh: true,
      freshUntil: new Date((authTime + STEP_UP_FRESH_MINUTES * 60) * 1000).toISOString(),
    });
  });

  it('a sign-in older than an ID token lives opens no session, however strong it was', async () => {
    const userId = await userIdOf('db.pensioner');
    for (const minutes of [11, STEP_UP_FRESH_MINUTES + 1, 12 * 60]) {
      const agent = new BrowserAgent(ctx.app);
      const token = await idToken(userId, { auth_time: nowSeconds() - minutes * 60, amr: ['pwd', 'otp'] });
      const refused = await openSession(agent, token);
      expect(refused.statusCode, `${minutes} minutes`).toBe(401);
      expect(refused.json().errors[0].code).toBe('sso_token_expired');
      expect(agent.cookies.has('accessToken')).toBe(false);
    }
    expect(await deniedReasons()).toContain('sso_token_expired/sign_in_not_recent');
    const undated = await openSession(new BrowserAgent(ctx.app), await idToken(userId, { amr: ['pwd'] }));
    expect(undated.statusCode).toBe(401);
    expect(undated.json().errors[0].code).toBe('sso_token_invalid');
    expect(await deniedReasons()).toContain('sso_token_invalid/no_auth_time');
  });

  it('a token of a recent sign-in opens no session without a live provider session id', async () => {
    const userId = await userIdOf('db.pensioner');
    const authTime = nowSeconds() - 60;
    // The provider's tokens for the portal always carry its session id: one without it is not its.
    const unnamed = await openSession(
      new BrowserAgent(ctx.app),
      await idToken(userId, { auth_time: authTime }),
    );
    expect(unnamed.statusCode).toBe(401);
    expect(unnamed.json().errors[0].code).toBe('sso_token_invalid');
    expect(await deniedReasons()).toContain('sso_token_invalid/no_sid');
    // One naming a provider session that is not there (or is another member's) is refused too.
    const otherSid = await liveSid('db.avc');
    for (const sid of ['no-such-provider-session', otherSid]) {
      const agent = new BrowserAgent(ctx.app);
      const refused = await openSession(agent, await idToken(userId, { auth_time: authTime, sid }));
      expect(refused.statusCode, sid).toBe(401);
      expect(refused.json().errors[0].code).toBe('sso_token_expired');
      expect(agent.cookies.has('accessToken')).toBe(false);
    }
    expect(await deniedReasons()).toContain('sso_token_expired/provider_session_ended');
  });

  it('a browser let through on a provider session 11 minutes old gets a token the portal refuses', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const thief = new BrowserAgent(ctx.app);
    const first = await signInWithProvider(thief, 'linked');
    vi.setSystemTime(Date.now() + 11 * 60_000);
    const silent = await authorizeSilently(thief);
    expect(decodeJwt(silent.idToken!).auth_time).toBe(decodeJwt(first.id_token).auth_time);
    const refused = await openSession(thief, silent.idToken!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].code).toBe('sso_token_expired');
    expect(thief.cookies.has('accessToken')).toBe(false);
  });
});
