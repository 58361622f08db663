import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_NAMESPACE } from '../../src/plugins/rate-limits';
import { BrowserAgent } from './browser-agent';
import { useTestApp, type TestContext } from './harness';

/**
 * The report of a death's per-address limits (docs/bereavement.md): the spec's login and captcha-verify
 * (20 a minute each) and the captcha challenge (30 a minute) answer 429 too_many_requests once over, in memory and, when
 * TEST_REDIS_URL is set, counted in Redis (REDIS_URL) so every instance shares them. A call at the spec's
 * path and at the report's own counts against one limit (journey-start: 20 a minute).
 */
const ctx = useTestApp();
const redisUrl = process.env.TEST_REDIS_URL;
const shared = redisUrl ? useTestApp({ REDIS_URL: redisUrl }) : undefined;

const LOGIN_PER_MINUTE = 20;
const CHALLENGES_PER_MINUTE = 30;
const VERIFIES_PER_MINUTE = 20;
const STARTS_PER_MINUTE = 20;
const addressOf = () => `10.61.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** Sends `count + 1` calls from one address, one after another; answers their statuses and the last body. */
async function overTheLimit(
  context: TestContext,
  count: number,
  call: 'login' | 'challenge' | 'verify' | 'start',
  address: string,
) {
  const agent = new BrowserAgent(context.app);
  const statuses: number[] = [];
  let last: { errors?: Array<{ code: string; message: string }> } = {};
  for (let sent = 0; sent <= count; sent += 1) {
    const answer =
      call === 'login'
        ? await agent.request({
            method: 'POST',
            url: '/api/bereavement/login',
            // Bluewater's business group on Meridian's site: refused, but counted as any call is.
            payload: { businessGroup: 'BWS', captcha: 'not-a-payload' },
            remoteAddress: address,
          })
        : call === 'start'
          ? await agent.request({
              method: 'POST',
              // Every other one at the report's own path: both count against one limit.
              url: `/api/bereavement${sent % 2 ? '/journeys/bereavement' : ''}/journey-start`,
              payload: { captcha: 'not-a-payload' },
              remoteAddress: address,
            })
          : call === 'verify'
            ? await agent.request({
                method: 'POST',
                url: '/api/bereavement/captcha-verify',
                // Refused as no solution, but counted as any call is.
                payload: { captcha: 'not-a-payload' },
                remoteAddress: address,
              })
            : await agent.request({ url: '/api/bereavement/captcha-challenge', remoteAddress: address });
    statuses.push(answer.statusCode);
    last = answer.json();
  }
  return { statuses, last };
}

function expectLimited(
  { statuses, last }: Awaited<ReturnType<typeof overTheLimit>>,
  count: number,
  ok: number,
) {
  expect(statuses.slice(0, count)).toEqual(Array(count).fill(ok));
  expect(statuses.at(-1)).toBe(429);
  expect(last.errors?.[0]?.code).toBe('too_many_requests');
  expect(last.errors?.[0]?.message).toBeTruthy();
}

describe('a report of a death’s rate limits, in memory', () => {
  it(`refuses the ${LOGIN_PER_MINUTE + 1}st login from one address in a minute with 429 too_many_requests`, async () => {
    const address = addressOf();
    expectLimited(await overTheLimit(ctx, LOGIN_PER_MINUTE, 'login', address), LOGIN_PER_MINUTE, 400);
    // Another address is its own count.
    const other = await new BrowserAgent(ctx.app).request({
      method: 'POST',
      url: '/api/bereavement/login',
      payload: { businessGroup: 'BWS', captcha: 'not-a-payload' },
      remoteAddress: addressOf(),
    });
    expect(other.statusCode).toBe(400);
  });

  it(`refuses the ${CHALLENGES_PER_MINUTE + 1}st captcha challenge from one address in a minute`, async () => {
    expectLimited(
      await overTheLimit(ctx, CHALLENGES_PER_MINUTE, 'challenge', addressOf()),
      CHALLENGES_PER_MINUTE,
      200,
    );
  });

  it(`refuses the ${STARTS_PER_MINUTE + 1}st journey-start in a minute, at the spec’s path and the report’s together`, async () => {
    expectLimited(await overTheLimit(ctx, STARTS_PER_MINUTE, 'start', addressOf()), STARTS_PER_MINUTE, 400);
  });

  it(`refuses the ${VERIFIES_PER_MINUTE + 1}st captcha-verify from one address in a minute`, async () => {
    expectLimited(
      await overTheLimit(ctx, VERIFIES_PER_MINUTE, 'verify', addressOf()),
      VERIFIES_PER_MINUTE,
      400,
    );
  });
});

describe.skipIf(!shared)('a report of a death’s rate limits in Redis (TEST_REDIS_URL)', () => {
  it('counts login, captcha challenges and journey-start in Redis, under the namespace, and refuses once over', async () => {
    const loginAddress = addressOf();
    const challengeAddress = addressOf();
    expectLimited(
      await overTheLimit(shared!, LOGIN_PER_MINUTE, 'login', loginAddress),
      LOGIN_PER_MINUTE,
      400,
    );
    expectLimited(
      await overTheLimit(shared!, CHALLENGES_PER_MINUTE, 'challenge', challengeAddress),
      CHALLENGES_PER_MINUTE,
      200,
    );
    // One counter in Redis for journey-start at both of its paths.
    expectLimited(
      await overTheLimit(shared!, STARTS_PER_MINUTE, 'start', addressOf()),
      STARTS_PER_MINUTE,
      400,
    );
    const redis = new Redis(redisUrl!);
    try {
      for (const address of [loginAddress, challengeAddress]) {
        const keys = await redis.keys(`*${address}*`);
        expect(keys.length).toBeGreaterThan(0);
        expect(keys.every((key) => key.startsWith(RATE_LIMIT_NAMESPACE))).toBe(true);
      }
    } finally {
      await redis.quit();
    }
  });
});
