import { isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { STEP_UP_CODE_WORDS, latestCode } from './journey-submission';

/**
 * Step-up (areas/step-up): a code to a settled contact route proves it is the member again, and the
 * session counts as proven for 15 minutes. A code belongs to the session that asked for it.
 */
const ctx = useTestApp();

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const status = async (agent: BrowserAgent) => (await agent.request({ url: '/mdp-api/api/step-up' })).json();
const sendCode = (agent: BrowserAgent) =>
  agent.request({ method: 'POST', url: '/mdp-api/api/step-up/code', payload: {} });
const confirm = (agent: BrowserAgent, nonce: string, code: string) =>
  agent.request({
    method: 'POST',
    url: '/mdp-api/api/step-up/confirm',
    payload: { code },
    headers: { 'x-confirmation-nonce': nonce },
  });
const codeOf = (response: {
  statusCode: number;
  body: string;
  json: () => { errors: { code: string }[] };
}) => {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json().errors[0]!.code;
};

describe('step-up', () => {
  it('is not fresh at sign-in; a code to the member’s email makes it fresh for 15 minutes', async () => {
    const agent = await signedIn('db.deferred');
    // The email and the mobile on file, both settled: the member may choose where a code goes.
    const codeRoutes = [
      { channel: 'email', sentTo: 'd•••@example.org' },
      { channel: 'sms', sentTo: 'your mobile •••• 3456' },
    ];
    expect(await status(agent)).toEqual({
      fresh: false,
      freshUntil: null,
      authenticatorApp: false,
      passkey: false,
      codeRoutes,
    });
    const pending = await sendCode(agent);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({ channel: 'email', attemptsLeft: 5, currentRouteSentTo: null });
    expect(pending.json().sentTo).toContain('•');
    const before = Date.now();
    const confirmed = await confirm(
      agent,
      pending.json().nonce,
      await latestCode(ctx.database, STEP_UP_CODE_WORDS),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const freshUntil = new Date(confirmed.json().freshUntil).getTime();
    expect(confirmed.json().fresh).toBe(true);
    expect(freshUntil - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(freshUntil - before).toBeLessThanOrEqual(15 * 60_000 + 5000);
    expect(await status(agent)).toEqual({
      ...confirmed.json(),
      authenticatorApp: false,
      passkey: false,
      codeRoutes,
    });
  });

  it('stops counting 15 minutes after it was given', async () => {
    const agent = await signedIn('db.pensioner');
    const pending = (await sendCode(agent)).json();
    await confirm(agent, pending.nonce, await latestCode(ctx.database, STEP_UP_CODE_WORDS));
    // Every session stepped up in this file is taken back 16 minutes.
    await ctx.database.db
      .update(sessions)
      .set({ steppedUpAt: new Date(Date.now() - 16 * 60_000) })
      .where(isNotNull(sessions.steppedUpAt));
    expect((await status(agent)).fresh).toBe(false);
  });

  it('refuses a wrong code, a code without its nonce, and another session’s code, and stays not fresh', async () => {
    const agent = await signedIn('db.active');
    const pending = (await sendCode(agent)).json();
    const code = await latestCode(ctx.database, STEP_UP_CODE_WORDS);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(codeOf(await confirm(agent, pending.nonce, wrong))).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    expect(
      codeOf(await agent.request({ method: 'POST', url: '/mdp-api/api/step-up/confirm', payload: { code } })),
    ).toBe('CONFIRMATION_NONCE_REQUIRED_ERROR');
    expect(codeOf(await confirm(agent, pending.nonce, '12ab56'))).toBe('field_invalid');
    // The same member signed in elsewhere (a thief with a stolen session) cannot spend this session's code.
    const other = await signedIn('db.active');
    expect(codeOf(await confirm(other, pending.nonce, code))).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    expect((await status(other)).fresh).toBe(false);
    expect((await status(agent)).fresh).toBe(false);
  });

  it('asks for a new code no sooner than the cool-down, and refuses the signed out', async () => {
    const agent = await signedIn('dc.far');
    const first = (await sendCode(agent)).json();
    expect(codeOf(await sendCode(agent))).toBe('CONFIRMATION_RESEND_TOO_SOON_ERROR');
    const resent = await agent.request({
      method: 'POST',
      url: '/mdp-api/api/step-up/code/resend',
      payload: {},
      headers: { 'x-confirmation-nonce': first.nonce },
    });
    expect(codeOf(resent)).toBe('CONFIRMATION_RESEND_TOO_SOON_ERROR');
    const visitor = new BrowserAgent(ctx.app);
    expect((await visitor.request({ url: '/mdp-api/api/step-up' })).statusCode).toBe(401);
    expect(
      (await visitor.request({ method: 'POST', url: '/mdp-api/api/step-up/code', payload: {} })).statusCode,
    ).toBe(401);
  });
});
