import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFRESH_GRACE_SECONDS } from '../../src/areas/authentication/session-service';
import { auditEvents, refreshTokens, users } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const login = '/authentication-api/api/authentication/login';

describe('session-based sign-in', () => {
  it('signs in, sets the access, refresh and XSRF cookies and reports the record', async () => {
    const agent = new BrowserAgent(ctx.app);
    const response = await agent.signIn('db.deferred');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      businessGroup: 'MER',
      referenceNumber: '1000001',
      hasMultipleRecords: false,
    });
    const refresh = response.cookies.find((cookie) => cookie.name === 'refreshToken');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/authentication-api/api' });
    expect(agent.cookies.get('accessToken')).toBe(response.json().accessToken);
    const session = await agent.request({ url: '/authentication-api/api/sso/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ status: 'active', idleTimeoutMinutes: 30 });
  });

  it('refuses a wrong password and an unknown user alike, and audits both', async () => {
    const agent = new BrowserAgent(ctx.app);
    const wrong = await agent.signIn('db.active', 'not-the-password');
    const unknown = await agent.signIn('nobody.here', 'whatever');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('invalid_credentials');
    }
    const failures = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sign_in'), eq(auditEvents.outcome, 'failure')));
    expect(failures.map((event) => event.details.reason)).toEqual(
      expect.arrayContaining(['wrong_password', 'unknown_user']),
    );
  });

  it('answers invalid bodies with field codes and no sign-in', async () => {
    const agent = new BrowserAgent(ctx.app);
    const response = await agent.request({ method: 'POST', url: login, payload: { userName: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual(
      expect.arrayContaining(['body.userName', 'body.password']),
    );
    expect(agent.cookies.has('accessToken')).toBe(false);
  });

  it('refuses a username over 80 characters as invalid input, not as a failed sign-in', async () => {
    const agent = new BrowserAgent(ctx.app);
    const tooLong = await agent.signIn('a'.repeat(81));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.map((error: { field: string }) => error.field)).toContain('body.userName');
    expect((await agent.signIn('a'.repeat(80), 'whatever')).statusCode).toBe(401);
  });

  it('pauses the account after five failures, even for the right password, answering as for any failure', async () => {
    const agent = new BrowserAgent(ctx.app);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await agent.signIn('dc.far', 'wrong-password')).statusCode).toBe(401);
    }
    const locked = await agent.signIn('dc.far');
    const unknown = await agent.signIn('no.such.member');
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(unknown.json());
    expect(locked.json().errors[0].message).not.toMatch(/reset/i);
    expect(agent.cookies.has('accessToken')).toBe(false);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.username, 'dc.far'));
    expect(user!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a state-changing call without the XSRF header and changes nothing', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.request({ url: '/health' });
    const response = await agent.rawRequest(
      { method: 'POST', url: login, payload: { userName: 'db.avc', password: 'MeridianDemo!2026' } },
      { sendXsrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('csrf_token_invalid');
    expect(agent.cookies.has('accessToken')).toBe(false);
  });

  it('only signs members in on their own tenant', async () => {
    const onBluewater = new BrowserAgent(ctx.app, 'bluewater.localhost');
    expect((await onBluewater.signIn('db.pensioner')).statusCode).toBe(401);
    const member = await onBluewater.signIn('second.member');
    expect(member.json()).toMatchObject({ businessGroup: 'BLU', referenceNumber: '2000001' });
  });
});

describe('refresh tokens', () => {
  const refreshUrl = '/authentication-api/api/authentication/refresh-token';
  const rowOf = async (token: string) => {
    const hash = createHash('sha256').update(token).digest('base64url');
    const [row] = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    return row!;
  };
  /** Moves a token's rotation back past the grace window, as if the member came back later. */
  const rotatedLongAgo = async (token: string) =>
    ctx.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REFRESH_GRACE_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.id, (await rowOf(token)).id));
  const presenting = async (token: string) => {
    const holder = new BrowserAgent(ctx.app);
    await holder.request({ url: '/health' });
    holder.cookies.set('refreshToken', token);
    const response = await holder.request({ method: 'POST', url: refreshUrl });
    return { response, token: holder.cookies.get('refreshToken') };
  };
  const liveTokens = async (sessionId: string) =>
    ctx.database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt)));

  it('rotate on every use, and reuse of an old one after the grace window revokes the whole family', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.pensioner');
    const first = agent.cookies.get('refreshToken')!;
    const rotated = await agent.request({ method: 'POST', url: refreshUrl });
    expect(rotated.statusCode).toBe(200);
    const second = agent.cookies.get('refreshToken')!;
    expect(second).not.toBe(first);

    await rotatedLongAgo(first);
    const reuse = await presenting(first);
    expect(reuse.response.statusCode).toBe(401);
    expect(reuse.response.json().errors[0].code).toBe('refresh_token_reused');

    const legitimate = await agent.request({ method: 'POST', url: refreshUrl });
    expect(legitimate.statusCode).toBe(401);
    expect((await agent.request({ url: '/authentication-api/api/sso/session' })).statusCode).toBe(401);
  });

  it('re-issue the successor of a token that comes back within the grace window, voiding the one it replaces', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.pensioner');
    const first = agent.cookies.get('refreshToken')!;
    const { sessionId } = await rowOf(first);
    // The rotation completed but its answer never reached the browser, which still holds the first token.
    const lost = await presenting(first);
    expect(lost.response.statusCode).toBe(200);

    const retried = await presenting(first);
    expect(retried.response.statusCode).toBe(200);
    const replacement = retried.token!;
    expect([first, lost.token]).not.toContain(replacement);
    expect((await liveTokens(sessionId)).map((row) => row.id)).toEqual([(await rowOf(replacement)).id]);

    agent.cookies.set('refreshToken', replacement);
    expect((await agent.request({ method: 'POST', url: refreshUrl })).statusCode).toBe(200);
    expect((await agent.request({ url: '/authentication-api/api/sso/session' })).statusCode).toBe(200);

    // The voided successor turning up after the window means two parties held the family.
    await rotatedLongAgo(lost.token!);
    const late = await presenting(lost.token!);
    expect(late.response.json().errors[0].code).toBe('refresh_token_reused');
    expect((await agent.request({ url: '/authentication-api/api/sso/session' })).statusCode).toBe(401);
  });

  it('revoke the family when a token comes back after its successor has itself been used', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.pensioner');
    const first = agent.cookies.get('refreshToken')!;
    expect((await agent.request({ method: 'POST', url: refreshUrl })).statusCode).toBe(200);
    expect((await agent.request({ method: 'POST', url: refreshUrl })).statusCode).toBe(200);

    const reuse = await presenting(first);
    expect(reuse.response.statusCode).toBe(401);
    expect(reuse.response.json().errors[0].code).toBe('refresh_token_reused');
    expect((await agent.request({ method: 'POST', url: refreshUrl })).statusCode).toBe(401);
  });

  it('leave exactly one live token when the same token is presented many times at once', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.pensioner');
    const first = agent.cookies.get('refreshToken')!;
    const { sessionId } = await rowOf(first);
    const answers = await Promise.all(Array.from({ length: 8 }, () => presenting(first)));
    expect(answers.map(({ response }) => response.statusCode)).toEqual(Array(8).fill(200));
    const live = await liveTokens(sessionId);
    expect(live).toHaveLength(1);
    const survivors = answers.filter(
      ({ token }) => token && live[0]!.tokenHash === createHash('sha256').update(token).digest('base64url'),
    );
    expect(survivors).toHaveLength(1);
  });
});

describe('access tokens and records', () => {
  it('rejects a tampered token', async () => {
    const agent = new BrowserAgent(ctx.app);
    const { accessToken } = (await agent.signIn('db.avc')).json();
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, refno: '1000002' })).toString('base64url');
    const response = await ctx.app.inject({
      url: '/authentication-api/api/sso/session',
      headers: { authorization: `Bearer ${header}.${forged}.${signature}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('ERROR_INVALID_ACCESS_TOKEN');
  });

  it('switches between linked records and refuses anyone else’s', async () => {
    const agent = new BrowserAgent(ctx.app);
    expect((await agent.signIn('linked')).json()).toMatchObject({
      referenceNumber: '1000007',
      hasMultipleRecords: true,
    });
    const switched = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/switch-user',
      payload: { businessGroup: 'MER', referenceNumber: '1000008' },
    });
    expect(switched.json()).toMatchObject({ referenceNumber: '1000008' });
    const someoneElse = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/switch-user',
      payload: { businessGroup: 'MER', referenceNumber: '1000001' },
    });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().errors[0].code).toBe('record_not_entitled');
  });

  it('answers a header naming another member’s record with 403 and audits it', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.active');
    const response = await agent.request({
      url: '/authentication-api/api/sso/session',
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000003' },
    });
    expect(response.statusCode).toBe(403);
    const denied = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'record_access'), eq(auditEvents.referenceNumber, '1000003')));
    expect(denied).toHaveLength(1);
  });

  it('revokes the session server-side on logout', async () => {
    const agent = new BrowserAgent(ctx.app);
    const { accessToken } = (await agent.signIn('dc.near')).json();
    const out = await agent.request({ method: 'POST', url: '/authentication-api/api/authentication/logout' });
    expect(out.statusCode).toBe(204);
    const after = await ctx.app.inject({
      url: '/authentication-api/api/sso/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().errors[0].code).toBe('session_revoked');
  });
});

describe('signing out', () => {
  // Over HTTPS (a trusted proxy's X-Forwarded-Proto), where the session cookies are Secure.
  const behindTls = useTestApp({ TRUST_PROXY: '127.0.0.1' });
  const attributes = ({ path, domain, secure, sameSite, httpOnly }: Record<string, unknown>) => ({
    path,
    domain,
    secure,
    sameSite,
    httpOnly,
  });

  it('clears each session cookie with the attributes it was set with', async () => {
    const agent = new BrowserAgent(behindTls.app);
    const tls = { 'x-forwarded-proto': 'https' };
    const signIn = await agent.request({
      method: 'POST',
      url: login,
      headers: tls,
      payload: { userName: 'db.pensioner', password: 'MeridianDemo!2026' },
    });
    expect(signIn.statusCode).toBe(200);
    const out = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/logout',
      headers: tls,
    });
    expect(out.statusCode).toBe(204);
    for (const name of ['accessToken', 'refreshToken']) {
      const set = signIn.cookies.find((cookie) => cookie.name === name)!;
      const cleared = out.cookies.find((cookie) => cookie.name === name)!;
      expect(set.secure, name).toBe(true);
      expect(attributes(cleared), name).toEqual(attributes(set));
      expect(cleared.value).toBe('');
      expect((cleared.expires as Date).getTime()).toBe(0);
    }
    expect(agent.cookies.has('accessToken')).toBe(false);
    expect(agent.cookies.has('refreshToken')).toBe(false);
  });
});

describe('cookie flags by site', () => {
  it('marks the session cookies Secure on any site but plain-HTTP localhost', async () => {
    const onLocalhost = await new BrowserAgent(ctx.app).signIn('db.pensioner');
    expect(onLocalhost.cookies.every((cookie) => !cookie.secure)).toBe(true);
    const onTenantHost = await new BrowserAgent(ctx.app, 'bluewater.example.org').rawRequest({
      url: '/health',
    });
    expect(onTenantHost.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.secure).toBe(true);
  });
});
