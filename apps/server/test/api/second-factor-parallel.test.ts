import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECOND_FACTOR_THRESHOLD } from '../../src/areas/two-step/service';
import { twoStepApps, users } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { latestCodeTo } from './outbox-codes';

/**
 * Issue 41's "50 parallel code guesses": at a sign-in's second factor (app code, recovery code, emailed
 * code) and at step-up, exactly SECOND_FACTOR_THRESHOLD guesses are checked and the rest are refused
 * 429 two_step_paused unchecked (each attempt is taken atomically before its code is compared); the
 * member's right code then waits for the pause to end, as the design says, and works after it.
 */
const ctx = useTestApp();
const api = '/authentication-api/api';
const login = `${api}/authentication/login`;
const GUESSES = 50;

// Only Date is faked: each code is taken 30 seconds after the last, as a member's app would show it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now());
});
afterEach(() => vi.useRealTimers());

async function nextCode(secret: string) {
  vi.setSystemTime(Date.now() + 30_000);
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

const post = (agent: BrowserAgent, url: string, payload: object = {}) =>
  agent.request({ method: 'POST', url, payload });

/** A guess from an address of its own (the route's per-address limit would stop one address first). */
const guess = (agent: BrowserAgent, payload: object, index: number) =>
  agent.request({
    method: 'POST',
    url: `${login}/second-factor`,
    payload,
    remoteAddress: `10.77.${Math.floor(index / 200)}.${index % 200}`,
  });

const userIdOf = async (username: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

/** Signs the member in and turns on the app; answers the session, the secret and the recovery codes. */
async function withTwoStep(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  const setup = await post(agent, `${api}/account/two-step/setup`);
  const secret = (setup.json().secret as string).replaceAll(' ', '');
  const confirmed = await post(agent, `${api}/account/two-step/confirm`, {
    code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { agent, secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

async function challengeFor(username: string) {
  const browser = new BrowserAgent(ctx.app);
  const asked = await browser.signIn(username);
  expect(asked.statusCode, asked.body).toBe(202);
  return { browser, challenge: asked.json().secondFactor.challenge as string };
}

/** Fires the answers at once and sorts them by status and code: [checked answers, refused answers]. */
async function fire(answers: Promise<{ statusCode: number; json: () => { errors: { code: string }[] } }>[]) {
  const all = await Promise.all(answers);
  const refused = all.filter((answer) => answer.statusCode === 429);
  for (const answer of refused) expect(answer.json().errors[0]!.code).toBe('two_step_paused');
  return { checked: all.filter((answer) => answer.statusCode !== 429), refused };
}

/** The pause as if its 15 minutes had passed (the wrong codes in a row stay counted). */
const pauseOver = async (username: string) =>
  ctx.database.db
    .update(twoStepApps)
    .set({ lockedUntil: new Date(Date.now() - 1000), failedCodes: 0 })
    .where(eq(twoStepApps.userId, await userIdOf(username)));

const wrongAppCodes = (count: number, right: string) =>
  Array.from({ length: count }, (_, index) =>
    String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0'),
  );

describe('50 parallel guesses at the second factor', () => {
  it('checks exactly five app codes at a sign-in, refuses the rest 429, and takes the right code after the pause', async () => {
    const { secret } = await withTwoStep('db.deferred');
    const { browser, challenge } = await challengeFor('db.deferred');
    const right = await nextCode(secret);
    const { checked, refused } = await fire(
      wrongAppCodes(GUESSES, right).map((code, index) =>
        guess(browser, { challenge, method: 'app', code }, index),
      ),
    );
    expect(checked).toHaveLength(SECOND_FACTOR_THRESHOLD);
    for (const answer of checked) expect(answer.json().errors[0]!.code).toBe('two_step_code_invalid');
    expect(refused).toHaveLength(GUESSES - SECOND_FACTOR_THRESHOLD);

    const paused = await post(browser, `${login}/second-factor`, { challenge, method: 'app', code: right });
    expect(paused.statusCode).toBe(429);
    await pauseOver('db.deferred');
    const done = await post(browser, `${login}/second-factor`, { challenge, method: 'app', code: right });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('checks exactly five recovery codes, refuses the rest 429, and takes a right one after the pause', async () => {
    const { recoveryCodes } = await withTwoStep('db.avc');
    const { browser, challenge } = await challengeFor('db.avc');
    const { checked, refused } = await fire(
      Array.from({ length: GUESSES }, (_, index) =>
        guess(
          browser,
          { challenge, method: 'recovery', code: `wrong-${String(index).padStart(5, 'a')}`.slice(0, 11) },
          index,
        ),
      ),
    );
    expect(checked).toHaveLength(SECOND_FACTOR_THRESHOLD);
    expect(refused).toHaveLength(GUESSES - SECOND_FACTOR_THRESHOLD);
    await pauseOver('db.avc');
    const done = await post(browser, `${login}/second-factor`, {
      challenge,
      method: 'recovery',
      code: recoveryCodes[0],
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('checks exactly five emailed codes, refuses the rest 429, and the app code works after the pause', async () => {
    const { secret } = await withTwoStep('dc.far');
    const { browser, challenge } = await challengeFor('dc.far');
    const sent = await post(browser, `${login}/second-factor/send-code`, { challenge });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await latestCodeTo(ctx.database.db, 'dc.far@example.org');
    const { checked, refused } = await fire(
      wrongAppCodes(GUESSES, code).map((wrong, index) =>
        guess(browser, { challenge, method: 'sent', nonce: sent.json().nonce, code: wrong }, index),
      ),
    );
    expect(checked).toHaveLength(SECOND_FACTOR_THRESHOLD);
    for (const answer of checked) expect(answer.statusCode).toBe(400);
    expect(refused).toHaveLength(GUESSES - SECOND_FACTOR_THRESHOLD);
    await pauseOver('dc.far');
    // The emailed code has had its five tries and is dead; the member's app code finishes the sign-in.
    const spent = await post(browser, `${login}/second-factor`, {
      challenge,
      method: 'sent',
      nonce: sent.json().nonce,
      code,
    });
    expect(spent.statusCode).toBe(400);
    const done = await post(browser, `${login}/second-factor`, {
      challenge,
      method: 'app',
      code: await nextCode(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('checks exactly five app codes at step-up, refuses the rest 429, and steps up with the right code after the pause', async () => {
    const { agent, secret } = await withTwoStep('db.active');
    const right = await nextCode(secret);
    const { checked, refused } = await fire(
      wrongAppCodes(GUESSES, right).map((code) =>
        post(agent, '/mdp-api/api/step-up/authenticator', { code }),
      ),
    );
    expect(checked).toHaveLength(SECOND_FACTOR_THRESHOLD);
    for (const answer of checked) expect(answer.json().errors[0]!.code).toBe('two_step_code_invalid');
    expect(refused).toHaveLength(GUESSES - SECOND_FACTOR_THRESHOLD);
    expect((await post(agent, '/mdp-api/api/step-up/authenticator', { code: right })).statusCode).toBe(429);
    await pauseOver('db.active');
    const done = await post(agent, '/mdp-api/api/step-up/authenticator', { code: right });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().fresh).toBe(true);
  });
});
