import { eq } from 'drizzle-orm';
import { addMonths, utcDay } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import { auditEvents, outboxMessages, registrations, users } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import {
  addMemberToRegister,
  codeIn,
  confirmRegistration as confirm,
  registrationUrls,
  samDetails,
} from './registration-setup';

const ctx = useTestApp();
const start = registrationUrls.start;
const details = (overrides: Record<string, string> = {}) =>
  samDetails({ insuranceNumber: 'qq 12 34 56 b', ...overrides });

const messagesTo = (recipient: string) =>
  ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
/** The account's email: the one on the member's record when the code went by email, else '' (no address to trust). */
const emailOf = async (username: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0]!.email;
async function latestCodeTo(recipient: string) {
  const messages = await messagesTo(recipient);
  return codeIn(messages.at(-1)!.body);
}

const addMember = (referenceNumber: string, contact: { email?: string; mobilePhone?: string }) =>
  addMemberToRegister(ctx.database.db, {
    referenceNumber,
    forenames: 'Alex',
    surname: 'Reed',
    dateOfBirth: '1970-05-04',
    insuranceNumber: `QQ${referenceNumber.slice(-6)}A`,
    ...contact,
  });

describe('registration of a portal account for an existing member record', () => {
  it('answers alike whether the details match nothing, a registered member or a member to register', async () => {
    const agent = new BrowserAgent(ctx.app);
    const noMatch = await agent.request({
      method: 'POST',
      url: start,
      payload: details({ dateOfBirth: '1970-01-01' }),
    });
    const registered = await agent.request({
      method: 'POST',
      url: start,
      payload: details({
        referenceNumber: '1000002',
        insuranceNumber: 'CE234567D',
        dateOfBirth: addMonths(utcDay(new Date()), -(40 * 12 + 5)),
      }),
    });
    for (const response of [noMatch, registered]) {
      expect(response.statusCode).toBe(201);
      expect(Object.keys(response.json())).toEqual(['registrationId']);
    }
    const madeUp = await confirm(agent, { registrationId: noMatch.json().registrationId, code: '123456' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().errors[0].code).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    const told = await messagesTo('db.active@example.org');
    expect(told.at(-1)!.body).toMatch(/already have one/);
    expect(told.at(-1)!.body).not.toMatch(/\b\d{6}\b/);

    const invalid = await agent.request({ method: 'POST', url: start, payload: { referenceNumber: 'abc' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((error: { field: string }) => error.field)).toEqual(
      expect.arrayContaining(['body.referenceNumber', 'body.dateOfBirth', 'body.insuranceNumber']),
    );
  });

  it('sends the code to the email on the record, never to an address the caller types', async () => {
    const agent = new BrowserAgent(ctx.app);
    const started = await agent.request({
      method: 'POST',
      url: start,
      payload: { ...details(), email: 'attacker@example.net' },
    });
    expect(started.statusCode).toBe(201);
    expect(await messagesTo('attacker@example.net')).toHaveLength(0);
    expect((await messagesTo('sam.patel@example.org')).at(-1)!.channel).toBe('email');
  });

  it('tells the demo the seeded details that register the member without an account', async () => {
    const hint = await new BrowserAgent(ctx.app).request({ url: '/api/dev/unregistered-member' });
    expect(hint.statusCode).toBe(200);
    expect(hint.json()).toEqual({ ...samDetails(), email: 'sam.patel@example.org' });
  });

  it('texts the code to a member with only a mobile number on record', async () => {
    const member = await addMember('1000801', { mobilePhone: '+447700900801' });
    const agent = new BrowserAgent(ctx.app);
    const started = await agent.request({ method: 'POST', url: start, payload: member });
    const [text] = await messagesTo('+447700900801');
    expect(text!.channel).toBe('sms');
    const created = await confirm(agent, {
      registrationId: started.json().registrationId,
      code: codeIn(text!.body),
      username: 'alex.texted',
    });
    expect(created.statusCode).toBe(201);
    expect(await emailOf('alex.texted')).toBe('');
  });

  it('queues an activation letter for a member with neither, whose link leads back to the code step', async () => {
    const member = await addMember('1000802', {});
    const agent = new BrowserAgent(ctx.app);
    const started = await agent.request({ method: 'POST', url: start, payload: member });
    expect(Object.keys(started.json())).toEqual(['registrationId']);
    const [letter] = await messagesTo('MER/1000802');
    expect(letter!.channel).toBe('post');
    expect(letter!.body).toContain(`/register?registration=${started.json().registrationId}`);
    const created = await confirm(agent, {
      registrationId: started.json().registrationId,
      code: codeIn(letter!.body),
      username: 'alex.posted',
    });
    expect(created.statusCode).toBe(201);
    expect(await emailOf('alex.posted')).toBe('');
    const [audited] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.referenceNumber, '1000802'))
      .orderBy(auditEvents.at);
    expect(audited!.details).toMatchObject({ reason: 'code_sent', channel: 'post' });
  });

  it('refuses wrong codes alike and after five wrong guesses the right one too', async () => {
    const agent = new BrowserAgent(ctx.app);
    const started = await agent.request({ method: 'POST', url: start, payload: details() });
    const code = await latestCodeTo('sam.patel@example.org');
    const wrongCode = code === '111111' ? '222222' : '111111';
    const attempt = (guess: string) =>
      confirm(agent, { registrationId: started.json().registrationId, code: guess, username: 'sam.p' });
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await attempt(wrongCode)).json().errors[0].code).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    }
    expect((await attempt(code)).json().errors[0].code).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
  });

  it('creates an account that can sign in with a password the rule accepts, refusing a weak or personal one and storing nothing; then a new start sends no code', async () => {
    const agent = new BrowserAgent(ctx.app);
    const started = await agent.request({ method: 'POST', url: start, payload: details() });
    const registrationId = started.json().registrationId;
    const code = await latestCodeTo('sam.patel@example.org');
    expect((await confirm(agent, { registrationId, code, username: 'db.active' })).statusCode).toBe(409);
    for (const password of [' '.repeat(12), `  short pass  `]) {
      const refused = await confirm(agent, { registrationId, code, password });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].message).toContain('Password must be 12 characters or more');
    }
    const weakOrPersonal = {
      password1234: 'password_too_weak',
      'patel family garden': 'password_personal',
      'sam.patel rides again': 'password_personal',
      'kept 1000009 forever': 'password_personal',
    };
    for (const [password, reason] of Object.entries(weakOrPersonal)) {
      const refused = await confirm(agent, { registrationId, code, password });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].code).toBe(reason);
    }
    expect(await ctx.database.db.select().from(users).where(eq(users.username, 'sam.patel'))).toEqual([]);
    expect(
      (await ctx.database.db.select().from(registrations).where(eq(registrations.id, registrationId)))[0],
    ).toMatchObject({ confirmedAt: null, failedAttempts: 0 });
    const created = await confirm(agent, { registrationId, code });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ username: 'sam.patel' });
    expect(await emailOf('sam.patel')).toBe('sam.patel@example.org');
    expect((await confirm(agent, { registrationId, code })).statusCode).toBe(400);

    const member = new BrowserAgent(ctx.app);
    expect((await member.signIn('sam.patel', 'a long passphrase 2026')).json()).toMatchObject({
      businessGroup: 'MER',
      referenceNumber: '1000009',
    });
    const again = await agent.request({ method: 'POST', url: start, payload: details() });
    expect(again.statusCode).toBe(201);
    expect((await messagesTo('sam.patel@example.org')).at(-1)!.body).toMatch(/already have one/);
  });
});
