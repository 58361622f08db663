import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { auditEvents, passkeyChallenges, passkeys, sessions, users } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { finishSignIn, startSignIn } from './oidc-flow';
import { messagesTo } from './outbox-codes';
import { SoftwareAuthenticator } from './software-authenticator';

/**
 * Passkeys (issue 41): added on Sign-in and security, then signing in with one alone, checked against a
 * software authenticator (a real P-256 key, attestation "none", assertions signed here).
 */
const ctx = useTestApp();
const api = '/authentication-api/api';
const PASSWORD = 'MeridianDemo!2026';
// BrowserAgent talks to host "localhost" over plain HTTP: the relying party of this machine.
const RP_ID = 'localhost';
const ORIGIN = 'http://localhost';

const userIdOf = async (username: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  const answer = await agent.signIn(username);
  expect(answer.statusCode, answer.body).toBe(200);
  return agent;
}

const post = (agent: BrowserAgent, url: string, payload: object = {}) =>
  agent.request({ method: 'POST', url, payload });

/** Adds a passkey from a new software authenticator to a signed-in member's account. */
async function addPasskey(agent: BrowserAgent, name = 'My phone') {
  const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
  const started = await post(agent, `${api}/account/passkeys/options`);
  expect(started.statusCode, started.body).toBe(200);
  const added = await post(agent, `${api}/account/passkeys`, {
    name,
    credential: authenticator.register(started.json().options),
  });
  expect(added.statusCode, added.body).toBe(201);
  return { authenticator, passkey: added.json() as { id: string; name: string } };
}

const signInOptions = async (agent: BrowserAgent) => {
  const answer = await post(agent, `${api}/authentication/login/passkey/options`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().options as { challenge: string; rpId: string; userVerification: string };
};

const rowOf = async (credentialId: string) =>
  (await ctx.database.db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)))[0];

const codeOf = (answer: { json: () => { errors: { code: string }[] } }) => answer.json().errors[0]!.code;

/** The member's Recent sign-ins made with a passkey, newest first. */
const passkeySignInsOf = async (member: BrowserAgent) => {
  const security = await member.request({ method: 'GET', url: `${api}/account/security` });
  return (security.json().recentSignIns as { method: string; outcome: string }[]).filter(
    (event) => event.method === 'Passkey',
  );
};

/** One passkey sign-in that succeeded and, after it, two refused: three more listed, newest first. */
function expectSuccessThenTwoRefusals(listed: { outcome: string }[], listedBefore: number) {
  expect(listed).toHaveLength(listedBefore + 3);
  // The two refusals come first, in either order when they share a millisecond.
  expect(
    listed
      .slice(0, 3)
      .map((event) => event.outcome)
      .sort(),
  ).toEqual(['failed', 'failed', 'succeeded']);
}

describe('adding a passkey', () => {
  it('asks for a discoverable passkey with user verification, keeps it under its name and tells the member', async () => {
    const agent = await signedIn('db.deferred');
    const started = (await post(agent, `${api}/account/passkeys/options`)).json().options;
    expect(started).toMatchObject({
      rp: { id: RP_ID },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const added = await post(agent, `${api}/account/passkeys`, {
      name: '  Work laptop ',
      credential: authenticator.register(started),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const list = (await agent.request({ method: 'GET', url: `${api}/account/passkeys` })).json();
    expect(list.passkeys).toEqual([added.json()]);
    expect(list.stepUpFresh).toBe(false);
    const row = await rowOf(authenticator.id);
    expect(row).toMatchObject({ rpId: RP_ID, counter: 0, transports: ['internal'] });
    const notices = await messagesTo(ctx.database.db, 'db.deferred@example.org');
    expect(notices.some((message) => message.subject.includes('A passkey was added'))).toBe(true);

    // The same answer again: its challenge is spent.
    const again = await post(agent, `${api}/account/passkeys`, {
      name: 'Again',
      credential: authenticator.register(started),
    });
    expect(again.statusCode).toBe(400);
    expect(codeOf(again)).toBe('passkey_challenge_invalid');

    // The next options leave out the passkey already added.
    const next = (await post(agent, `${api}/account/passkeys/options`)).json().options;
    expect(next.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses a wrong origin, no user verification, another session’s challenge and a made-up one, keeping nothing', async () => {
    const agent = await signedIn('dc.far');
    const other = await signedIn('dc.far');
    const userId = await userIdOf('dc.far');
    const attempt = async (payload: (options: { challenge: string }) => object, from = agent) => {
      const { options } = (await post(agent, `${api}/account/passkeys/options`)).json();
      return post(from, `${api}/account/passkeys`, { name: 'Phone', credential: payload(options) });
    };
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);

    const wrongOrigin = await attempt((options) =>
      authenticator.register(options, { origin: 'https://evil.example' }),
    );
    expect(wrongOrigin.statusCode).toBe(400);
    expect(codeOf(wrongOrigin)).toBe('passkey_origin_invalid');

    const unverified = await attempt((options) => authenticator.register(options, { verified: false }));
    expect(unverified.statusCode).toBe(400);
    expect(codeOf(unverified)).toBe('passkey_invalid');

    const otherSession = await attempt((options) => authenticator.register(options), other);
    expect(otherSession.statusCode).toBe(400);
    expect(codeOf(otherSession)).toBe('passkey_challenge_invalid');

    const madeUp = await attempt(() =>
      authenticator.register({ challenge: 'bm90LWEtY2hhbGxlbmdlLW9mLW91cnM' }),
    );
    expect(codeOf(madeUp)).toBe('passkey_challenge_invalid');

    const malformed = await post(agent, `${api}/account/passkeys`, { name: '', credential: { id: 'x' } });
    expect(malformed.statusCode).toBe(400);

    expect(await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, userId))).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with the passkey alone, as both factors: a stepped-up session, last used kept, Passkey in recent sign-ins', async () => {
    const { authenticator, passkey } = await addPasskey(await signedIn('db.active'));
    const browser = new BrowserAgent(ctx.app);
    const options = await signInOptions(browser);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    const done = await post(browser, `${api}/authentication/login/passkey`, {
      credential: authenticator.assert(options, {
        userHandle: Buffer.from(await userIdOf('db.active')).toString('base64url'),
      }),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(browser.cookies.has('accessToken')).toBe(true);
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userIdOf('db.active')))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    expect(session!.steppedUpAt).not.toBeNull();
    const stepUp = await browser.request({ method: 'GET', url: '/mdp-api/api/step-up' });
    expect(stepUp.json()).toMatchObject({ fresh: true });
    const list = (await browser.request({ method: 'GET', url: `${api}/account/passkeys` })).json();
    expect(list.passkeys[0]).toMatchObject({ id: passkey.id });
    expect(list.passkeys[0].lastUsedAt).not.toBeNull();
    expect(list.stepUpFresh).toBe(true);
    const security = (await browser.request({ method: 'GET', url: `${api}/account/security` })).json();
    expect(security.recentSignIns[0]).toMatchObject({ outcome: 'succeeded', method: 'Passkey' });
    expect((await rowOf(authenticator.id))!.counter).toBe(1);
  });

  it('refuses a replayed, wrong-origin, unverified, unknown or counter-going-back answer, changing nothing', async () => {
    const { authenticator } = await addPasskey(await signedIn('db.retiring'));
    const browser = new BrowserAgent(ctx.app);
    const first = await signInOptions(browser);
    const answer = authenticator.assert(first);
    expect(
      (await post(browser, `${api}/authentication/login/passkey`, { credential: answer })).statusCode,
    ).toBe(200);
    const kept = await rowOf(authenticator.id);
    const signIn = (credential: object) =>
      post(new BrowserAgent(ctx.app), `${api}/authentication/login/passkey`, { credential });

    const replayed = await signIn(answer);
    expect(replayed.statusCode).toBe(400);
    expect(codeOf(replayed)).toBe('passkey_challenge_invalid');

    const wrongOrigin = await signIn(
      authenticator.assert(await signInOptions(browser), {
        origin: 'https://portal.example.org',
        counter: 9,
      }),
    );
    expect(codeOf(wrongOrigin)).toBe('passkey_origin_invalid');

    const unverified = await signIn(
      authenticator.assert(await signInOptions(browser), { verified: false, counter: 9 }),
    );
    expect(unverified.statusCode).toBe(400);
    expect(codeOf(unverified)).toBe('passkey_invalid');

    const backwards = await signIn(authenticator.assert(await signInOptions(browser), { counter: 1 }));
    expect(backwards.statusCode).toBe(400);
    expect(codeOf(backwards)).toBe('passkey_counter_invalid');

    const stranger = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const unknown = await signIn(stranger.assert(await signInOptions(browser)));
    expect(unknown.statusCode).toBe(400);
    expect(codeOf(unknown)).toBe('passkey_unknown');

    // A challenge made for adding a passkey does not sign anyone in.
    const member = await signedIn('db.retiring');
    const registration = (await post(member, `${api}/account/passkeys/options`)).json().options;
    const crossed = await signIn(authenticator.assert(registration, { counter: 9 }));
    expect(codeOf(crossed)).toBe('passkey_challenge_invalid');

    const forged = await signIn({
      ...authenticator.assert(await signInOptions(browser), { counter: 9 }),
      response: {
        ...authenticator.assert(await signInOptions(browser), { counter: 9 }).response,
        signature: Buffer.alloc(70, 1).toString('base64url'),
      },
    });
    expect(forged.statusCode).toBe(400);

    expect(await rowOf(authenticator.id)).toEqual(kept);
    const spent = await ctx.database.db.select().from(passkeyChallenges);
    expect(spent.every((row) => row.usedAt !== null || row.expiresAt > new Date())).toBe(true);
  });
});

describe('failed passkey sign-ins', () => {
  it('show a forged signature and a counter going back in the owner’s Recent sign-ins as failed, audited with the owner; an unknown passkey names nobody', async () => {
    // db.retiring's passkey sign-ins of the test before are listed already; those this one adds are counted.
    const member = await signedIn('db.retiring');
    const owner = await userIdOf('db.retiring');
    const { authenticator } = await addPasskey(member, 'Work laptop');
    const passkeySignIns = () => passkeySignInsOf(member);
    const listedBefore = (await passkeySignIns()).length;
    const browser = new BrowserAgent(ctx.app);
    const signIn = (credential: object) =>
      post(new BrowserAgent(ctx.app), `${api}/authentication/login/passkey`, { credential });
    const failedAudits = async () =>
      (
        await ctx.database.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'sign_in'), eq(auditEvents.outcome, 'failure')))
      ).filter((row) => row.details.method === 'passkey');
    const before = await failedAudits();

    expect((await signIn(authenticator.assert(await signInOptions(browser)))).statusCode).toBe(200);
    const answer = authenticator.assert(await signInOptions(browser), { counter: 5 });
    const forged = await signIn({
      ...answer,
      response: { ...answer.response, signature: Buffer.alloc(70, 1).toString('base64url') },
    });
    expect(forged.statusCode).toBe(400);
    expect(codeOf(forged)).toBe('passkey_invalid');
    const backwards = await signIn(authenticator.assert(await signInOptions(browser), { counter: 1 }));
    expect(codeOf(backwards)).toBe('passkey_counter_invalid');
    const stranger = new SoftwareAuthenticator(RP_ID, ORIGIN);
    expect(codeOf(await signIn(stranger.assert(await signInOptions(browser))))).toBe('passkey_unknown');

    const listed = await passkeySignIns();
    expectSuccessThenTwoRefusals(listed, listedBefore);
    const audited = (await failedAudits()).filter((row) => !before.some((earlier) => earlier.id === row.id));
    expect(audited.map((row) => ({ userId: row.userId, reason: row.details.reason }))).toEqual(
      expect.arrayContaining([
        { userId: owner, reason: 'passkey_invalid' },
        { userId: owner, reason: 'passkey_counter_invalid' },
        { userId: null, reason: 'passkey_unknown' },
      ]),
    );
    expect(audited).toHaveLength(3);
  });
});

describe('renaming and removing a passkey', () => {
  it('renames and removes the member’s own passkey only, removing with the password or a fresh step-up', async () => {
    const owner = await signedIn('db.pensioner');
    const { authenticator, passkey } = await addPasskey(owner, 'Old name');
    const stranger = await signedIn('dc.far');

    const theirs = await stranger.request({
      method: 'PUT',
      url: `${api}/account/passkeys/${passkey.id}`,
      payload: { name: 'Mine now' },
    });
    expect(theirs.statusCode).toBe(404);
    const theirRemoval = await post(stranger, `${api}/account/passkeys/${passkey.id}/remove`, {
      password: PASSWORD,
    });
    expect(theirRemoval.statusCode).toBe(404);

    const renamed = await owner.request({
      method: 'PUT',
      url: `${api}/account/passkeys/${passkey.id}`,
      payload: { name: 'Kitchen tablet' },
    });
    expect(renamed.statusCode, renamed.body).toBe(204);
    const tooLong = await owner.request({
      method: 'PUT',
      url: `${api}/account/passkeys/${passkey.id}`,
      payload: { name: 'x'.repeat(61) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await rowOf(authenticator.id))!.name).toBe('Kitchen tablet');

    const noProof = await post(owner, `${api}/account/passkeys/${passkey.id}/remove`);
    expect(noProof.statusCode).toBe(428);
    expect(codeOf(noProof)).toBe('fresh_step_up_required');
    const wrongPassword = await post(owner, `${api}/account/passkeys/${passkey.id}/remove`, {
      password: 'not my password at all',
    });
    expect(wrongPassword.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongPassword.statusCode).toBeLessThan(500);
    expect(await rowOf(authenticator.id)).toBeDefined();

    const removed = await post(owner, `${api}/account/passkeys/${passkey.id}/remove`, { password: PASSWORD });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await rowOf(authenticator.id)).toBeUndefined();
    const notices = await messagesTo(ctx.database.db, 'db.pensioner@example.org');
    expect(notices.some((message) => message.subject.includes('A passkey was removed'))).toBe(true);

    const browser = new BrowserAgent(ctx.app);
    const gone = await post(browser, `${api}/authentication/login/passkey`, {
      credential: authenticator.assert(await signInOptions(browser)),
    });
    expect(codeOf(gone)).toBe('passkey_unknown');
  });

  it('removes without the password in a session that signed in with a passkey (a fresh step-up)', async () => {
    const { authenticator, passkey } = await addPasskey(await signedIn('linked'));
    const { passkey: second } = await addPasskey(await signedIn('linked'), 'Spare key');
    const browser = new BrowserAgent(ctx.app);
    const done = await post(browser, `${api}/authentication/login/passkey`, {
      credential: authenticator.assert(await signInOptions(browser)),
    });
    expect(done.statusCode, done.body).toBe(200);
    const removed = await post(browser, `${api}/account/passkeys/${second.id}/remove`);
    expect(removed.statusCode, removed.body).toBe(204);
    const left = (await browser.request({ method: 'GET', url: `${api}/account/passkeys` })).json().passkeys;
    expect(left.map((row: { id: string }) => row.id)).toEqual([passkey.id]);
  });
});

describe('confirming it is you with a passkey (step-up)', () => {
  const stepUp = '/mdp-api/api/step-up';
  const stepUpOptions = async (agent: BrowserAgent) => {
    const answer = await post(agent, `${stepUp}/passkey/options`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().options as {
      challenge: string;
      rpId: string;
      userVerification: string;
      allowCredentials: Array<{ id: string }>;
    };
  };
  const statusOf = async (agent: BrowserAgent) =>
    (await agent.request({ url: stepUp })).json() as { fresh: boolean; passkey?: boolean };

  it('offers the member’s passkeys with user verification required and, answered, makes this session fresh for 15 minutes', async () => {
    const agent = await signedIn('dc.near');
    const { authenticator } = await addPasskey(agent);
    expect(await statusOf(agent)).toMatchObject({ fresh: false, passkey: true });
    const options = await stepUpOptions(agent);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([authenticator.id]);

    const done = await post(agent, `${stepUp}/passkey`, { credential: authenticator.assert(options) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().fresh).toBe(true);
    const minutes = (new Date(done.json().freshUntil).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(await statusOf(agent)).toMatchObject({ fresh: true });
    expect((await rowOf(authenticator.id))!.counter).toBe(1);
  });

  it('refuses a replayed answer, another session’s or a sign-in’s challenge, another member’s passkey and no user verification, leaving the session not fresh', async () => {
    const owner = await signedIn('db.avc');
    const { authenticator } = await addPasskey(owner);
    const other = await signedIn('db.avc');
    const userId = await userIdOf('db.avc');
    const sessionRows = () => ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    const confirm = (agent: BrowserAgent, credential: object) =>
      post(agent, `${stepUp}/passkey`, { credential });

    // Answered once in the owner's session; the same answer again is refused in either session.
    const first = authenticator.assert(await stepUpOptions(owner));
    expect((await confirm(owner, first)).statusCode).toBe(200);
    const replayed = await confirm(owner, first);
    expect(replayed.statusCode).toBe(400);
    expect(codeOf(replayed)).toBe('passkey_challenge_invalid');
    expect(codeOf(await confirm(other, first))).toBe('passkey_challenge_invalid');

    // A challenge made for one session is not the other's, even for the same member and passkey.
    const forOwner = authenticator.assert(await stepUpOptions(owner));
    const stolen = await confirm(other, forOwner);
    expect(stolen.statusCode).toBe(400);
    expect(codeOf(stolen)).toBe('passkey_challenge_invalid');
    // A sign-in's challenge does not step up a session.
    expect(codeOf(await confirm(other, authenticator.assert(await signInOptions(other))))).toBe(
      'passkey_challenge_invalid',
    );
    // Another member's passkey answering this session's challenge.
    const { authenticator: strangers } = await addPasskey(await signedIn('db.retiring'));
    const notTheirs = await confirm(other, strangers.assert(await stepUpOptions(other)));
    expect(notTheirs.statusCode).toBe(400);
    expect(codeOf(notTheirs)).toBe('passkey_unknown');
    const unverified = await confirm(
      other,
      authenticator.assert(await stepUpOptions(other), { verified: false }),
    );
    expect(unverified.statusCode).toBe(400);
    expect(codeOf(unverified)).toBe('passkey_invalid');
    expect((await confirm(other, { id: 'x' })).statusCode).toBe(400);

    expect(await statusOf(other)).toMatchObject({ fresh: false });
    const steppedUp = (await sessionRows()).filter((row) => row.steppedUpAt !== null);
    expect(steppedUp).toHaveLength(1);
    const challenges = await ctx.database.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.purpose, 'step-up'));
    expect(challenges.every((row) => row.sessionId !== null)).toBe(true);
  });

  it('answers 409 no_passkey to a member without one, who confirms with a code instead', async () => {
    const agent = await signedIn('dc.far');
    expect(await statusOf(agent)).toMatchObject({ passkey: false });
    const refused = await post(agent, `${stepUp}/passkey/options`);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('no_passkey');
  });
});

describe('signing in with a passkey on the embedded OpenID provider’s page', () => {
  const formOf = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  const providerOptions = async (agent: BrowserAgent, interactionPath: string) => {
    const answer = await post(agent, `${interactionPath}/passkey/options`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().options as { challenge: string; rpId: string; userVerification: string };
  };
  const answerOnPage = (agent: BrowserAgent, interactionPath: string, credential: string) =>
    agent.request({ method: 'POST', url: `${interactionPath}/passkey`, ...formOf({ credential }) });

  it('offers Use a passkey, and the passkey alone finishes the sign-in with both factors in its amr', async () => {
    const { authenticator } = await addPasskey(await signedIn('linked'), 'Provider key');
    const browser = new BrowserAgent(ctx.app);
    const { interactionPath, verifier, redirectUri } = await startSignIn(browser);
    const page = await browser.request({ url: interactionPath });
    expect(page.body).toContain('Sign in with a passkey');
    expect(page.body).toContain('>Use a passkey</button>');
    const options = await providerOptions(browser, interactionPath);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });

    const done = await answerOnPage(browser, interactionPath, JSON.stringify(authenticator.assert(options)));
    expect(done.statusCode, done.body).toBe(303);
    const tokens = await finishSignIn(browser, done.headers.location, { verifier, redirectUri });
    const claims = decodeJwt(tokens.id_token);
    expect(claims.sub).toBe(await userIdOf('linked'));
    expect(claims.amr).toEqual(['hwk', 'mfa']);
    expect((await rowOf(authenticator.id))!.lastUsedAt).not.toBeNull();
    // Its ID token names the live provider sign-in (`sid`), so the portal opens a session from it.
    expect(typeof claims.sid).toBe('string');
    const portal = await post(browser, `${api}/sso/session/create`, { tokenId: tokens.id_token });
    expect(portal.statusCode, portal.body).toBe(200);
  });

  it('refuses a replayed answer, the portal’s own challenge, another sign-in page’s challenge and an empty answer, in words on the page', async () => {
    const { authenticator } = await addPasskey(await signedIn('db.pensioner'), 'Provider key');
    const browser = new BrowserAgent(ctx.app);
    const first = await startSignIn(browser);
    const answer = JSON.stringify(
      authenticator.assert(await providerOptions(browser, first.interactionPath)),
    );
    expect((await answerOnPage(browser, first.interactionPath, answer)).statusCode).toBe(303);
    const counter = (await rowOf(authenticator.id))!.counter;

    const refusedOn = async (credential: string, code: string) => {
      const agent = new BrowserAgent(ctx.app);
      const { interactionPath } = await startSignIn(agent);
      // This page has live options of its own: the answer still has to sign them.
      await providerOptions(agent, interactionPath);
      const page = await answerOnPage(agent, interactionPath, credential);
      expect(page.statusCode, code).toBe(400);
      expect(page.body).toContain('There is a problem');
      expect(page.body).toContain('href="#passkey"');
      return page;
    };
    const replayed = await refusedOn(answer, 'replayed');
    expect(replayed.body).toContain('This passkey request has expired or was already used');
    const portalChallenge = JSON.stringify(
      authenticator.assert(await signInOptions(browser), { counter: 50 }),
    );
    await refusedOn(portalChallenge, 'portal challenge');
    // Options made for one sign-in page, answered on another.
    const elsewhere = new BrowserAgent(ctx.app);
    const { interactionPath: otherPage } = await startSignIn(elsewhere);
    const fromOtherPage = JSON.stringify(
      authenticator.assert(await providerOptions(elsewhere, otherPage), { counter: 60 }),
    );
    await refusedOn(fromOtherPage, 'another page');
    const empty = await refusedOn('', 'empty');
    expect(empty.body).toContain('Your passkey was not used');
    expect((await rowOf(authenticator.id))!.counter).toBe(counter);
  });

  it('lists a forged signature and a counter going back on this page in the owner’s Recent sign-ins as failed, audited with the owner', async () => {
    const member = await signedIn('dc.near');
    const owner = await userIdOf('dc.near');
    const { authenticator } = await addPasskey(member, 'Provider key');
    const passkeySignIns = () => passkeySignInsOf(member);
    const failedAudits = async () =>
      (
        await ctx.database.db
          .select()
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.action, 'oidc_sign_in'),
              eq(auditEvents.outcome, 'failure'),
              eq(auditEvents.userId, owner),
            ),
          )
      ).map((row) => row.details.reason);
    const listedBefore = (await passkeySignIns()).length;
    const onPage = async (answer: (options: { challenge: string }) => object) => {
      const agent = new BrowserAgent(ctx.app);
      const { interactionPath } = await startSignIn(agent);
      const options = await providerOptions(agent, interactionPath);
      return answerOnPage(agent, interactionPath, JSON.stringify(answer(options)));
    };

    expect((await onPage((options) => authenticator.assert(options, { counter: 5 }))).statusCode).toBe(303);
    const forged = await onPage((options) => {
      const answer = authenticator.assert(options, { counter: 6 });
      return {
        ...answer,
        response: { ...answer.response, signature: Buffer.alloc(70, 1).toString('base64url') },
      };
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('There is a problem');
    const backwards = await onPage((options) => authenticator.assert(options, { counter: 1 }));
    expect(backwards.statusCode).toBe(400);

    const listed = await passkeySignIns();
    expectSuccessThenTwoRefusals(listed, listedBefore);
    expect((await failedAudits()).sort()).toEqual(['passkey_counter_invalid', 'passkey_invalid']);
    expect((await rowOf(authenticator.id))!.counter).toBe(5);
  });
});
