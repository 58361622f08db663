import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, registrations, users } from '../../src/db/schema';
import { ACCOUNT_ATTEMPTS_PER_HOUR, REGISTRATION_STARTS_PER_HOUR } from '../../src/plugins/rate-limits';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import {
  addMemberToRegister,
  codeIn,
  confirmRegistration,
  registrationUrls,
  samDetails,
} from './registration-setup';

const ctx = useTestApp();
const login = '/authentication-api/api/authentication/login';

const failuresOf = async (username: string) => {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.username, username));
  return user!.failedSignIns;
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
    'limits the attempts on one username from many addresses (%s)',
    async (username) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= ACCOUNT_ATTEMPTS_PER_HOUR; attempt += 1) {
        const response = await new BrowserAgent(ctx.app).rawRequest({
          method: 'POST',
          url: login,
          remoteAddress: `10.1.${attempt}.7`,
          headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
          payload: { userName: username, password: 'wrong-password' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().errors[0].code).toBe('too_many_requests');
      }
      expect(statuses.slice(0, ACCOUNT_ATTEMPTS_PER_HOUR)).toEqual(
        Array(ACCOUNT_ATTEMPTS_PER_HOUR).fill(401),
      );
      expect(statuses.at(-1)).toBe(429);
    },
    90_000,
  );

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
