import { addMonths, utcDay } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const samDateOfBirth = () => addMonths(utcDay(new Date()), -(48 * 12 + 6));
const details = (overrides: Record<string, string> = {}) => ({
  referenceNumber: '1000009',
  dateOfBirth: samDateOfBirth(),
  insuranceNumber: 'qq 12 34 56 b',
  email: 'Sam.Patel@example.org',
  ...overrides,
});

async function emailedCode(agent: BrowserAgent) {
  const outbox = await agent.request({ url: '/api/dev/outbox?recipient=sam.patel@example.org' });
  return /\b(\d{6})\b/.exec(outbox.json().messages[0].body)![1]!;
}

describe('registration of a portal account for an existing member record', () => {
  it('refuses details that match no record and a member who already has an account', async () => {
    const agent = new BrowserAgent(ctx.app);
    const wrongBirthday = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/registration/start',
      payload: details({ dateOfBirth: '1970-01-01' }),
    });
    expect(wrongBirthday.statusCode).toBe(400);
    expect(wrongBirthday.json().errors[0].code).toBe('registration_no_match');
    const alreadyRegistered = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/registration/start',
      payload: details({
        referenceNumber: '1000002',
        insuranceNumber: 'CE234567D',
        dateOfBirth: addMonths(utcDay(new Date()), -(40 * 12 + 5)),
      }),
    });
    expect(alreadyRegistered.statusCode).toBe(409);
    expect(alreadyRegistered.json().errors[0].code).toBe('already_registered');
    const invalid = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/registration/start',
      payload: { referenceNumber: 'abc', email: 'not-an-email' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((error: { field: string }) => error.field)).toEqual(
      expect.arrayContaining([
        'body.referenceNumber',
        'body.email',
        'body.dateOfBirth',
        'body.insuranceNumber',
      ]),
    );
  });

  it('expires a code after five wrong guesses, even for the right code', async () => {
    const agent = new BrowserAgent(ctx.app);
    const started = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/registration/start',
      payload: details(),
    });
    const code = await emailedCode(agent);
    const wrongCode = code === '111111' ? '222222' : '111111';
    const attempt = (guess: string) =>
      agent.request({
        method: 'POST',
        url: '/authentication-api/api/registration/confirm',
        payload: {
          registrationId: started.json().registrationId,
          code: guess,
          username: 'sam.p',
          password: 'a long passphrase 2026',
        },
      });
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await attempt(wrongCode)).json().errors[0].code).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    }
    expect((await attempt(code)).json().errors[0].code).toBe('CONFIRMATION_TOKEN_EXPIRED_ERROR');
  });

  it('emails a code, refuses a wrong one, and creates an account that can sign in', async () => {
    const agent = new BrowserAgent(ctx.app);
    const started = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/registration/start',
      payload: details(),
    });
    expect(started.statusCode).toBe(201);
    const { registrationId } = started.json();
    const code = await emailedCode(agent);
    const confirm = (payload: Record<string, string>) =>
      agent.request({
        method: 'POST',
        url: '/authentication-api/api/registration/confirm',
        payload: { registrationId, username: 'sam.patel', password: 'a long passphrase 2026', ...payload },
      });
    const wrong = await confirm({ code: code === '111111' ? '222222' : '111111' });
    expect(wrong.json().errors[0].code).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    const taken = await confirm({ code, username: 'db.active' });
    expect(taken.statusCode).toBe(409);
    const created = await confirm({ code });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ username: 'sam.patel' });
    expect((await confirm({ code })).statusCode).toBe(404);

    const member = new BrowserAgent(ctx.app);
    expect((await member.signIn('sam.patel', 'a long passphrase 2026')).json()).toMatchObject({
      businessGroup: 'MER',
      referenceNumber: '1000009',
    });
  });

  it('refuses a second registration once the member has an account', async () => {
    const agent = new BrowserAgent(ctx.app);
    const again = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/registration/start',
      payload: details(),
    });
    expect(again.statusCode).toBe(409);
  });
});
