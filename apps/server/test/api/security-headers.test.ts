import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { operationsOf, remember, requestFor, validParts, type KnownValues } from './openapi-walk';

/**
 * Headers and HEAD: every GET operation of the OpenAPI document and the single-page app's shell answer
 * HEAD with the status GET answers, and every answer carries the security headers.
 */

const webDist = mkdtempSync(path.join(tmpdir(), 'meridian-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Meridian</title></head><body></body></html>',
);
const SHELL_PATHS = ['/', '/login', '/hub', '/no/such/page'];

const context = useTestApp({ WEB_DIST_DIR: webDist });
const known: KnownValues = new Map([['tenantUrl', ['localhost']]]);

let addressCounter = 0;
const nextAddress = () => `10.8.${(addressCounter >> 8) & 255}.${++addressCounter & 255}`;

async function member() {
  const agent = new BrowserAgent(context.app);
  const response = await agent.signIn('db.deferred');
  expect(response.statusCode).toBe(200);
  return agent;
}

/** The GET requests to check: each GET operation with valid values, and the app's shell. */
function getRequests() {
  return [
    ...operationsOf(context.app)
      .filter((operation) => operation.method === 'GET')
      .map((operation) => ({
        label: operation.label,
        ...requestFor(operation, validParts(operation, known)),
      })),
    ...SHELL_PATHS.map((url) => ({
      label: `GET ${url} (app shell)`,
      method: 'GET',
      url,
      headers: {},
      isDocument: true,
    })),
  ];
}

const securityHeaderProblems = (headers: Record<string, unknown>) => {
  const problems: string[] = [];
  const policy = String(headers['content-security-policy'] ?? '');
  if (!policy.includes("frame-ancestors 'none'"))
    problems.push(`CSP without frame-ancestors 'none': ${policy}`);
  if (!policy.includes("object-src 'none'") && !policy.startsWith("default-src 'none'"))
    problems.push("CSP without object-src 'none'");
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  return problems;
};

/** Documents also name their referrer policy; JSON and downloads start no requests of their own. */
const documentHeaderProblems = (headers: Record<string, unknown>) =>
  headers['referrer-policy'] === 'strict-origin-when-cross-origin' ? [] : ['no strict Referrer-Policy'];

describe('HEAD answers like GET, and every answer carries the security headers', () => {
  beforeAll(async () => {
    const agent = await member();
    for (const operation of operationsOf(context.app).filter((candidate) => candidate.method === 'GET')) {
      const response = await agent.request(requestFor(operation, validParts(operation, known)));
      if (response.statusCode === 200 && String(response.headers['content-type']).includes('json')) {
        remember(known, response.json());
      }
    }
  }, 180_000);

  for (const persona of ['visitor', 'member'] as const) {
    it(`HEAD has GET's status on every GET operation and the app shell (${persona})`, async () => {
      const agent = persona === 'member' ? await member() : new BrowserAgent(context.app);
      const failures: string[] = [];
      for (const request of getRequests()) {
        // GET, HEAD, GET: a one-time resource (a lookup code) may change its answer once it is used.
        const get = await agent.request({ ...request, remoteAddress: nextAddress() });
        const head = await agent.request({ ...request, method: 'HEAD', remoteAddress: nextAddress() });
        const getAgain = await agent.request({ ...request, remoteAddress: nextAddress() });
        if (head.statusCode !== get.statusCode && head.statusCode !== getAgain.statusCode) {
          failures.push(`${request.label}: GET ${get.statusCode}, HEAD ${head.statusCode}`);
        }
        if (head.body !== '') failures.push(`${request.label}: HEAD answered a body`);
        const problems = [
          ...securityHeaderProblems(get.headers),
          ...('isDocument' in request ? documentHeaderProblems(get.headers) : []),
        ];
        for (const problem of problems) failures.push(`${request.label}: ${problem}`);
      }
      expect(failures).toEqual([]);
    }, 900_000);
  }

  it('tells caches to keep no answer made for a signed-in member, and leaves public content alone', async () => {
    const signedIn = await member();
    const visitor = new BrowserAgent(context.app);
    const failures: string[] = [];
    let membersOnly = 0;
    for (const request of getRequests()) {
      const asMember = await signedIn.request({ ...request, remoteAddress: nextAddress() });
      const asVisitor = await visitor.request({ ...request, remoteAddress: nextAddress() });
      if (asMember.statusCode !== 200 || asVisitor.statusCode === 200) continue;
      membersOnly += 1;
      if (!String(asMember.headers['cache-control']).includes('no-store'))
        failures.push(`${request.label}: cache-control ${String(asMember.headers['cache-control'])}`);
    }
    expect(failures).toEqual([]);
    expect(membersOnly).toBeGreaterThan(20);

    const signIn = await new BrowserAgent(context.app).signIn('db.deferred');
    expect(signIn.headers['cache-control']).toBe('no-store');
    const { contentAccessKey } = (
      await signedIn.request({ method: 'GET', url: '/mdp-api/api/content/access-key?tenantUrl=localhost' })
    ).json<{ contentAccessKey: string }>();
    const key = encodeURIComponent(contentAccessKey);
    for (const url of [
      `/content-api/api/v2/content/authorized-page?pageUrl=/hub&contentAccessKey=${key}`,
      `/content-api/api/v2/content/authorized-menu?contentAccessKey=${key}`,
    ]) {
      const answer = await visitor.request({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    const publicPage = await visitor.request({
      method: 'GET',
      url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost',
    });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.headers['cache-control']).toBeUndefined();
  }, 900_000);

  it('serves the app shell with 200 and a fresh CSP nonce on its inline script', async () => {
    const agent = new BrowserAgent(context.app);
    const nonces = [];
    for (const url of ['/', '/']) {
      const response = await agent.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(
        String(response.headers['content-security-policy']),
      )?.[1];
      expect(nonce).toBeTruthy();
      expect(response.body).toContain(`<script nonce="${nonce}">`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('gives other documents the shell’s policy without nonce or inline styles, the same in effect', async () => {
    const policyOf = async (url: string) =>
      String((await context.app.inject({ method: 'GET', url })).headers['content-security-policy']);
    const shell = await policyOf('/');
    expect(shell).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(shell).toMatch(/style-src 'self' 'unsafe-inline' 'nonce-[0-9a-f]{32}'/);
    for (const url of ['/health', '/robots.txt']) {
      const policy = await policyOf(url);
      expect(policy).not.toContain('nonce-');
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("style-src 'self';");
      expect(policy.replace(/ 'unsafe-inline'| 'nonce-[0-9a-f]+'/g, '')).toBe(
        shell.replace(/ 'unsafe-inline'| 'nonce-[0-9a-f]+'/g, ''),
      );
    }
  });

  it('gives API answers a policy that lets nothing load or frame them, without the document-only headers', async () => {
    for (const url of [
      '/content-api/api/v2/content/unauthorized-globals?tenantUrl=localhost',
      '/mdp-api/api/members/personal-details',
      '/authentication-api/api/authentication/no-such-route',
    ]) {
      const { headers } = await context.app.inject({ method: 'GET', url });
      expect(headers, url).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
      });
      for (const documentOnly of [
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'cross-origin-opener-policy',
        'referrer-policy',
        'x-frame-options',
      ])
        expect(headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
    }
  });

  it('sends HSTS to any host but this machine', async () => {
    for (const host of ['localhost', 'localhost:3000', 'bluewater.localhost', '127.0.0.1:3000']) {
      const response = await context.app.inject({ method: 'GET', url: '/health', headers: { host } });
      expect(response.headers['strict-transport-security'], host).toBeUndefined();
    }
    for (const host of ['portal.example.org', 'members.example.com:443']) {
      const response = await context.app.inject({ method: 'GET', url: '/health', headers: { host } });
      expect(response.headers['strict-transport-security'], host).toMatch(
        /max-age=31536000; includeSubDomains/,
      );
    }
  });

  it('sets every cookie SameSite=Strict with a path, the refresh token HttpOnly on the API path only', async () => {
    const agent = new BrowserAgent(context.app);
    const firstVisit = await agent.rawRequest({ method: 'GET', url: '/' });
    const signIn = await agent.signIn('db.deferred');
    const cookies = new Map(
      [...firstVisit.cookies, ...signIn.cookies].map((cookie) => [cookie.name, cookie]),
    );
    expect([...cookies.keys()].sort()).toEqual([
      'XSRF-TOKEN',
      'accessToken',
      'meridianDevice',
      'refreshToken',
    ]);
    for (const cookie of cookies.values()) {
      expect(cookie.sameSite, cookie.name).toBe('Strict');
      expect(cookie.path, cookie.name).toBeTruthy();
    }
    expect(cookies.get('refreshToken')).toMatchObject({ httpOnly: true, path: '/authentication-api/api' });
    expect(cookies.get('meridianDevice')).toMatchObject({
      httpOnly: true,
      path: '/authentication-api/api/authentication/login',
    });
  });
});

describe('cookies in production', () => {
  const production = useTestApp({
    NODE_ENV: 'production',
    API_URL: 'https://portal.example.org',
    EPA_DOMAIN: 'epa.example.org',
    SECRETS_KEY: 'a-production-secrets-key-of-32-characters-or-more',
    MERIDIAN_DEMO: 'false',
  });

  it('are Secure', async () => {
    const response = await production.app.inject({
      method: 'GET',
      url: '/health',
      headers: { host: 'portal.example.org' },
    });
    expect(response.cookies.length).toBeGreaterThan(0);
    for (const cookie of response.cookies) expect(cookie.secure, cookie.name).toBe(true);
  });
});
