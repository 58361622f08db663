import { beforeAll, describe, expect, it } from 'vitest';
import { XSRF_SECURITY_SCHEME } from '../../src/plugins/csrf';
import { BrowserAgent } from './browser-agent';
import { databaseFingerprint } from './database-fingerprint';
import { useTestApp } from './harness';
import {
  isStateChanging,
  openApiDocument,
  operationsOf,
  remember,
  requestFor,
  validParts,
  type KnownValues,
  type Operation,
} from './openapi-walk';

/**
 * CSRF: every state-changing operation of the OpenAPI document that names the xsrfToken security
 * scheme (all of them unless a route opts out for server-to-server calls) is refused without the
 * X-XSRF-TOKEN header, with a wrong one, and with a header but no cookie: 403 csrf_token_invalid, and
 * the database reads back unchanged. The same requests with the right token get past the check.
 */

const context = useTestApp();
const known: KnownValues = new Map([['tenantUrl', ['localhost']]]);
let guarded: Operation[] = [];
let headerName = '';

let addressCounter = 0;
const nextAddress = () => `10.9.${(addressCounter >> 8) & 255}.${++addressCounter & 255}`;

async function member() {
  const agent = new BrowserAgent(context.app);
  const response = await agent.request({
    method: 'POST',
    url: '/authentication-api/api/authentication/login',
    payload: { userName: 'linked', password: 'MeridianDemo!2026' },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return agent;
}

const forgeries = (token: string) => [
  { name: 'without the header', headers: {}, dropCookie: false },
  { name: 'with a wrong token', headers: { 'x-xsrf-token': `${token.slice(1)}x` }, dropCookie: false },
  { name: 'with an empty token', headers: { 'x-xsrf-token': '' }, dropCookie: false },
  { name: 'with a header but no cookie', headers: { 'x-xsrf-token': token }, dropCookie: true },
];

describe('CSRF over every state-changing operation of the OpenAPI document', () => {
  beforeAll(async () => {
    const document = openApiDocument(context.app);
    headerName = document.components?.securitySchemes?.[XSRF_SECURITY_SCHEME]?.name ?? '';
    const operations = operationsOf(context.app);
    guarded = operations.filter(
      (operation) => isStateChanging(operation) && operation.security.includes(XSRF_SECURITY_SCHEME),
    );
    const agent = await member();
    for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
      const response = await agent.request(requestFor(operation, validParts(operation, known)));
      if (response.statusCode === 200 && String(response.headers['content-type']).includes('json')) {
        remember(known, response.json());
      }
    }
  }, 180_000);

  it('documents the token header and finds the state-changing operations', () => {
    expect(headerName.toLowerCase()).toBe('x-xsrf-token');
    expect(guarded.length).toBeGreaterThan(5);
    const exempt = operationsOf(context.app).filter(
      (operation) => isStateChanging(operation) && !operation.security.includes(XSRF_SECURITY_SCHEME),
    );
    // Only server-to-server calls (which carry no browser cookies) go without the token: the other
    // member site's, and the integration API's, each of which needs a bearer token (the token endpoint
    // a client's credentials), never a cookie.
    const [integration, others] = [true, false].map((wanted) =>
      exempt.filter((operation) => operation.path.startsWith('/api/integration/') === wanted),
    );
    expect(others!.map((operation) => operation.label)).toEqual([
      'POST /authentication-api/api/sso/outbound/redeem',
    ]);
    expect(integration!.length).toBeGreaterThanOrEqual(4);
    for (const operation of integration!)
      expect(
        operation.path === '/api/integration/oauth/token' || operation.security.includes('integrationOAuth'),
        operation.label,
      ).toBe(true);
  });

  it('refuses each one without, with a wrong or with an uncookied token, and nothing changes', async () => {
    const failures: string[] = [];
    let agent = await member();
    for (const operation of guarded) {
      if (!agent.cookies.has('accessToken')) agent = await member();
      const request = requestFor(operation, validParts(operation, known));
      const before = await databaseFingerprint(context.database);
      for (const forgery of forgeries(agent.cookies.get('XSRF-TOKEN')!)) {
        const xsrfCookie = agent.cookies.get('XSRF-TOKEN')!;
        if (forgery.dropCookie) agent.cookies.delete('XSRF-TOKEN');
        const response = await agent.rawRequest(
          { ...request, headers: { ...request.headers, ...forgery.headers }, remoteAddress: nextAddress() },
          { sendXsrf: false },
        );
        agent.cookies.set('XSRF-TOKEN', xsrfCookie);
        if (response.statusCode !== 403 || response.json().errors?.[0]?.code !== 'csrf_token_invalid') {
          failures.push(
            `${operation.label} ${forgery.name} → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
      // Read back once after the four forgeries: each is refused before any handler runs, so a change
      // would be the check failing, and the operation is named either way.
      const after = await databaseFingerprint(context.database);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) failures.push(`${operation.label} forged changed ${changed.join(', ')}`);
      const genuine = await agent.request({ ...request, remoteAddress: nextAddress() });
      if (genuine.statusCode === 403 && genuine.json().errors?.[0]?.code === 'csrf_token_invalid') {
        failures.push(`${operation.label} with the right token → refused as a forgery`);
      }
    }
    expect(failures).toEqual([]);
  }, 900_000);
});
