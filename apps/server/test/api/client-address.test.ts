import { connect } from 'node:net';
import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp, type TestContext } from './harness';

const login = '/authentication-api/api/authentication/login';
// Production settings: where the server used to trust every X-Forwarded-For.
const direct = useTestApp({
  NODE_ENV: 'production',
  API_URL: 'https://portal.example.org',
  EPA_DOMAIN: 'epa.example.org',
  SECRETS_KEY: 'a-test-secret-of-at-least-32-characters',
  MERIDIAN_DEMO: 'false',
});
const behindOneProxy = useTestApp({ TRUST_PROXY: '1' });
const redisUrl = process.env.TEST_REDIS_URL;
const sharedA = redisUrl ? useTestApp({ REDIS_URL: redisUrl }) : undefined;
const sharedB = redisUrl ? useTestApp({ REDIS_URL: redisUrl }) : undefined;

/** A sign-in whose body fails validation: the per-address limit counts it before the handler runs. */
const attempt = (ctx: TestContext, remoteAddress: string, forwardedFor?: string) =>
  new BrowserAgent(ctx.app).rawRequest({
    method: 'POST',
    url: login,
    remoteAddress,
    headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: {},
  });

const lastSignInAddress = async (ctx: TestContext) => {
  const [event] = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'sign_in'), eq(auditEvents.outcome, 'failure')))
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return event!.ip;
};

const randomAddress = () => `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For by default, so rotating it does not escape the per-address limit', async () => {
    const statuses = [];
    for (let index = 0; index <= 30; index += 1) {
      statuses.push((await attempt(direct, '192.0.2.50', `203.0.113.${index}`)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    await new BrowserAgent(direct.app).rawRequest({
      method: 'POST',
      url: login,
      remoteAddress: '192.0.2.51',
      headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'x-forwarded-for': '198.51.100.1' },
      payload: { userName: 'nobody', password: 'wrong-password' },
    });
    expect(await lastSignInAddress(direct)).toBe('192.0.2.51');
  });

  it('reads the address one trusted hop back when TRUST_PROXY=1', async () => {
    await new BrowserAgent(behindOneProxy.app).rawRequest({
      method: 'POST',
      url: login,
      remoteAddress: '10.0.0.2',
      headers: {
        cookie: 'XSRF-TOKEN=t',
        'x-xsrf-token': 't',
        'x-forwarded-for': '198.51.100.66, 203.0.113.5',
      },
      payload: { userName: 'nobody', password: 'wrong-password' },
    });
    expect(await lastSignInAddress(behindOneProxy)).toBe('203.0.113.5');
  });

  it.skipIf(!redisUrl)('shares the limits between instances through Redis (REDIS_URL)', async () => {
    const address = randomAddress();
    const statuses = [];
    for (let index = 0; index <= 30; index += 1) {
      statuses.push((await attempt(index % 2 === 0 ? sharedA! : sharedB!, address)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt(sharedA!, address)).json().errors[0].code).toBe('too_many_requests');
  });
});

describe('slow requests', () => {
  const quick = useTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });

  it('cuts off a request whose body never arrives', async () => {
    await quick.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = quick.app.server.address() as { port: number };
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${login} HTTP/1.1\r\nHost: localhost\r\nCookie: XSRF-TOKEN=t\r\nX-XSRF-TOKEN: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user`,
        );
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      setTimeout(() => socket.destroy(), 5_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
