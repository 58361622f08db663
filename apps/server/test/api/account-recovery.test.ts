import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, utcDay } from '@meridian/pensions';
import { auditEvents, members, oneTimeCodes, sessions, users } from '../../src/db/schema';
import { UNIFORM_ANSWER_MS } from '../../src/areas/account/recovery-routes';
import type { Database, DatabaseHandle } from '../../src/db/client';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { startSignIn } from './oidc-flow';
import { latestCodeTo, messagesTo } from './outbox-codes';

/**
 * The server's transactions wait this long before they begin, as on a busy server (a real account's
 * code is written in one, an unknown name needs none); the test's own reads do not wait.
 */
let transactionsWaitMs = 0;
const slowedTransactions = (database: DatabaseHandle): DatabaseHandle => {
  const db: Database = Object.create(database.db);
  db.transaction = async (work, config) => {
    if (transactionsWaitMs > 0) await new Promise((resolve) => setTimeout(resolve, transactionsWaitMs));
    return database.db.transaction(work, config);
  };
  return { ...database, db };
};

/** Forgotten password and forgotten username (issue 41): docs/security.md "Your account". */
const ctx = useTestApp({}, { serverDatabase: slowedTransactions });
const api = '/authentication-api/api';
const PASSWORD = 'MeridianDemo!2026';
const NEW_PASSWORD = 'lantern orbit kettle 47';

let address = 0;
const nextAddress = () => `10.41.0.${++address}`;

const post = (agent: BrowserAgent, url: string, payload: Record<string, unknown>) =>
  agent.request({ method: 'POST', url: `${api}${url}`, payload, remoteAddress: nextAddress() });
const signIn = (agent: BrowserAgent, userName: string, password: string) =>
  post(agent, '/authentication/login', { userName, password });
const startReset = (account: string, host = 'localhost') =>
  post(new BrowserAgent(ctx.app, host), '/account/password-reset/start', { account });
const confirmReset = (payload: { account: string; code: string; password: string }) =>
  post(new BrowserAgent(ctx.app), '/account/password-reset/confirm', payload);
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};
const liveSessionsOf = async (username: string) => {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.username, username));
  const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
  return rows.filter((row) => !row.revokedAt);
};

describe('forgotten password', () => {
  it('is offered on the embedded provider’s sign-in page, at the portal the member came from', async () => {
    const agent = new BrowserAgent(ctx.app);
    const { interactionPath } = await startSignIn(agent, 'http://bluewater.localhost:4173');
    const page = await agent.request({ url: interactionPath });
    expect(page.body).toContain(
      '<a href="http://bluewater.localhost:4173/forgot-password">Forgotten your password?</a>',
    );
    expect(page.body).toContain(
      '<a href="http://bluewater.localhost:4173/forgot-username">Forgotten your username?</a>',
    );
  });

  it('answers alike, no sooner than the uniform time, for a username, an email and an unknown account', async () => {
    await startReset('warming.up');
    const accounts = ['db.active', 'DB.Avc@example.org', 'nobody.here', 'nobody@example.org'];
    // Each account's median of three rounds, so a moment's load on a shared machine is not read as a leak.
    const rounds: { account: string; ms: number }[][] = [];
    for (let round = 0; round < 3; round++) {
      const answers = [];
      for (const account of accounts) {
        const { result, ms } = await timed(() => startReset(account));
        expect(result.statusCode).toBe(202);
        expect(result.json()).toEqual({ accepted: true });
        expect(ms).toBeGreaterThanOrEqual(UNIFORM_ANSWER_MS - 5);
        answers.push({ account, ms });
      }
      rounds.push(answers);
    }
    const medians = accounts.map((account, index) => ({
      account,
      ms: rounds.map((answers) => answers[index]!.ms).sort((a, b) => a - b)[1]!,
    }));
    const spread = Math.max(...medians.map((a) => a.ms)) - Math.min(...medians.map((a) => a.ms));
    console.info(
      'forgotten password answer times, median of 3 (ms):',
      medians.map(({ account, ms }) => `${account} ${Math.round(ms)}`).join(', '),
    );
    expect(spread).toBeLessThan(300);
    expect(await latestCodeTo(ctx.database.db, 'db.active@example.org')).toMatch(/^\d{6}$/);
    expect(await latestCodeTo(ctx.database.db, 'db.avc@example.org')).toMatch(/^\d{6}$/);
    expect(await messagesTo(ctx.database.db, 'nobody@example.org')).toEqual([]);
  });

  it('does not wait for a slow mail server, which would set a real account’s answer apart', async () => {
    const messaging = ctx.app.messaging;
    const sendEmail = messaging.sendEmail;
    messaging.sendEmail = async (email) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await sendEmail(email);
    };
    try {
      const { result, ms } = await timed(() => startReset('db.pensioner'));
      expect(result.statusCode).toBe(202);
      expect(ms).toBeLessThan(UNIFORM_ANSWER_MS + 1000);
      await expect
        .poll(() => messagesTo(ctx.database.db, 'db.pensioner@example.org'), { timeout: 8000 })
        .toHaveLength(1);
    } finally {
      messaging.sendEmail = sendEmail;
    }
  });

  it('answers at the uniform time when a real account’s work takes longer, and the code follows', async () => {
    transactionsWaitMs = UNIFORM_ANSWER_MS * 2.5;
    try {
      const known = await timed(() => startReset('db.lapsed'));
      expect(known.result.statusCode).toBe(202);
      expect(known.result.json()).toEqual({ accepted: true });
      expect(known.ms).toBeGreaterThanOrEqual(UNIFORM_ANSWER_MS - 5);
      // Answered at the uniform time, not when the work ended (at 2.5 times it, at the soonest).
      expect(known.ms).toBeLessThan(UNIFORM_ANSWER_MS * 1.5);
      expect(await messagesTo(ctx.database.db, 'db.lapsed@example.org')).toEqual([]);
      await expect
        .poll(() => messagesTo(ctx.database.db, 'db.lapsed@example.org'), { timeout: 10_000 })
        .toHaveLength(1);
      expect(await latestCodeTo(ctx.database.db, 'db.lapsed@example.org')).toMatch(/^\d{6}$/);
    } finally {
      transactionsWaitMs = 0;
    }
  });

  it('sends the code to the contact details on file, never to an address typed in', async () => {
    const response = await post(new BrowserAgent(ctx.app), '/account/password-reset/start', {
      account: 'dc.far',
      email: 'attacker@example.net',
    });
    expect(response.statusCode).toBe(202);
    expect(await messagesTo(ctx.database.db, 'attacker@example.net')).toEqual([]);
    expect(await latestCodeTo(ctx.database.db, 'dc.far@example.org')).toMatch(/^\d{6}$/);
  });

  it('texts the code when the record has no email, and writes a letter when it has neither', async () => {
    await ctx.database.db.update(members).set({ email: null }).where(eq(members.referenceNumber, '1000003'));
    // db.avc was sent a code a moment ago: past the resend cool-down, the next goes by text.
    await ctx.database.db.update(oneTimeCodes).set({ sentAt: new Date(Date.now() - 60_000) });
    await startReset('db.avc');
    expect(await latestCodeTo(ctx.database.db, '+447700123456')).toMatch(/^\d{6}$/);

    await ctx.database.db
      .update(members)
      .set({ email: null, mobilePhone: null })
      .where(eq(members.referenceNumber, '1000005'));
    await startReset('dc.near');
    await expect.poll(() => messagesTo(ctx.database.db, 'MER/1000005')).toHaveLength(1);
    const [letter] = await messagesTo(ctx.database.db, 'MER/1000005');
    expect(letter!.channel).toBe('post');
    expect(letter!.body).toMatch(/forgot-password\/reset/);
  });

  it('resets the password with the code: every session ends, every route is told, the new one signs in', async () => {
    const phone = new BrowserAgent(ctx.app);
    const laptop = new BrowserAgent(ctx.app);
    expect((await signIn(phone, 'db.deferred', PASSWORD)).statusCode).toBe(200);
    expect((await signIn(laptop, 'db.deferred', PASSWORD)).statusCode).toBe(200);
    expect(await liveSessionsOf('db.deferred')).toHaveLength(2);

    await startReset('db.deferred');
    const code = await latestCodeTo(ctx.database.db, 'db.deferred@example.org');
    const reset = await confirmReset({ account: 'db.deferred', code, password: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(204);

    expect(await liveSessionsOf('db.deferred')).toEqual([]);
    const hub = await phone.request({ method: 'GET', url: '/authentication-api/api/sso/session' });
    expect(hub.statusCode).toBe(401);
    const told = [
      ...(await messagesTo(ctx.database.db, 'db.deferred@example.org')),
      ...(await messagesTo(ctx.database.db, '+447911123456')),
      ...(await messagesTo(ctx.database.db, 'MER/1000001')),
    ].filter((message) => /password has been reset/.test(message.subject + message.body));
    expect(told.map((message) => message.channel).sort()).toEqual(['email', 'post', 'sms']);

    expect((await signIn(new BrowserAgent(ctx.app), 'db.deferred', PASSWORD)).statusCode).toBe(401);
    expect((await signIn(new BrowserAgent(ctx.app), 'db.deferred', NEW_PASSWORD)).statusCode).toBe(200);
    const again = await confirmReset({ account: 'db.deferred', code, password: `${NEW_PASSWORD} again` });
    expect(again.json().errors[0].code).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
  });

  it('refuses a short, personal, common or unchanged password with its reason, and keeps the code', async () => {
    await startReset('db.retiring');
    const code = await latestCodeTo(ctx.database.db, 'db.retiring@example.org');
    const [member] = await ctx.database.db
      .select()
      .from(members)
      .where(eq(members.referenceNumber, '1000010'));
    const cases: [string, string][] = [
      ['short pass', 'field_invalid'],
      [`${member!.surname} garden path 2`, 'password_personal'],
      ['db.retiring is my name', 'password_personal'],
      ['1000010 is the reference', 'password_personal'],
      [
        `born ${member!.dateOfBirth.slice(8, 10)}${member!.dateOfBirth.slice(5, 7)}${member!.dateOfBirth.slice(0, 4)} ok`,
        'password_personal',
      ],
      ['password1234', 'password_too_weak'],
      ['qwertyuiop12', 'password_too_weak'],
      ['1qaz2wsx3edc', 'password_breached'],
      [PASSWORD, 'password_reused'],
    ];
    for (const [password, expected] of cases) {
      const refused = await confirmReset({ account: 'db.retiring', code, password });
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().errors[0].code, password).toBe(expected);
      expect(refused.json().errors[0].message.length, password).toBeGreaterThan(10);
    }
    expect((await signIn(new BrowserAgent(ctx.app), 'db.retiring', PASSWORD)).statusCode).toBe(200);
    const accepted = await confirmReset({ account: 'db.retiring', code, password: NEW_PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(204);
  });

  it('answers an unknown account, a wrong code and a used-up code alike', async () => {
    const unknown = await confirmReset({ account: 'nobody.here', code: '123456', password: NEW_PASSWORD });
    await startReset('linked');
    const right = await latestCodeTo(ctx.database.db, 'linked@example.org');
    const wrong = await confirmReset({
      account: 'linked',
      code: right === '000000' ? '000001' : '000000',
      password: NEW_PASSWORD,
    });
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([unknown.json().errors[0]]);
    }
  });

  it('lets 50 parallel guesses take no more than the 5 attempts a code has', async () => {
    await startReset('second.member', 'bluewater.localhost');
    const sent = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, 'password-reset'), eq(oneTimeCodes.referenceNumber, '2000001')));
    const right = await latestCodeTo(ctx.database.db, 'second.member@example.org');
    const guesses = Array.from({ length: 50 }, (_, index) => String(index).padStart(6, '0')).filter(
      (guess) => guess !== right,
    );
    const bluewater = () => new BrowserAgent(ctx.app, 'bluewater.localhost');
    const answers = await Promise.all(
      guesses.map((code) =>
        post(bluewater(), '/account/password-reset/confirm', {
          account: 'second.member',
          code,
          password: NEW_PASSWORD,
        }),
      ),
    );
    expect(sent).toHaveLength(1);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    const [row] = await ctx.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, sent[0]!.id));
    // Every guess is counted; none past the fifth is compared, so the right code is refused after them.
    expect(row!.attempts).toBeGreaterThan(5);
    const late = await post(bluewater(), '/account/password-reset/confirm', {
      account: 'second.member',
      code: right,
      password: NEW_PASSWORD,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0].code).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
  });

  it('limits starts per account name, known or not, whatever the address', async () => {
    const statuses = [];
    for (let index = 0; index < 7; index += 1) statuses.push((await startReset('rate.limited')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
  });
});

describe('forgotten username', () => {
  const reminder = (payload: Record<string, string>) =>
    post(new BrowserAgent(ctx.app), '/account/username-reminder', payload);

  it('sends the username to the contact details on file, with the same answer for details that match nothing', async () => {
    const [member] = await ctx.database.db
      .select()
      .from(members)
      .where(eq(members.referenceNumber, '1000002'));
    const known = await timed(() =>
      reminder({
        referenceNumber: '1000002',
        dateOfBirth: member!.dateOfBirth,
        insuranceNumber: 'ce 23 45 67 d',
      }),
    );
    const unknown = await timed(() =>
      reminder({
        referenceNumber: '1000002',
        dateOfBirth: addMonths(utcDay(new Date()), -(30 * 12)),
        insuranceNumber: 'CE234567D',
      }),
    );
    for (const answer of [known, unknown]) {
      expect(answer.result.statusCode).toBe(202);
      expect(answer.result.json()).toEqual({ accepted: true });
      expect(answer.ms).toBeGreaterThanOrEqual(UNIFORM_ANSWER_MS - 5);
    }
    // The work goes on after the answer: on a busy machine the message and the audit may come just after.
    const reasons = async () =>
      (
        await ctx.database.db
          .select({ details: auditEvents.details })
          .from(auditEvents)
          .where(eq(auditEvents.action, 'username_reminder'))
      )
        .map((row) => (row.details as { reason: string }).reason)
        .sort();
    await expect.poll(reasons).toEqual(['no_match', 'username_sent']);
    const [sent] = await messagesTo(ctx.database.db, 'db.active@example.org');
    expect(sent!.body).toMatch(/username is db\.active/);
  });

  it('refuses badly formed details with a 400 naming each field', async () => {
    const response = await reminder({
      referenceNumber: 'abc',
      dateOfBirth: '1970-13-40',
      insuranceNumber: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual(
      expect.arrayContaining(['body.referenceNumber', 'body.dateOfBirth', 'body.insuranceNumber']),
    );
  });
});

describe('stopping', () => {
  it('waits for the work a start left running after its answer', async () => {
    // The job worker (a root onClose hook) is stopped first: a poll under way would hold the stop longer than the work.
    await ctx.app.jobs.stop();
    transactionsWaitMs = UNIFORM_ANSWER_MS * 2;
    const answer = await startReset('bw.saver', 'bluewater.localhost');
    expect(answer.statusCode).toBe(202);
    expect(await messagesTo(ctx.database.db, 'bw.saver@example.org')).toEqual([]);
    // As the server stops (main.ts: app.close(), then the database): the code is written before.
    await ctx.app.close();
    expect(await messagesTo(ctx.database.db, 'bw.saver@example.org')).toHaveLength(1);
  });
});
