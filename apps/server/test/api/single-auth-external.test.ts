import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants, userIdentities, users } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { clearContentCache } from '../../src/areas/content/content-cache';

const ctx = useTestApp();
const createSession = '/authentication-api/api/sso/session/create';
let server: Server;
let issuer: string;
let signingKey: CryptoKey;

/** A stand-in external issuer: discovery and keys only, as an OpenID provider publishes them. */
beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  signingKey = privateKey;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'external-1', alg: 'ES256', use: 'sig' }] };
  server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    } else if (request.url === '/jwks') {
      response.end(JSON.stringify(jwks));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const db = ctx.database.db;
  await db
    .update(tenants)
    .set({ singleAuth: { authority: issuer, clientId: 'bluewater-portal' } })
    .where(eq(tenants.tenantUrl, 'bluewater.localhost'));
  clearContentCache(db);
  const [member] = await db.select().from(users).where(eq(users.username, 'second.member'));
  await db.insert(userIdentities).values({ issuer, subject: 'external-subject-1', userId: member!.id });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const token = (subject: string, audience = 'bluewater-portal', claims: Record<string, unknown> = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: 'external-1' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('5 minutes')
    .sign(signingKey);

describe('single auth with an external issuer', () => {
  it('tells the web the configured authority as it is', async () => {
    const response = await new BrowserAgent(ctx.app).request({
      url: '/content-api/api/v2/content/tenant-content?tenantUrl=bluewater.localhost',
    });
    expect(response.json().singleAuth).toEqual({ authority: issuer, clientId: 'bluewater-portal' });
  });

  it('verifies the token with keys found through discovery and maps the subject to the portal user', async () => {
    const agent = new BrowserAgent(ctx.app, 'bluewater.localhost');
    const response = await agent.request({
      method: 'POST',
      url: createSession,
      payload: { tokenId: await token('external-subject-1') },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ businessGroup: 'BLU', hasMultipleRecords: false });
    const details = await agent.request({ url: '/mdp-api/api/members/personal-details' });
    expect(details.json().name).toBe('Mr Iain MacLeod');
  });

  it('leaves the issuer’s sessions to it: an old auth_time still signs in, and its amr never steps up', async () => {
    const agent = new BrowserAgent(ctx.app, 'bluewater.localhost');
    const claims = { auth_time: Math.floor(Date.now() / 1000) - 3 * 3600, amr: ['pwd', 'otp'] };
    const response = await agent.request({
      method: 'POST',
      url: createSession,
      payload: { tokenId: await token('external-subject-1', 'bluewater-portal', claims) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stepUp = await agent.request({ url: '/mdp-api/api/step-up' });
    expect(stepUp.json()).toMatchObject({ fresh: false, freshUntil: null });
  });

  it('refuses a subject no portal user is linked to, and a token for another client', async () => {
    const agent = new BrowserAgent(ctx.app, 'bluewater.localhost');
    const unknown = await agent.request({
      method: 'POST',
      url: createSession,
      payload: { tokenId: await token('someone-else') },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errors[0].code).toBe('sso_account_unknown');
    const otherClient = await agent.request({
      method: 'POST',
      url: createSession,
      payload: { tokenId: await token('external-subject-1', 'another-app') },
    });
    expect(otherClient.statusCode).toBe(401);
    expect(otherClient.json().errors[0].code).toBe('sso_token_invalid');
  });

  it('answers 503 when the issuer cannot be reached', async () => {
    await ctx.database.db
      .update(tenants)
      .set({ singleAuth: { authority: 'http://127.0.0.1:9/unreachable', clientId: 'meridian-web' } })
      .where(eq(tenants.tenantUrl, 'localhost'));
    clearContentCache(ctx.database.db);
    const response = await new BrowserAgent(ctx.app).request({
      method: 'POST',
      url: createSession,
      payload: { tokenId: await token('external-subject-1') },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().errors[0].code).toBe('sso_issuer_unavailable');
  });
});
