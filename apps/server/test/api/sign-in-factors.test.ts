import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { members, sessions, signInChallenges, twoStepApps, userRecords, users } from '../../src/db/schema';
import { ACCOUNT_FAILURES_PER_HOUR } from '../../src/plugins/rate-limits';
import { UNDER_CAP_CODES_PER_HOUR } from '../../src/areas/two-step/challenges';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { finishSignIn, startSignIn } from './oidc-flow';
import { latestCodeTo, messagesTo } from './outbox-codes';
import { SoftwareAuthenticator } from './software-authenticator';

/**
 * Issue 41's sign-in defences seen together: a second factor or a passkey gets a member in while the
 * per-account cap on failed passwords still stops a password-only guesser; an authenticator code from
 * outside the allowed window is refused; the text-message fallback of two-step verification.
 */
const ctx = useTestApp();
const api = '/authentication-api/api';
const login = `${api}/authentication/login`;
const PASSWORD = 'MeridianDemo!2026';
const RP_ID = 'localhost';
const ORIGIN = 'http://localhost';

// Only Date is faked: each code is taken 30 seconds after the last, as a member's app would show it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now());
});
afterEach(() => vi.useRealTimers());

const codeAt = (secret: string, epochMs: number) => generate({ secret, epoch: Math.floor(epochMs / 1000) });
async function nextCode(secret: string) {
  vi.setSystemTime(Date.now() + 30_000);
  return codeAt(secret, Date.now());
}

const userIdOf = async (username: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;
const post = (agent: BrowserAgent, url: string, payload: object = {}) =>
  agent.request({ method: 'POST', url, payload });
const codeOf = (answer: { json: () => { errors: { code: string }[] } }) => answer.json().errors[0]!.code;

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  const answer = await agent.signIn(username);
  expect(answer.statusCode, answer.body).toBe(200);
  return agent;
}

async function turnOnApp(agent: BrowserAgent) {
  const setup = await post(agent, `${api}/account/two-step/setup`);
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = (setup.json().secret as string).replaceAll(' ', '');
  const confirmed = await post(agent, `${api}/account/two-step/confirm`, {
    code: await codeAt(secret, Date.now()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return secret;
}

/** A password sign-in from a browser and an address never seen for the account (no device cookie). */
const strangerSignIn = (username: string, password: string, remoteAddress: string) =>
  new BrowserAgent(ctx.app).request({
    method: 'POST',
    url: login,
    remoteAddress,
    payload: { userName: username, password },
  });

/** As many wrong passwords as the account may fail, at once, each from an address of its own. */
async function capAccount(username: string, prefix: string) {
  const answers = await Promise.all(
    Array.from({ length: ACCOUNT_FAILURES_PER_HOUR }, (_, attempt) =>
      strangerSignIn(username, 'wrong-password', `${prefix}.${attempt}`),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(ACCOUNT_FAILURES_PER_HOUR).fill(401));
  await expectPasswordAloneStopped(username, `${prefix}.250`);
}

/**
 * The right password alone, from a browser the account has not seen, opens nothing: a challenge that
 * still wants a code (202), as every capped name gets, and no session cookie.
 */
async function expectPasswordAloneStopped(username: string, remoteAddress: string) {
  const guesser = await strangerSignIn(username, PASSWORD, remoteAddress);
  expect(guesser.statusCode).toBe(202);
  expect(guesser.json().secondFactor.fallbackSentTo).toBeNull();
  expect(guesser.cookies.map((cookie) => cookie.name)).not.toContain('accessToken');
}

const sessionCount = async (userId: string) =>
  (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

/** A form posted to the embedded provider's pages, and the sign-in challenge a page carries. */
const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const challengeIn = (page: string) => /name="challenge" value="([^"]+)"/.exec(page)![1]!;

describe('the per-account cap on failed passwords', () => {
  it('lets a member in with a passkey alone while the cap still stops the right password from a stranger', async () => {
    const member = await signedIn('db.pensioner');
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const started = await post(member, `${api}/account/passkeys/options`);
    const added = await post(member, `${api}/account/passkeys`, {
      name: 'My phone',
      credential: authenticator.register(started.json().options),
    });
    expect(added.statusCode, added.body).toBe(201);
    await capAccount('db.pensioner', '10.41.0');

    // A new browser, no password: the passkey counts as both factors, and the session as a step-up.
    const browser = new BrowserAgent(ctx.app);
    const options = (await post(browser, `${login}/passkey/options`)).json().options;
    const done = await post(browser, `${login}/passkey`, {
      credential: authenticator.assert(options, {
        userHandle: Buffer.from(await userIdOf('db.pensioner')).toString('base64url'),
      }),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(browser.cookies.has('accessToken')).toBe(true);
    expect((await browser.request({ url: '/mdp-api/api/step-up' })).json()).toMatchObject({ fresh: true });

    // ... and the cap is still there for the password alone.
    await expectPasswordAloneStopped('db.pensioner', '10.41.1.1');
  });

  it('answers every capped name alike, an account with two-step on, one without and no account, and lets none in on the password alone', async () => {
    await turnOnApp(await signedIn('db.lapsed'));
    const names = ['db.lapsed', 'second.member', 'nobody.capped'];
    for (const [index, name] of names.entries()) await capAccount(name, `10.46.${index}`);
    const answers: { browser: BrowserAgent; asked: Awaited<ReturnType<BrowserAgent['request']>> }[] = [];
    for (const [index, name] of names.entries()) {
      const browser = new BrowserAgent(ctx.app);
      const asked = await browser.request({
        method: 'POST',
        url: login,
        remoteAddress: `10.46.9.${index}`,
        payload: { userName: name, password: PASSWORD },
      });
      answers.push({ browser, asked });
    }
    // The same status, the same shape, the same cookies: nothing tells the three apart.
    const shapeOf = ({ asked }: (typeof answers)[number]) => ({
      status: asked.statusCode,
      fields: Object.keys(asked.json().secondFactor ?? {}),
      challengeLength: String(asked.json().secondFactor?.challenge).length,
      fallbackSentTo: asked.json().secondFactor?.fallbackSentTo,
      underCap: asked.json().secondFactor?.underCap,
      cookies: asked.cookies.map((cookie) => cookie.name).sort(),
      cacheControl: asked.headers['cache-control'],
    });
    const [first, ...others] = answers.map(shapeOf);
    expect(first).toMatchObject({ status: 202, fallbackSentTo: null, underCap: true });
    for (const other of others) expect(other).toEqual(first);

    // Each answers codes alike: no code route, a wrong code 400, then paused after the same count.
    for (const { browser, asked } of answers) {
      const challenge = asked.json().secondFactor.challenge;
      // From an address of its own: the route's per-address limit is not what this is about.
      const from = (url: string, payload: object) =>
        browser.request({ method: 'POST', url, payload, remoteAddress: '10.46.8.1' });
      const send = await from(`${login}/second-factor/send-code`, { challenge });
      expect([send.statusCode, codeOf(send)]).toEqual([409, 'no_code_route']);
      const tries = [];
      for (let guess = 0; guess <= UNDER_CAP_CODES_PER_HOUR; guess += 1) {
        const wrong = await from(`${login}/second-factor`, {
          challenge,
          method: 'app',
          code: String(200000 + guess),
        });
        tries.push(`${wrong.statusCode} ${codeOf(wrong)}`);
      }
      expect(tries).toEqual([
        ...Array(UNDER_CAP_CODES_PER_HOUR).fill('400 two_step_code_invalid'),
        '429 two_step_paused',
      ]);
      expect(browser.cookies.has('accessToken')).toBe(false);
    }
  });

  it('lets a member in on their own browser with the password and the app’s code, while the same password from a new browser is stopped', async () => {
    const member = await signedIn('db.deferred');
    const secret = await turnOnApp(member);
    const userId = await userIdOf('db.deferred');
    await capAccount('db.deferred', '10.42.0');
    const before = await sessionCount(userId);

    // The browser the member signed in on before (its device cookie): the password, then the app's code.
    const asked = await member.signIn('db.deferred');
    expect(asked.statusCode, asked.body).toBe(202);
    const { challenge } = asked.json().secondFactor;
    const wrong = await post(member, `${login}/second-factor`, { challenge, method: 'app', code: '000000' });
    expect(codeOf(wrong)).toBe('two_step_code_invalid');
    const done = await post(member, `${login}/second-factor`, {
      challenge,
      method: 'app',
      code: await nextCode(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await member.request({ url: '/mdp-api/api/step-up' })).json()).toMatchObject({ fresh: true });
    expect(await sessionCount(userId)).toBe(before + 1);

    // The password-only guesser still opens nothing.
    await expectPasswordAloneStopped('db.deferred', '10.42.1.2');
    expect(await sessionCount(userId)).toBe(before + 1);
  });

  it('lets a member in from a new browser with the password and the app’s code, telling a guesser nothing of the password', async () => {
    const member = await signedIn('db.avc');
    const secret = await turnOnApp(member);
    const userId = await userIdOf('db.avc');
    await capAccount('db.avc', '10.43.0');
    const before = await sessionCount(userId);

    // A guesser with a wrong password and the member with the right one get the same first answer.
    const signInFrom = (browser: BrowserAgent, password: string, remoteAddress: string) =>
      browser.request({
        method: 'POST',
        url: login,
        remoteAddress,
        payload: { userName: 'db.avc', password },
      });
    const guesser = new BrowserAgent(ctx.app);
    const guessed = await signInFrom(guesser, 'wrong-password', '10.43.1.1');
    const browser = new BrowserAgent(ctx.app);
    const asked = await signInFrom(browser, PASSWORD, '10.43.1.2');
    for (const answer of [guessed, asked]) {
      expect(answer.statusCode, answer.body).toBe(202);
      expect(answer.json().secondFactor.fallbackSentTo).toBeNull();
    }
    // No code is sent for such a sign-in (a guesser could not tell the member's from theirs anyway).
    const send = await post(guesser, `${login}/second-factor/send-code`, {
      challenge: guessed.json().secondFactor.challenge,
    });
    expect(send.statusCode).toBe(409);
    expect(codeOf(send)).toBe('no_code_route');

    // A wrong code says nothing of the password: the same 400 on both.
    for (const [agent, answer] of [
      [guesser, guessed],
      [browser, asked],
    ] as const) {
      const wrong = await post(agent, `${login}/second-factor`, {
        challenge: answer.json().secondFactor.challenge,
        method: 'app',
        code: '000000',
      });
      expect(wrong.statusCode).toBe(400);
      expect(codeOf(wrong)).toBe('two_step_code_invalid');
    }

    // The member's right code gets them in, stepped up.
    const done = await post(browser, `${login}/second-factor`, {
      challenge: asked.json().secondFactor.challenge,
      method: 'app',
      code: await nextCode(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await browser.request({ url: '/mdp-api/api/step-up' })).json()).toMatchObject({ fresh: true });
    expect(await sessionCount(userId)).toBe(before + 1);

    // Even a right code (a recovery code here) does not open a session for a wrong password.
    const [recovery] = (
      await post(member, `${api}/account/two-step/recovery-codes`, { password: PASSWORD })
    ).json().recoveryCodes as string[];
    const refused = await post(guesser, `${login}/second-factor`, {
      challenge: guessed.json().secondFactor.challenge,
      method: 'recovery',
      code: recovery,
    });
    expect(refused.statusCode).toBe(401);
    expect(codeOf(refused)).toBe('invalid_credentials');
    expect(guesser.cookies.has('accessToken')).toBe(false);
    expect(await sessionCount(userId)).toBe(before + 1);
    // The password alone still opens nothing.
    await expectPasswordAloneStopped('db.avc', '10.43.1.3');
  });

  it('counts code guesses under the cap apart: parallel guesses are cut off, and the member’s own browser still gets in', async () => {
    const member = await signedIn('db.retiring');
    const secret = await turnOnApp(member);
    await capAccount('db.retiring', '10.44.0');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const guesser = new BrowserAgent(ctx.app);
        const asked = await guesser.request({
          method: 'POST',
          url: login,
          remoteAddress: `10.44.1.${index}`,
          payload: { userName: 'db.retiring', password: `guess-${index}` },
        });
        return post(guesser, `${login}/second-factor`, {
          challenge: asked.json().secondFactor.challenge,
          method: 'app',
          code: String(100000 + index),
        });
      }),
    );
    const statuses = guesses.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400).length).toBe(UNDER_CAP_CODES_PER_HOUR);
    expect(statuses.filter((status) => status === 429).length).toBe(12 - UNDER_CAP_CODES_PER_HOUR);
    // The member's own codes were not paused by them: their browser signs in with the next code.
    const asked = await member.signIn('db.retiring');
    expect(asked.statusCode, asked.body).toBe(202);
    const done = await post(member, `${login}/second-factor`, {
      challenge: asked.json().secondFactor.challenge,
      method: 'app',
      code: await nextCode(secret),
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('the embedded provider’s sign-in page under the cap', () => {
  it('asks a new browser for the app’s code whatever the password, and lets in only the right password with a right code', async () => {
    const member = await signedIn('dc.far');
    const secret = await turnOnApp(member);
    const userId = await userIdOf('dc.far');
    await capAccount('dc.far', '10.45.0');

    const onPage = async (password: string, remoteAddress: string) => {
      const browser = new BrowserAgent(ctx.app);
      const flow = await startSignIn(browser);
      const { interactionPath } = flow;
      const asked = await browser.request({
        url: `${interactionPath}/login`,
        remoteAddress,
        ...form({ username: 'dc.far', password }),
      });
      return { browser, interactionPath, asked, flow };
    };
    const guesser = await onPage('wrong-password', '10.45.1.1');
    const right = await onPage(PASSWORD, '10.45.1.2');
    for (const { asked } of [guesser, right]) {
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.body).toContain('Enter your code');
      // No code is offered by email or text for such a sign-in.
      expect(asked.body).not.toContain('Send a code to');
    }

    // A right recovery code on the wrong password's challenge: back to the password, no session.
    const [recovery] = (
      await post(member, `${api}/account/two-step/recovery-codes`, { password: PASSWORD })
    ).json().recoveryCodes as string[];
    const refused = await guesser.browser.request({
      url: `${guesser.interactionPath}/second-factor`,
      ...form({
        challenge: challengeIn(guesser.asked.body),
        intent: 'verify',
        method: 'recovery',
        code: recovery!,
      }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('The username or password is not right');
    expect(refused.headers.location).toBeUndefined();

    const sessionsBefore = await sessionCount(userId);
    const done = await right.browser.request({
      url: `${right.interactionPath}/second-factor`,
      ...form({
        challenge: challengeIn(right.asked.body),
        intent: 'verify',
        method: 'app',
        code: await nextCode(secret),
      }),
    });
    expect(done.statusCode, done.body).toBe(303);
    const tokens = await finishSignIn(right.browser, done.headers.location, right.flow);
    expect(decodeJwt(tokens.id_token).sub).toBe(userId);
    expect(await sessionCount(userId)).toBe(sessionsBefore);
    await expectPasswordAloneStopped('dc.far', '10.45.1.3');

    // A capped account without two-step, and a name no account has, get the same page.
    for (const name of ['linked', 'nobody.on.page']) {
      await capAccount(name, `10.45.2${name.length}`);
      const browser = new BrowserAgent(ctx.app);
      const { interactionPath } = await startSignIn(browser);
      const asked = await browser.request({
        url: `${interactionPath}/login`,
        remoteAddress: '10.45.3.1',
        ...form({ username: name, password: PASSWORD }),
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.body).toContain('Enter your code');
      expect(asked.body).not.toContain('Send a code to');
    }
  });
});

describe('an authenticator code from outside the allowed window', () => {
  it('is refused with a code at sign-in and at step-up, and nothing changes', async () => {
    const secret = await turnOnApp(await signedIn('dc.near'));
    const userId = await userIdOf('dc.near');
    const [app] = await ctx.database.db.select().from(twoStepApps).where(eq(twoStepApps.userId, userId));
    const browser = new BrowserAgent(ctx.app);
    const asked = await browser.signIn('dc.near');
    expect(asked.statusCode, asked.body).toBe(202);
    const { challenge } = asked.json().secondFactor;
    const sessionsBefore = await sessionCount(userId);

    // Two 30-second steps ago and two ahead: outside the one-step window either side.
    vi.setSystemTime(Date.now() + 90_000);
    for (const offset of [-60_000, 60_000]) {
      const stale = await post(browser, `${login}/second-factor`, {
        challenge,
        method: 'app',
        code: await codeAt(secret, Date.now() + offset),
      });
      expect(stale.statusCode).toBe(400);
      expect(codeOf(stale)).toBe('two_step_code_invalid');
    }
    expect(browser.cookies.has('accessToken')).toBe(false);
    expect(await sessionCount(userId)).toBe(sessionsBefore);
    const [after] = await ctx.database.db.select().from(twoStepApps).where(eq(twoStepApps.userId, userId));
    expect(after!.lastTimeStep).toBe(app!.lastTimeStep);
    const [open] = await ctx.database.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, userId));
    expect(open!.usedAt).toBeNull();

    // The code of this very step still works on the same challenge: the refusals spent nothing.
    const done = await post(browser, `${login}/second-factor`, {
      challenge,
      method: 'app',
      code: await codeAt(secret, Date.now()),
    });
    expect(done.statusCode, done.body).toBe(200);

    // At step-up too: an old code leaves the session as it was.
    await ctx.database.db.update(sessions).set({ steppedUpAt: null }).where(eq(sessions.userId, userId));
    vi.setSystemTime(Date.now() + 90_000);
    const staleStepUp = await post(browser, '/mdp-api/api/step-up/authenticator', {
      code: await codeAt(secret, Date.now() - 90_000),
    });
    expect(staleStepUp.statusCode).toBe(400);
    expect(codeOf(staleStepUp)).toBe('two_step_code_invalid');
    expect((await browser.request({ url: '/mdp-api/api/step-up' })).json()).toMatchObject({ fresh: false });
  });
});

describe('the text-message fallback of two-step verification', () => {
  it('sends the sign-in code to the mobile on file when there is no email, takes it once, and only for its sign-in', async () => {
    await turnOnApp(await signedIn('db.active'));
    const userId = await userIdOf('db.active');
    const [link] = await ctx.database.db.select().from(userRecords).where(eq(userRecords.userId, userId));
    const ofMember = and(
      eq(members.businessGroup, link!.businessGroup),
      eq(members.referenceNumber, link!.referenceNumber),
    );
    const mobile = '07700900461';
    await ctx.database.db.update(members).set({ email: null, mobilePhone: mobile }).where(ofMember);

    const browser = new BrowserAgent(ctx.app);
    const asked = await browser.signIn('db.active');
    expect(asked.statusCode, asked.body).toBe(202);
    const { challenge, fallbackSentTo } = asked.json().secondFactor;
    expect(fallbackSentTo).toContain('0461');
    const sent = await post(browser, `${login}/second-factor/send-code`, { challenge });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'sms', sentTo: fallbackSentTo });
    const [message] = await messagesTo(ctx.database.db, mobile);
    expect(message).toMatchObject({ channel: 'sms' });
    expect(message!.body).toContain('Your code to finish signing in is');
    const code = await latestCodeTo(ctx.database.db, mobile);

    // Another sign-in of the same member cannot spend this sign-in's code.
    const other = new BrowserAgent(ctx.app);
    const otherChallenge = (await other.signIn('db.active')).json().secondFactor.challenge;
    const elsewhere = await post(other, `${login}/second-factor`, {
      challenge: otherChallenge,
      method: 'sent',
      nonce: sent.json().nonce,
      code,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(other.cookies.has('accessToken')).toBe(false);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(browser, `${login}/second-factor`, {
      challenge,
      method: 'sent',
      nonce: sent.json().nonce,
      code: wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect(browser.cookies.has('accessToken')).toBe(false);

    const done = await post(browser, `${login}/second-factor`, {
      challenge,
      method: 'sent',
      nonce: sent.json().nonce,
      code,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(browser.cookies.has('accessToken')).toBe(true);
    expect((await browser.request({ url: '/mdp-api/api/step-up' })).json()).toMatchObject({ fresh: true });
    const again = await post(new BrowserAgent(ctx.app), `${login}/second-factor`, {
      challenge,
      method: 'sent',
      nonce: sent.json().nonce,
      code,
    });
    expect(again.statusCode).toBe(401);
  });
  it('lets a member with an email and a mobile choose where the code goes, on /login, on the provider’s page and at step-up, and refuses a route with nothing on file', async () => {
    const { db } = ctx.database;
    // A Bluewater member, on Bluewater's host: the sign-ins above leave every Meridian persona capped or on two-step.
    const bluewater = () => new BrowserAgent(ctx.app, 'bluewater.localhost');
    const member = bluewater();
    expect((await member.signIn('bw.saver')).statusCode).toBe(200);
    await turnOnApp(member);
    const userId = await userIdOf('bw.saver');
    const links = await db.select().from(userRecords).where(eq(userRecords.userId, userId));
    const contacts = async (values: Partial<typeof members.$inferInsert>) => {
      for (const link of links)
        await db
          .update(members)
          .set(values)
          .where(
            and(
              eq(members.businessGroup, link.businessGroup),
              eq(members.referenceNumber, link.referenceNumber),
            ),
          );
    };
    const email = 'saver.both@example.org';
    const mobile = '07700900123';
    await contacts({ email, mobilePhone: mobile, emailChangedAt: null, mobileChangedAt: null });
    const signInCodesTo = async (recipient: string) =>
      (await messagesTo(db, recipient)).filter((message) => message.body.includes('finish signing in'));

    const browser = bluewater();
    const asked = await browser.signIn('bw.saver');
    expect(asked.statusCode, asked.body).toBe(202);
    const { challenge, fallbackRoutes } = asked.json().secondFactor;
    expect(fallbackRoutes).toEqual([
      { channel: 'email', sentTo: 's•••@example.org' },
      { channel: 'sms', sentTo: 'your mobile •••• 0123' },
    ]);
    const texted = await post(browser, `${login}/second-factor/send-code`, { challenge, channel: 'sms' });
    expect(texted.statusCode, texted.body).toBe(200);
    expect(texted.json()).toMatchObject({ channel: 'sms', sentTo: 'your mobile •••• 0123' });
    expect(await signInCodesTo(email)).toEqual([]);
    const signedInWithText = await post(browser, `${login}/second-factor`, {
      challenge,
      method: 'sent',
      nonce: texted.json().nonce,
      code: await latestCodeTo(db, mobile),
    });
    expect(signedInWithText.statusCode, signedInWithText.body).toBe(200);

    // At step-up the member chooses among the settled routes; the email was chosen, so no text is sent.
    const status = await browser.request({ url: '/mdp-api/api/step-up' });
    expect(status.json().codeRoutes).toEqual(fallbackRoutes);
    const textsBefore = (await messagesTo(db, mobile)).length;
    const emailed = await post(browser, '/mdp-api/api/step-up/code', { channel: 'email' });
    expect(emailed.statusCode, emailed.body).toBe(200);
    expect(emailed.json()).toMatchObject({ channel: 'email', sentTo: 's•••@example.org' });
    expect(await messagesTo(db, mobile)).toHaveLength(textsBefore);
    const confirmed = await browser.request({
      method: 'POST',
      url: '/mdp-api/api/step-up/confirm',
      headers: { 'x-confirmation-nonce': emailed.json().nonce },
      payload: { code: await latestCodeTo(db, email) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // An email changed lately is not offered at step-up, and choosing it anyway sends nothing.
    vi.setSystemTime(Date.now() + 60_000);
    await contacts({ emailChangedAt: new Date() });
    expect((await browser.request({ url: '/mdp-api/api/step-up' })).json().codeRoutes).toEqual([
      { channel: 'sms', sentTo: 'your mobile •••• 0123' },
    ]);
    const unsettled = await post(browser, '/mdp-api/api/step-up/code', { channel: 'email' });
    expect(unsettled.statusCode).toBe(409);
    expect(codeOf(unsettled)).toBe('code_route_not_settled');

    // The embedded provider's page asks the same, and sends the code where chosen.
    const onProvider = new BrowserAgent(ctx.app);
    const { interactionPath } = await startSignIn(onProvider, 'http://bluewater.localhost');
    const codePage = await onProvider.request({
      url: `${interactionPath}/login`,
      ...form({ username: 'bw.saver', password: PASSWORD }),
    });
    expect(codePage.body).toContain('Get a code instead');
    expect(codePage.body).toContain('Text me a code to your mobile •••• 0123');
    const providerChallenge = challengeIn(codePage.body);
    const notChosen = await onProvider.request({
      url: `${interactionPath}/second-factor`,
      ...form({ challenge: providerChallenge, intent: 'send' }),
    });
    expect(notChosen.statusCode).toBe(400);
    expect(notChosen.body).toContain('<a href="#code-route">Choose whether to get a text or an email</a>');
    const textedOnPage = await onProvider.request({
      url: `${interactionPath}/second-factor`,
      ...form({ challenge: providerChallenge, intent: 'send', channel: 'sms' }),
    });
    expect(textedOnPage.body).toContain('We sent a 6-digit code to your mobile •••• 0123');
    const providerDone = await onProvider.request({
      url: `${interactionPath}/second-factor`,
      ...form({
        challenge: providerChallenge,
        intent: 'verify',
        method: 'sent',
        codeNonce: /name="codeNonce" value="([^"]+)"/.exec(textedOnPage.body)![1]!,
        code: await latestCodeTo(db, mobile),
      }),
    });
    expect(providerDone.statusCode, providerDone.body).toBe(303);

    // With no mobile on file, a text is refused with a code, at sign-in and at step-up, and none is sent.
    await contacts({ mobilePhone: null });
    const next = bluewater();
    const nextChallenge = (await next.signIn('bw.saver')).json().secondFactor;
    expect(nextChallenge.fallbackRoutes).toEqual([{ channel: 'email', sentTo: 's•••@example.org' }]);
    const texts = (await messagesTo(db, mobile)).length;
    for (const refused of [
      await post(next, `${login}/second-factor/send-code`, {
        challenge: nextChallenge.challenge,
        channel: 'sms',
      }),
      await post(browser, '/mdp-api/api/step-up/code', { channel: 'sms' }),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(codeOf(refused)).toBe('code_route_not_on_file');
    }
    const unknown = await post(next, `${login}/second-factor/send-code`, {
      challenge: nextChallenge.challenge,
      channel: 'post',
    });
    expect(unknown.statusCode).toBe(400);
    expect(await messagesTo(db, mobile)).toHaveLength(texts);
  });
});
