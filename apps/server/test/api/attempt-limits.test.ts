import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_DAYS,
  DEVICE_FAILURES_PER_HOUR,
} from '../../src/areas/authentication/sign-in-guard';
import { outboxMessages, registrations, users } from '../../src/db/schema';
import {
  ACCOUNT_FAILURES_PER_HOUR,
  RATE_LIMIT_NAMESPACE,
  REGISTRATION_STARTS_PER_HOUR,
} from '../../src/plugins/rate-limits';
import { BrowserAgent } from './browser-agent';
import { useTestApp, type TestContext } from './harness';
import {
  addMemberToRegister,
  codeIn,
  confirmRegistration,
  registrationUrls,
  samDetails,
} from './registration-setup';

const ctx = useTestApp();
const redisUrl = process.env.TEST_REDIS_URL;
const shared = redisUrl ? useTestApp({ REDIS_URL: redisUrl }) : undefined;
const login = '/authentication-api/api/authentication/login';
const PASSWORD = 'MeridianDemo!2026';

const userRow = async (username: string) => {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.username, username));
  return user!;
};
const failuresOf = async (username: string) => (await userRow(username)).failedSignIns;

/** A sign-in from an address and browser of its own (no device cookie), as a stranger sends it. */
const strangerSignIn = (
  username: string,
  password: string,
  remoteAddress: string,
  context: TestContext = ctx,
  cookie = '',
) =>
  new BrowserAgent(context.app).rawRequest({
    method: 'POST',
    url: login,
    remoteAddress,
    headers: { cookie: `XSRF-TOKEN=t${cookie ? `; ${cookie}` : ''}`, 'x-xsrf-token': 't' },
    payload: { userName: username, password },
  });

/** As many wrong passwords as the account may fail, at once, each from an address of its own. */
const capAccount = async (username: string, prefix: string) => {
  const answers = await Promise.all(
    Array.from({ length: ACCOUNT_FAILURES_PER_HOUR }, (_, attempt) =>
      strangerSignIn(username, 'wrong-password', `${prefix}.${attempt}`),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(ACCOUNT_FAILURES_PER_HOUR).fill(401));
};

describe('sign-in attempts counted atomically', () => {
  it('counts every one of parallel wrong passwords and then refuses the right one', async () => {
    const attempts = 12;
    const agent = new BrowserAgent(ctx.app);
    const wrong = await Promise.all(
      Array.from({ length: attempts }, (_, index) => agent.signIn('db.active', `wrong-password-${index}`)),
    );
    expect(wrong.map((response) => response.statusCode)).toEqual(Array(attempts).fill(401));
    expect(await failuresOf('db.active')).toBe(attempts);

    const right = await agent.signIn('db.active');
    expect(right.statusCode).toBe(401);
    expect(right.json().errors[0].code).toBe('invalid_credentials');
    expect(agent.cookies.has('accessToken')).toBe(false);
  });

  it.each(['dc.near', 'nobody.at.all'])(
    'limits the failures on one username from many addresses (%s)',
    async (username) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= ACCOUNT_FAILURES_PER_HOUR; attempt += 1) {
        const response = await new BrowserAgent(ctx.app).rawRequest({
          method: 'POST',
          url: login,
          remoteAddress: `10.1.${attempt}.7`,
          headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
          payload: { userName: username, password: 'wrong-password' },
        });
        statuses.push(response.statusCode);
        // Over the cap, every name gets a challenge no password alone can finish (issue 41).
        if (response.statusCode === 202) expect(response.json().secondFactor.fallbackSentTo).toBeNull();
      }
      expect(statuses.slice(0, ACCOUNT_FAILURES_PER_HOUR)).toEqual(
        Array(ACCOUNT_FAILURES_PER_HOUR).fill(401),
      );
      expect(statuses.at(-1)).toBe(202);
    },
    90_000,
  );

  it('counts exactly the limit of 50 parallel wrong passwords from 50 addresses, and answers the rest with a challenge, uncounted', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => strangerSignIn('db.avc', `wrong-${index}`, `10.5.${index}.1`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([
      ...Array(50 - ACCOUNT_FAILURES_PER_HOUR).fill(202),
      ...Array(ACCOUNT_FAILURES_PER_HOUR).fill(401),
    ]);
    // Only those within the limit reached the account: the capped were never counted as failures.
    expect(await failuresOf('db.avc')).toBe(ACCOUNT_FAILURES_PER_HOUR);
  });

  it('answers a busy address with 429 too_many_requests', async () => {
    let last;
    for (let attempt = 0; attempt <= 30; attempt += 1) {
      last = await new BrowserAgent(ctx.app).rawRequest({
        method: 'POST',
        url: login,
        remoteAddress: '10.2.0.1',
        headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
        payload: {},
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().errors[0].code).toBe('too_many_requests');
  });
});

describe('a stranger cannot lock a member out', () => {
  const deviceCookieOf = (agent: BrowserAgent) => `${DEVICE_COOKIE}=${agent.cookies.get(DEVICE_COOKIE)}`;

  it('does not count successful sign-ins against the account', async () => {
    for (let attempt = 0; attempt < ACCOUNT_FAILURES_PER_HOUR + 3; attempt += 1)
      expect((await strangerSignIn('db.deferred', PASSWORD, `10.6.${attempt}.1`)).statusCode).toBe(200);
    expect(await failuresOf('db.deferred')).toBe(0);
  });

  it('lets the right password through only from a browser that signed in to that account before', async () => {
    const member = new BrowserAgent(ctx.app);
    const first = await member.signIn('db.retiring');
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: login,
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });

    await capAccount('db.retiring', '10.7.0');
    // Over the cap a stranger's right password gets only the challenge every capped name gets (issue 41),
    // which no code finishes for an account without two-step verification.
    const stranger = await strangerSignIn('db.retiring', PASSWORD, '10.7.1.1');
    expect(stranger.statusCode).toBe(202);
    expect(stranger.cookies.map((cookie) => cookie.name)).not.toContain('accessToken');

    // The member's browser gets through the per-account cap and the five-failure pause alike ...
    const again = await member.signIn('db.retiring');
    expect(again.statusCode).toBe(200);
    expect(again.json().referenceNumber).toBe('1000010');
    // ... without lifting either for anyone else.
    expect((await strangerSignIn('db.retiring', PASSWORD, '10.7.1.2')).statusCode).toBe(202);
    const row = await userRow('db.retiring');
    expect(row.failedSignIns).toBe(ACCOUNT_FAILURES_PER_HOUR);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    // A device cookie is bound to its account, and a changed one is no device cookie at all.
    const other = new BrowserAgent(ctx.app);
    expect((await other.signIn('db.pensioner')).statusCode).toBe(200);
    expect((await other.signIn('db.retiring')).statusCode).toBe(202);
    const [payload, mac] = [deviceCookieOf(member).slice(0, -4), deviceCookieOf(member).slice(-4)];
    const forged = `${payload}${mac === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect((await strangerSignIn('db.retiring', PASSWORD, '10.7.1.3', ctx, forged)).statusCode).toBe(202);

    // The member's own failures count, and after a few the browser is trusted no longer.
    for (let attempt = 0; attempt < DEVICE_FAILURES_PER_HOUR; attempt += 1)
      expect((await member.signIn('db.retiring', 'wrong-password')).statusCode).toBe(401);
    expect(await failuresOf('db.retiring')).toBe(ACCOUNT_FAILURES_PER_HOUR + DEVICE_FAILURES_PER_HOUR);
    expect((await member.signIn('db.retiring')).statusCode).toBe(202);
  });
});

describe('registration code attempts counted atomically', () => {
  const start = (agent: BrowserAgent) =>
    agent.request({
      method: 'POST',
      url: registrationUrls.start,
      remoteAddress: '10.3.0.1',
      payload: samDetails(),
    });
  const latestCode = async (agent: BrowserAgent) => {
    const outbox = await agent.request({ url: '/api/dev/outbox?recipient=sam.patel@example.org' });
    return codeIn(outbox.json().messages[0].body);
  };
  const confirm = (agent: BrowserAgent, registrationId: string, code: string, remoteAddress = '10.3.0.2') =>
    confirmRegistration(agent, { registrationId, code, username: 'sam.p' }, remoteAddress);

  it('checks only five of parallel guesses, then refuses the right code', async () => {
    const agent = new BrowserAgent(ctx.app);
    const { registrationId } = (await start(agent)).json();
    const code = await latestCode(agent);
    const wrongCodes = Array.from({ length: 19 }, (_, index) => String(100_000 + index)).filter(
      (guess) => guess !== code,
    );
    const answers = await Promise.all(wrongCodes.map((guess) => confirm(agent, registrationId, guess)));
    expect(answers.map((answer) => answer.json().errors[0].code)).toEqual(
      Array(wrongCodes.length).fill('CONFIRMATION_TOKEN_INVALID_ERROR'),
    );
    const [row] = await ctx.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    expect(row!.failedAttempts).toBe(5);
    expect((await confirm(agent, registrationId, code)).statusCode).toBe(400);
  });

  it('keeps one live registration per member: a new start voids the older code', async () => {
    const agent = new BrowserAgent(ctx.app);
    const first = (await start(agent)).json().registrationId;
    const firstCode = await latestCode(agent);
    const second = (await start(agent)).json().registrationId;
    const secondCode = await latestCode(agent);
    expect((await confirm(agent, first, firstCode, '10.3.0.3')).statusCode).not.toBe(201);
    const pending = await ctx.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.referenceNumber, '1000009'));
    expect(pending.filter((row) => row.confirmedAt === null)).toHaveLength(1);
    expect((await confirm(agent, second, secondCode, '10.3.0.3')).statusCode).toBe(201);
  });
});

describe('registration starts counted per member', () => {
  const startFrom = (remoteAddress: string, details: Record<string, string>) =>
    new BrowserAgent(ctx.app).rawRequest({
      method: 'POST',
      url: registrationUrls.start,
      remoteAddress,
      headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: details,
    });

  it.each([
    ['a member to register', '1000901', true],
    ['details that match nobody', '1000902', false],
  ])(
    'lets only the limit of parallel starts from many addresses through (%s)',
    async (_, referenceNumber, exists) => {
      const details = {
        referenceNumber,
        dateOfBirth: '1971-02-03',
        insuranceNumber: `QQ${referenceNumber.slice(-6)}C`,
      };
      if (exists) {
        await addMemberToRegister(ctx.database.db, {
          ...details,
          forenames: 'Robin',
          surname: 'Shaw',
          email: `robin.${referenceNumber}@example.org`,
        });
      }
      const parallel = 12;
      const answers = await Promise.all(
        Array.from({ length: parallel }, (_, index) => startFrom(`10.4.${index}.9`, details)),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([
        ...Array(REGISTRATION_STARTS_PER_HOUR).fill(201),
        ...Array(parallel - REGISTRATION_STARTS_PER_HOUR).fill(429),
      ]);
      for (const refused of answers.filter((answer) => answer.statusCode === 429))
        expect(refused.json().errors[0].code).toBe('too_many_requests');
      const sent = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, `robin.${referenceNumber}@example.org`));
      expect(sent).toHaveLength(exists ? REGISTRATION_STARTS_PER_HOUR : 0);
    },
  );
});

describe.skipIf(!shared)('limits in Redis (TEST_REDIS_URL)', () => {
  const withRedis = async <T>(work: (redis: Redis) => Promise<T>) => {
    const redis = new Redis(redisUrl!);
    try {
      return await work(redis);
    } finally {
      await redis.quit();
    }
  };

  it('keeps each counter under the namespace, the scope and the subject, and nothing else', async () => {
    const username = `redis.probe.${randomBytes(4).toString('hex')}`;
    const address = `10.8.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    expect((await strangerSignIn(username, 'wrong-password', address, shared)).statusCode).toBe(401);
    await withRedis(async (redis) => {
      expect(await redis.keys(`*${username}*`)).toEqual([`${RATE_LIMIT_NAMESPACE}account:${username}`]);
      expect(await redis.get(`${RATE_LIMIT_NAMESPACE}account:${username}`)).toBe('1');
      const ttl = await redis.pttl(`${RATE_LIMIT_NAMESPACE}account:${username}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(3_600_000);
      expect(await redis.keys(`*${address}`)).toEqual([
        `${RATE_LIMIT_NAMESPACE}POST/authentication-api/api/authentication/login-${address}`,
      ]);
    });
  });

  it('gives an attempt back within its window, and never brings an expired counter back', async () => {
    const subject = `probe-${randomBytes(4).toString('hex')}`;
    const key = `${RATE_LIMIT_NAMESPACE}account:${subject}`;
    const counters = shared!.app.attemptCounters;
    const first = await counters.take('account', subject, 1);
    const second = await counters.take('account', subject, 1);
    expect([first.allowed, second.allowed]).toEqual([true, false]);
    await second.giveBack();
    await withRedis(async (redis) => {
      expect(await redis.get(key)).toBe('1');
      expect(await counters.count('account', subject)).toBe(1);
      await redis.del(key);
      await first.giveBack();
      expect(await redis.exists(key)).toBe(0);
    });
  });
});
