import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions, signInEvents, tenants, twoStepApps, users } from '../../src/db/schema';
import { clearContentCache } from '../../src/areas/content/content-cache';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { CLIENT_ID, startSignIn } from './oidc-flow';
import { latestCodeTo, messagesTo } from './outbox-codes';

/** Two-step verification (issue 41, second half): the authenticator app, recovery codes, sign-in, step-up. */
const ctx = useTestApp();
const api = '/authentication-api/api';
const PASSWORD = 'MeridianDemo!2026';

// Only Date is faked: each code is taken 30 seconds after the last, as a member's app would show it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now());
});
afterEach(() => vi.useRealTimers());

const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });
/** The next 30-second step's code, the clock moved on to it. */
async function nextCode(secret: string) {
  vi.setSystemTime(Date.now() + 30_000);
  return codeNow(secret);
}

const userIdOf = async (username: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

async function signedIn(username: string, host = 'localhost') {
  const agent = new BrowserAgent(ctx.app, host);
  const answer = await agent.signIn(username);
  expect(answer.statusCode, answer.body).toBe(200);
  return agent;
}

const post = (agent: BrowserAgent, url: string, payload: object = {}) =>
  agent.request({ method: 'POST', url, payload });

/** Sets up the app for a member and answers the secret (as typed from the page) and the recovery codes. */
async function turnOn(agent: BrowserAgent) {
  const setup = await post(agent, `${api}/account/two-step/setup`);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, qrCodeSvg } = setup.json();
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  expect(qrCodeSvg).toContain('<svg');
  const plain = secret.replaceAll(' ', '');
  const confirmed = await post(agent, `${api}/account/two-step/confirm`, { code: await codeNow(plain) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: plain, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

const passwordStep = (agent: BrowserAgent, username: string) => agent.signIn(username);
const secondFactor = (agent: BrowserAgent, payload: object) =>
  post(agent, `${api}/authentication/login/second-factor`, payload);

describe('setting up the authenticator app', () => {
  it('shows a QR code and the secret once, turns on with a code, gives ten recovery codes and tells the member', async () => {
    const agent = await signedIn('db.deferred');
    const { recoveryCodes } = await turnOn(agent);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const security = (await agent.request({ method: 'GET', url: `${api}/account/security` })).json();
    expect(security.twoStep).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(JSON.stringify(security)).not.toMatch(/secret/i);
    const [row] = await ctx.database.db
      .select()
      .from(twoStepApps)
      .where(eq(twoStepApps.userId, await userIdOf('db.deferred')));
    expect(row!.sealedSecret).not.toMatch(/^[A-Z2-7]{32}$/);

    const again = await post(agent, `${api}/account/two-step/setup`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('two_step_already_on');
    const notices = await messagesTo(ctx.database.db, 'db.deferred@example.org');
    expect(notices.some((message) => message.subject.includes('Two-step verification is on'))).toBe(true);
  });

  it('refuses a wrong code, a malformed one, a confirm with nothing set up and an expired setup, changing nothing', async () => {
    const agent = await signedIn('dc.far');
    const none = await post(agent, `${api}/account/two-step/confirm`, { code: '123456' });
    expect(none.statusCode).toBe(404);
    expect(none.json().errors[0].code).toBe('two_step_setup_not_found');

    const { secret } = (await post(agent, `${api}/account/two-step/setup`)).json();
    const plain = secret.replaceAll(' ', '');
    const right = await codeNow(plain);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(agent, `${api}/account/two-step/confirm`, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('two_step_code_invalid');
    const malformed = await post(agent, `${api}/account/two-step/confirm`, { code: '12ab56' });
    expect(malformed.statusCode).toBe(400);

    await ctx.database.db
      .update(twoStepApps)
      .set({ setupExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoStepApps.userId, await userIdOf('dc.far')));
    const expired = await post(agent, `${api}/account/two-step/confirm`, { code: right });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].code).toBe('two_step_setup_expired');
    const security = (await agent.request({ method: 'GET', url: `${api}/account/security` })).json();
    expect(security.twoStep.enabled).toBe(false);
  });
});

describe('signing in with two-step verification on', () => {
  it('asks for the code after the password, opens a stepped-up session with it, and never takes the same code twice', async () => {
    const { secret } = await turnOn(await signedIn('db.active'));
    const browser = new BrowserAgent(ctx.app);
    const asked = await passwordStep(browser, 'db.active');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(browser.cookies.has('accessToken')).toBe(false);
    const { challenge, fallbackSentTo } = asked.json().secondFactor;
    expect(fallbackSentTo).toBe('d•••@example.org');

    const code = await nextCode(secret);
    const done = await secondFactor(browser, { challenge, method: 'app', code });
    expect(done.statusCode, done.body).toBe(200);
    expect(browser.cookies.has('accessToken')).toBe(true);
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userIdOf('db.active')))
      .orderBy(sql`${sessions.createdAt} desc`)
      .limit(1);
    expect(session!.steppedUpAt).not.toBeNull();
    const stepUp = await browser.request({ method: 'GET', url: '/mdp-api/api/step-up' });
    expect(stepUp.json()).toMatchObject({ fresh: true, authenticatorApp: true });

    const spent = await secondFactor(browser, { challenge, method: 'app', code });
    expect(spent.statusCode).toBe(401);
    expect(spent.json().errors[0].code).toBe('sign_in_challenge_invalid');
    const other = new BrowserAgent(ctx.app);
    const second = (await passwordStep(other, 'db.active')).json().secondFactor.challenge;
    const reused = await secondFactor(other, { challenge: second, method: 'app', code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors[0].code).toBe('two_step_code_invalid');
    expect(other.cookies.has('accessToken')).toBe(false);
  });

  it('takes each recovery code once, and a code sent to the email on file instead', async () => {
    const { recoveryCodes } = await turnOn(await signedIn('db.avc'));
    const first = new BrowserAgent(ctx.app);
    const challenge = (await passwordStep(first, 'db.avc')).json().secondFactor.challenge;
    const typed = recoveryCodes[0]!.toUpperCase().replace('-', ' ');
    const used = await secondFactor(first, { challenge, method: 'recovery', code: typed });
    expect(used.statusCode, used.body).toBe(200);

    const second = new BrowserAgent(ctx.app);
    const again = (await passwordStep(second, 'db.avc')).json().secondFactor.challenge;
    const twice = await secondFactor(second, {
      challenge: again,
      method: 'recovery',
      code: recoveryCodes[0],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].code).toBe('two_step_code_invalid');

    const sent = await post(second, `${api}/authentication/login/second-factor/send-code`, {
      challenge: again,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'email', sentTo: 'd•••@example.org' });
    const code = await latestCodeTo(ctx.database.db, 'db.avc@example.org');
    const done = await secondFactor(second, {
      challenge: again,
      method: 'sent',
      nonce: sent.json().nonce,
      code,
    });
    expect(done.statusCode, done.body).toBe(200);
    const events = await ctx.database.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, await userIdOf('db.avc')));
    expect(
      events
        .filter((event) => event.method === 'two-step')
        .map((event) => event.outcome)
        .sort(),
    ).toEqual(['failed', 'succeeded', 'succeeded']);
  });

  it('pauses codes after five wrong in a row: even the right code is refused, and in parallel none slips through', async () => {
    const { secret } = await turnOn(await signedIn('dc.near'));
    const browser = new BrowserAgent(ctx.app);
    const challenge = (await passwordStep(browser, 'dc.near')).json().secondFactor.challenge;
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        secondFactor(browser, { challenge, method: 'app', code: String(100000 + index) }),
      ),
    );
    const statuses = guesses.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
    const right = await secondFactor(browser, { challenge, method: 'app', code: await nextCode(secret) });
    expect(right.statusCode).toBe(429);
    expect(right.json().errors[0].code).toBe('two_step_paused');
  });

  it('refuses a malformed answer and an unknown challenge with a clear 4xx', async () => {
    const browser = new BrowserAgent(ctx.app);
    const unknown = await secondFactor(browser, { challenge: 'x'.repeat(43), method: 'app', code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errors[0].code).toBe('sign_in_challenge_invalid');
    const malformed = await secondFactor(browser, { challenge: 'x'.repeat(43), method: 'fax', code: '1' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('the embedded provider’s sign-in page', () => {
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  const challengeIn = (page: string) => /name="challenge" value="([^"]+)"/.exec(page)![1]!;

  it('asks for the code after the password, offers the recovery code and the email, and goes on with a right code', async () => {
    const { secret } = await turnOn(await signedIn('second.member', 'bluewater.localhost'));
    const browser = new BrowserAgent(ctx.app, 'bluewater.localhost');
    const { interactionPath, verifier, redirectUri } = await startSignIn(
      browser,
      'http://bluewater.localhost',
    );
    const password = await browser.request({
      method: 'POST',
      url: `${interactionPath}/login`,
      ...form({ username: 'second.member', password: PASSWORD }),
    });
    expect(password.statusCode, password.body).toBe(200);
    expect(password.body).toContain('Enter your code');
    expect(password.body).toContain('Use a recovery code instead');
    // The email and the mobile are both on file, so the page asks which a code should go to.
    expect(password.body).toContain('Email me a code to s•••@example.org');
    expect(password.body).toMatch(/Text me a code to your mobile •••• \d{4}/);
    const challenge = challengeIn(password.body);

    const recovery = await browser.request({
      method: 'POST',
      url: `${interactionPath}/second-factor`,
      ...form({ challenge, intent: 'recovery' }),
    });
    expect(recovery.body).toContain('Recovery code');
    const wrong = await browser.request({
      method: 'POST',
      url: `${interactionPath}/second-factor`,
      ...form({ challenge, intent: 'verify', method: 'app', code: '000000' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('There is a problem');
    const right = await browser.request({
      method: 'POST',
      url: `${interactionPath}/second-factor`,
      ...form({ challenge, intent: 'verify', method: 'app', code: await nextCode(secret) }),
    });
    expect(right.statusCode, right.body).toBe(303);
    // Back at the portal, the session opened from the provider's token counts as a fresh step-up.
    const resume = await browser.request({
      method: 'GET',
      url: new URL(String(right.headers.location)).pathname,
    });
    const callback = new URL(String(resume.headers.location));
    const token = await browser.request({
      method: 'POST',
      url: '/oidc/token',
      ...form({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id: CLIENT_ID,
        code_verifier: verifier,
      }),
    });
    expect(decodeJwt(token.json().id_token).amr).toEqual(['pwd', 'otp']);
    const portal = await post(browser, `${api}/sso/session/create`, { tokenId: token.json().id_token });
    expect(portal.statusCode, portal.body).toBe(200);
    const stepUp = await browser.request({ method: 'GET', url: '/mdp-api/api/step-up' });
    expect(stepUp.json()).toMatchObject({ fresh: true, authenticatorApp: true });
    const forged = await browser.request({
      method: 'POST',
      url: `${interactionPath}/second-factor`,
      ...form({ challenge: 'x'.repeat(43), intent: 'verify', method: 'app', code: '123456' }),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Your sign-in has expired');
  });
});

describe('recovery codes, step-up and turning off', () => {
  it('makes new recovery codes with the password (old ones die), steps up with the app, and turns off with password and code', async () => {
    const agent = await signedIn('db.pensioner');
    const { secret, recoveryCodes } = await turnOn(agent);
    const wrongPassword = await post(agent, `${api}/account/two-step/recovery-codes`, { password: 'nope' });
    expect(wrongPassword.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongPassword.statusCode).toBeLessThan(500);
    const renewed = await post(agent, `${api}/account/two-step/recovery-codes`, { password: PASSWORD });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);

    const stepUp = await post(agent, '/mdp-api/api/step-up/authenticator', { code: await nextCode(secret) });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    expect(stepUp.json().fresh).toBe(true);

    const noPassword = await post(agent, `${api}/account/two-step/off`, { code: recoveryCodes[0] });
    expect(noPassword.statusCode).toBe(400);
    const oldCode = await post(agent, `${api}/account/two-step/off`, {
      password: PASSWORD,
      code: recoveryCodes[0],
    });
    expect(oldCode.statusCode).toBe(400);
    expect(oldCode.json().errors[0].code).toBe('two_step_code_invalid');
    const off = await post(agent, `${api}/account/two-step/off`, { password: PASSWORD, code: fresh[3] });
    expect(off.statusCode, off.body).toBe(204);
    expect((await new BrowserAgent(ctx.app).signIn('db.pensioner')).statusCode).toBe(200);
    const notices = await messagesTo(ctx.database.db, 'db.pensioner@example.org');
    expect(notices.some((message) => message.subject.includes('New recovery codes'))).toBe(true);
    expect(notices.some((message) => message.subject.includes('Two-step verification is off'))).toBe(true);
  });
});

describe('a tenant that requires two-step verification', () => {
  it('tells the sign-in to set it up first, refuses every other member call until it is on, and refuses turning it off', async () => {
    const [meridian] = await ctx.database.db.select().from(tenants).where(eq(tenants.tenantUrl, 'localhost'));
    const setRequired = async (required: boolean) => {
      await ctx.database.db
        .update(tenants)
        .set({ settings: { ...meridian!.settings, ...(required ? { requireTwoStep: true } : {}) } })
        .where(eq(tenants.tenantUrl, 'localhost'));
      clearContentCache(ctx.database.db);
    };
    await setRequired(true);
    try {
      const agent = new BrowserAgent(ctx.app);
      const first = await agent.signIn('db.retiring');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().twoStepSetupRequired).toBe(true);
      const get = (url: string) => agent.request({ method: 'GET', url });
      for (const url of ['/mdp-api/api/step-up', '/mdp-api/api/members/personal-details']) {
        const refused = await get(url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().errors[0].code).toBe('two_step_setup_required');
      }
      const code = await agent.request({ method: 'POST', url: '/mdp-api/api/step-up/code' });
      expect(code.json().errors[0].code).toBe('two_step_setup_required');
      expect((await agent.request({ method: 'POST', url: '/mdp-api/initialize' })).statusCode).toBe(204);
      expect((await get(`${api}/account/security`)).statusCode).toBe(200);
      expect((await get(`${api}/sso/session`)).statusCode).toBe(200);
      const key = await get('/mdp-api/api/content/access-key?tenantUrl=localhost');
      expect(key.statusCode, key.body).toBe(200);
      const { secret } = await turnOn(agent);
      expect((await get('/mdp-api/api/step-up')).statusCode).toBe(200);
      expect(
        (await agent.request({ method: 'GET', url: `${api}/account/security` })).json().twoStep.required,
      ).toBe(true);
      const off = await post(agent, `${api}/account/two-step/off`, {
        password: PASSWORD,
        code: await nextCode(secret),
      });
      expect(off.statusCode).toBe(403);
      expect(off.json().errors[0].code).toBe('two_step_required');
    } finally {
      await setRequired(false);
    }
  });
});

describe('refused sign-ins', () => {
  it('lists a sign-in stopped by the per-account limit (a challenge no password alone finishes) among recent sign-ins', async () => {
    const stranger = new BrowserAgent(ctx.app);
    let status = 0;
    let attempts = 0;
    while (attempts < 25 && status !== 202) {
      // From a new address each time: the per-address limit of the route is not what this is about.
      const answer = await stranger.request({
        method: 'POST',
        url: `${api}/authentication/login`,
        payload: { userName: 'linked', password: 'wrong password' },
        remoteAddress: `198.51.100.${attempts + 1}`,
      });
      status = answer.statusCode;
      attempts += 1;
    }
    expect(status).toBe(202);
    const events = await ctx.database.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, await userIdOf('linked')));
    // Every attempt is listed, the refused one too.
    expect(events).toHaveLength(attempts);
    expect(events.filter((event) => event.outcome === 'locked').length).toBeGreaterThan(0);
  });
});
