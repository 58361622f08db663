import { and, eq } from 'drizzle-orm';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { DEVICE_COOKIE } from '../../src/areas/authentication/sign-in-guard';
import { auditEvents, serverKeys, sessions, users } from '../../src/db/schema';
import { ACCOUNT_FAILURES_PER_HOUR } from '../../src/plugins/rate-limits';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { CLIENT_ID, signInWithProvider, startSignIn } from './oidc-flow';
import { messagesTo } from './outbox-codes';

const ctx = useTestApp();
const ISSUER = 'http://localhost:3000/oidc';
const createSession = '/authentication-api/api/sso/session/create';

async function providerKey(): Promise<JWK> {
  const [row] = await ctx.database.db
    .select()
    .from(serverKeys)
    .where(eq(serverKeys.name, 'oidc-signing-jwk'));
  return JSON.parse(row!.secret) as JWK;
}

async function userId(username: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.username, username));
  return user!.id;
}

/** A token shaped like the provider's ID tokens, signed with the given key. */
async function idToken(key: JWK, claims: { sub: string; exp: number; iat: number }) {
  return new SignJWT({ nonce: 'n' })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(ISSUER)
    .setAudience(CLIENT_ID)
    .setSubject(claims.sub)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(await importJWK(key, 'RS256'));
}

describe('embedded OpenID provider', () => {
  it('serves its discovery document and keys', async () => {
    const agent = new BrowserAgent(ctx.app);
    const discovery = await agent.request({ url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/auth`,
      token_endpoint: `${ISSUER}/token`,
      end_session_endpoint: `${ISSUER}/session/end`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    const jwks = await agent.request({ url: '/oidc/jwks' });
    expect(jwks.json().keys).toHaveLength(1);
    expect(jwks.json().keys[0]).not.toHaveProperty('d');
  });

  it('shows an accessible, branded sign-in page for the tenant the member returns to', async () => {
    const agent = new BrowserAgent(ctx.app);
    const { interactionPath } = await startSignIn(agent, 'http://bluewater.localhost:4173');
    const page = await agent.request({ url: interactionPath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="en-GB">');
    expect(page.body).toContain('Bluewater Retirement Plan');
    expect(page.body).toContain('#00594f');
    expect(page.body).toContain('autocomplete="current-password"');
    expect(page.body).toMatch(
      /href="http:\/\/bluewater\.localhost:4173\/register\?returnTo=http%3A%2F%2Flocalhost%3A3000%2Foidc%2Fauth%3F/,
    );
    expect(String(page.headers['content-security-policy'])).toContain(
      "form-action 'self' http://bluewater.localhost:4173",
    );
  });

  it('explains a wrong password with an error summary and keeps the member on the page', async () => {
    const agent = new BrowserAgent(ctx.app);
    const { interactionPath } = await startSignIn(agent);
    const wrong = await agent.request({
      method: 'POST',
      url: `${interactionPath}/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=db.active&password=nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('There is a problem');
    expect(wrong.body).toContain('<title>Error: Sign in');
    expect(wrong.body).toContain('The username or password is not right');
    const [failure] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'oidc_sign_in'), eq(auditEvents.outcome, 'failure')));
    expect(failure!.details).toMatchObject({ reason: 'wrong_password' });
  });

  it('lets the right password through a capped account only from a browser that signed in there before', async () => {
    const signInOnPage = async (agent: BrowserAgent) => {
      const { interactionPath } = await startSignIn(agent);
      return agent.request({
        method: 'POST',
        url: `${interactionPath}/login`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=dc.far&password=MeridianDemo!2026',
      });
    };
    const member = new BrowserAgent(ctx.app);
    const first = await signInOnPage(member);
    expect(first.statusCode).toBe(303);
    expect(first.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/oidc/interaction',
    });

    // Failures count against the account whichever sign-in page they were made on.
    const failures = await Promise.all(
      Array.from({ length: ACCOUNT_FAILURES_PER_HOUR }, (_, index) =>
        new BrowserAgent(ctx.app).request({
          method: 'POST',
          url: '/authentication-api/api/authentication/login',
          remoteAddress: `10.9.${index}.1`,
          payload: { userName: 'dc.far', password: 'wrong-password' },
        }),
      ),
    );
    expect(failures.map((answer) => answer.statusCode)).toEqual(Array(ACCOUNT_FAILURES_PER_HOUR).fill(401));

    // A new browser gets the second step every capped name gets (issue 41), which no code finishes here.
    const stranger = await signInOnPage(new BrowserAgent(ctx.app));
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toContain('Too many attempts have been made to sign in to this account');
    expect(stranger.headers.location).toBeUndefined();

    const tokens = await signInWithProvider(member, 'dc.far');
    expect(decodeJwt(tokens.id_token).sub).toBe(await userId('dc.far'));
  });

  it('tells the member of a sign-in on its page from a browser without its device cookie, once', async () => {
    const notices = async () =>
      (await messagesTo(ctx.database.db, 'dc.near@example.org')).filter((message) =>
        /New sign-in/.test(message.subject),
      );
    expect((await new BrowserAgent(ctx.app).signIn('dc.near')).statusCode).toBe(200);
    const before = (await notices()).length;
    const browser = new BrowserAgent(ctx.app);
    await signInWithProvider(browser, 'dc.near');
    expect(await notices()).toHaveLength(before + 1);
    await signInWithProvider(browser, 'dc.near');
    expect(await notices()).toHaveLength(before + 1);
    await signInWithProvider(new BrowserAgent(ctx.app), 'dc.near');
    expect(await notices()).toHaveLength(before + 2);
  });

  it('refuses redirect URIs outside the tenants, and non-loopback hosts on other ports', async () => {
    const agent = new BrowserAgent(ctx.app);
    for (const redirect of [
      'https://evil.example/sa/sign-in/holding',
      'http://localhost:3000/somewhere-else',
      'http://localhost:3000/sa/sign-in/holding?next=x',
    ]) {
      const query = new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: redirect,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      const response = await agent.request({ url: `/oidc/auth?${query}` });
      expect(response.statusCode, redirect).toBe(400);
      expect(response.headers.location).toBeUndefined();
    }
  });
});

describe('provider state in the database', () => {
  it('redeems after a restart a code issued before it', async () => {
    const agent = new BrowserAgent(ctx.app);
    const { verifier, redirectUri, interactionPath } = await startSignIn(agent);
    const login = await agent.request({
      method: 'POST',
      url: `${interactionPath}/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=db.pensioner&password=MeridianDemo!2026',
    });
    const resume = await agent.request({
      url: new URL(String(login.headers.location), 'http://localhost').pathname,
    });
    const code = new URL(String(resume.headers.location)).searchParams.get('code')!;

    const restarted = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      const token = await restarted.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: CLIENT_ID,
          code_verifier: verifier,
        }).toString(),
      });
      expect(token.statusCode, token.body).toBe(200);
      expect(decodeJwt(token.json().id_token).sub).toBe(await userId('db.pensioner'));
    } finally {
      await restarted.close();
    }
  });
});

/** The codes of refused single-auth session openings, from the audit trail. */
async function deniedSessionCodes() {
  const denied = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'sso_session_create'), eq(auditEvents.outcome, 'denied')));
  return denied.map((event) => event.details.code);
}

describe('portal session from an OpenID token', () => {
  it('opens a SINGLE_AUTH session answering like the password sign-in', async () => {
    const agent = new BrowserAgent(ctx.app);
    const tokens = await signInWithProvider(agent, 'db.deferred');
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      iss: ISSUER,
      aud: CLIENT_ID,
      sub: await userId('db.deferred'),
    });
    const response = await agent.request({
      method: 'POST',
      url: createSession,
      payload: { tokenId: tokens.id_token },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      businessGroup: 'MER',
      referenceNumber: '1000001',
      hasMultipleRecords: false,
    });
    expect(agent.cookies.get('accessToken')).toBe(response.json().accessToken);
    expect(agent.cookies.has('refreshToken')).toBe(true);
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userId('db.deferred')));
    expect(session!.method).toBe('SINGLE_AUTH');
    const details = await agent.request({ url: '/mdp-api/api/members/personal-details' });
    expect(details.json().name).toBe('Mrs Margaret Hughes');
  });

  it('opens one session per ID token: a replayed token is refused and audited', async () => {
    const tokens = await signInWithProvider(new BrowserAgent(ctx.app), 'db.active');
    const exchange = (agent: BrowserAgent) =>
      agent.request({ method: 'POST', url: createSession, payload: { tokenId: tokens.id_token } });
    expect((await exchange(new BrowserAgent(ctx.app))).statusCode).toBe(200);
    const thief = new BrowserAgent(ctx.app);
    const replayed = await exchange(thief);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().errors[0].code).toBe('sso_token_reused');
    expect(thief.cookies.has('accessToken')).toBe(false);
    expect(await deniedSessionCodes()).toContain('sso_token_reused');
  });

  it('refuses a forged token and audits it', async () => {
    const real = await providerKey();
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forgedKey = { ...(await exportJWK(privateKey)), kid: real.kid };
    const now = Math.floor(Date.now() / 1000);
    const forged = await idToken(forgedKey, { sub: await userId('db.avc'), iat: now, exp: now + 300 });
    const agent = new BrowserAgent(ctx.app);
    const response = await agent.request({
      method: 'POST',
      url: createSession,
      payload: { tokenId: forged },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('sso_token_invalid');
    expect(agent.cookies.has('accessToken')).toBe(false);
    expect(await deniedSessionCodes()).toContain('sso_token_invalid');
  });

  it('refuses an expired token signed by the provider', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await idToken(await providerKey(), {
      sub: await userId('db.avc'),
      iat: now - 3600,
      exp: now - 600,
    });
    const agent = new BrowserAgent(ctx.app);
    const response = await agent.request({
      method: 'POST',
      url: createSession,
      payload: { tokenId: expired },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('sso_token_expired');
  });

  it('refuses a valid token for a member of another tenant', async () => {
    const agent = new BrowserAgent(ctx.app);
    const tokens = await signInWithProvider(agent, 'second.member', 'http://bluewater.localhost:4173');
    const elsewhere = new BrowserAgent(ctx.app, 'localhost');
    const response = await elsewhere.request({
      method: 'POST',
      url: createSession,
      payload: { tokenId: tokens.id_token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('record_not_in_tenant');
  });
});

describe('login lookup', () => {
  it('reports the linked member’s primary record and that there are others', async () => {
    const agent = new BrowserAgent(ctx.app);
    const tokens = await signInWithProvider(agent, 'linked');
    await agent.request({ method: 'POST', url: createSession, payload: { tokenId: tokens.id_token } });
    const lookup = await agent.request({ url: '/mdp-api/api/login' });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({
      businessGroup: 'MER',
      referenceNumber: '1000007',
      hasMultipleRecords: true,
    });
    expect(
      lookup.json().eligibleRecords.map((record: { referenceNumber: string }) => record.referenceNumber),
    ).toEqual(['1000007', '1000008']);
  });

  it('needs a signed-in member', async () => {
    const response = await new BrowserAgent(ctx.app).request({ url: '/mdp-api/api/login' });
    expect(response.statusCode).toBe(401);
  });
});

describe('tenant content', () => {
  it('answers the single-auth authority as the embedded issuer URL', async () => {
    const response = await new BrowserAgent(ctx.app).request({
      url: '/content-api/api/v2/content/tenant-content?tenantUrl=bluewater.localhost',
    });
    expect(response.json().singleAuth).toEqual({ authority: ISSUER, clientId: CLIENT_ID });
  });
});
