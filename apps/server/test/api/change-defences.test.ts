import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditEvents,
  beneficiaries,
  memberBankAccounts,
  members,
  oneTimeCodes,
  outboxMessages,
  pendingBankChanges,
} from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { latestCodeTo as sharedLatestCodeTo, messagesTo as outboxTo } from './outbox-codes';

/**
 * The session-thief attack (change the email, then the bank account) and the races that multiplied
 * codes, accounts and nominations: docs/security.md "Changes a session thief cannot use".
 */
const ctx = useTestApp();
const contacts = '/mdp-api/api/members/current/contacts';
const bank = '/mdp-api/api/v2/bank-accounts';
const nominations = '/mdp-api/api/members/current/beneficiaries';
const NONCE = 'x-confirmation-nonce';
const PASSWORD = 'MeridianDemo!2026';
const DAY = 86_400_000;

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}
const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;
const post = (agent: BrowserAgent, url: string, payload: object, headers: Record<string, string> = {}) =>
  agent.request({ method: 'POST', url, payload, headers });

const messagesTo = (recipient: string) => outboxTo(ctx.database.db, recipient);
const latestCodeTo = (recipient: string) => sharedLatestCodeTo(ctx.database.db, recipient);
const memberRow = async (referenceNumber: string) =>
  (await ctx.database.db.select().from(members).where(eq(members.referenceNumber, referenceNumber)))[0]!;
const currentAccounts = (referenceNumber: string) =>
  ctx.database.db
    .select()
    .from(memberBankAccounts)
    .where(
      and(eq(memberBankAccounts.referenceNumber, referenceNumber), isNull(memberBankAccounts.replacedAt)),
    );
const liveCodes = async (purpose: string, referenceNumber: string) =>
  (
    await ctx.database.db
      .select({ value: count() })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.purpose, purpose),
          eq(oneTimeCodes.referenceNumber, referenceNumber),
          isNull(oneTimeCodes.consumedAt),
        ),
      )
  )[0]!.value;
const endCooldown = () => ctx.database.db.update(oneTimeCodes).set({ sentAt: new Date(Date.now() - 60_000) });

async function changeEmail(agent: BrowserAgent, from: string, to: string) {
  const sent = await post(agent, `${contacts}/email/confirmation/send`, { email: to, password: PASSWORD });
  expect(sent.statusCode).toBe(200);
  const confirmed = await post(
    agent,
    `${contacts}/email/confirmation/confirm`,
    { code: await latestCodeTo(to), currentRouteCode: await latestCodeTo(from) },
    { [NONCE]: sent.json().nonce },
  );
  expect(confirmed.statusCode).toBe(204);
}

describe('an email or mobile change needs the password and the route on file', () => {
  it('refuses a missing or wrong password, sends nothing, and stops guessing after five', async () => {
    const agent = await signedIn('db.active');
    const before = (await ctx.database.db.select().from(outboxMessages)).length;
    const missing = await post(agent, `${contacts}/email/confirmation/send`, { email: 'thief@example.net' });
    expect(missing.statusCode).toBe(400);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await post(agent, `${contacts}/email/confirmation/send`, {
        email: 'thief@example.net',
        password: `guess-${attempt}`,
      });
      expect(codeOf(wrong)).toBe('password_incorrect');
    }
    const locked = await post(agent, `${contacts}/email/confirmation/send`, {
      email: 'thief@example.net',
      password: PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(codeOf(locked)).toBe('password_attempts_exceeded');
    expect((await ctx.database.db.select().from(outboxMessages)).length).toBe(before);
    expect((await memberRow('1000002')).email).toBe('db.active@example.org');
  });

  it('needs the code sent to the address on file as well as the new one', async () => {
    const agent = await signedIn('db.avc');
    const sent = await post(agent, `${contacts}/email/confirmation/send`, {
      email: 'new.avc@example.net',
      password: PASSWORD,
    });
    expect(sent.json()).toMatchObject({
      channel: 'email',
      sentTo: 'n•••@example.net',
      currentRouteSentTo: 'd•••@example.org',
    });
    const [approval] = await messagesTo('db.avc@example.org');
    expect(approval!.subject).toMatch(/Someone asked to change the email address/);
    expect(approval!.body).toContain('n•••@example.net');
    const newOnly = await post(
      agent,
      `${contacts}/email/confirmation/confirm`,
      { code: await latestCodeTo('new.avc@example.net') },
      { [NONCE]: sent.json().nonce },
    );
    expect(codeOf(newOnly)).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    expect((await memberRow('1000003')).email).toBe('db.avc@example.org');
  });
});

describe('a session thief who changed the email cannot redirect the pension', () => {
  it('sends the bank code to a route not just changed, holds the change, tells every old route, and lets it be cancelled', async () => {
    const agent = await signedIn('db.deferred');
    await changeEmail(agent, 'db.deferred@example.org', 'thief@example.net');
    const changed = await memberRow('1000001');
    expect(changed.emailChangedAt).not.toBeNull();

    const account = { accountName: 'M Hughes', sortCode: '20-09-15', accountNumber: '41011166' };
    const sent = await post(agent, `${bank}/uk/confirmation/send`, account);
    expect(sent.json()).toMatchObject({ channel: 'sms', sentTo: 'your mobile •••• 3456' });
    expect((await messagesTo('thief@example.net')).some((message) => /\b\d{6}\b/.test(message.body))).toBe(
      true, // the email-change code only
    );
    const thiefMessagesBefore = (await messagesTo('thief@example.net')).length;
    const submitted = await post(
      agent,
      `${bank}/uk/submit`,
      { ...account, code: await latestCodeTo('+447911123456') },
      { [NONCE]: sent.json().nonce },
    );
    expect(submitted.statusCode).toBe(200);
    const result = submitted.json();
    expect(result.status).toBe('pending');
    const appliesAt = new Date(result.appliesAt).getTime();
    expect(appliesAt - changed.emailChangedAt!.getTime()).toBe(7 * DAY);
    expect(await currentAccounts('1000001')).toEqual([]);
    expect((await agent.request({ url: `${bank}/pending` })).json()).toMatchObject({
      account: { accountNumber: '•••• 1166' },
      appliesAt: result.appliesAt,
    });
    // Every route on file is told: the new email, the mobile and a letter to the postal address.
    expect((await messagesTo('thief@example.net')).length).toBe(thiefMessagesBefore + 1);
    expect((await messagesTo('+447911123456'))[0]!.body).toMatch(/bank details are being changed.*1166/);
    expect((await messagesTo('MER/1000001'))[0]!.body).toMatch(/cancel it in My details/);

    await endCooldown();
    const second = await post(agent, `${bank}/uk/confirmation/send`, {
      ...account,
      accountNumber: '66374958',
      sortCode: '089999',
    });
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('bank_change_pending');

    const cancelled = await agent.request({ method: 'DELETE', url: `${bank}/pending` });
    expect(cancelled.statusCode).toBe(204);
    expect((await agent.request({ url: `${bank}/pending` })).statusCode).toBe(404);
    expect((await messagesTo('MER/1000001'))[0]!.subject).toBe('Your change of bank details was cancelled');
    const again = await agent.request({ method: 'DELETE', url: `${bank}/pending` });
    expect(codeOf(again)).toBe('pending_bank_change_not_found');
  });

  it('applies a held change once its cooling-off has passed, and only once', async () => {
    const agent = await signedIn('db.retiring');
    await changeEmail(agent, 'db.retiring@example.org', 'retiring.new@example.net');
    await ctx.database.db
      .update(members)
      .set({ emailChangedAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(members.referenceNumber, '1000010'));
    const account = { accountName: 'P Evans', sortCode: '20-09-15', accountNumber: '41011166' };
    // Changed 10 days ago: still inside the 30 days in which that address cannot receive a bank code.
    const sent = await post(agent, `${bank}/uk/confirmation/send`, account);
    expect(sent.json().channel).not.toBe('email');
    await ctx.database.db.insert(pendingBankChanges).values({
      businessGroup: 'MER',
      referenceNumber: '1000010',
      account: { kind: 'uk', ...account, sortCode: '200915' },
      appliesAt: new Date(Date.now() - 1000),
    });
    const reads = await Promise.all(
      Array.from({ length: 5 }, () => agent.request({ url: `${bank}/current` })),
    );
    expect(reads.every((read) => read.statusCode === 200)).toBe(true);
    expect(await currentAccounts('1000010')).toHaveLength(1);
    expect((await messagesTo('retiring.new@example.net'))[0]!.subject).toBe(
      'Your new bank details are now in use',
    );
  });

  it('sends the code by post when no email or mobile is settled, and refuses when every route changed lately', async () => {
    const agent = await signedIn('dc.near');
    await changeEmail(agent, 'dc.near@example.org', 'dc.new@example.net');
    const account = { accountName: 'H Brooks', sortCode: '20-09-15', accountNumber: '41011166' };
    const byPost = await post(agent, `${bank}/uk/confirmation/send`, {
      ...account,
      accountName: (await memberRow('1000005')).surname,
    });
    expect(byPost.json()).toMatchObject({ channel: 'post' });
    expect(new Date(byPost.json().expiresAt).getTime() - Date.now()).toBeGreaterThan(13 * DAY);
    expect((await messagesTo('MER/1000005'))[0]!.body).toMatch(
      /code to confirm the change to your bank details is \d{6}/,
    );

    await ctx.database.db
      .update(members)
      .set({ addressChangedAt: new Date() })
      .where(eq(members.referenceNumber, '1000005'));
    await ctx.database.db
      .update(oneTimeCodes)
      .set({ sentAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(oneTimeCodes.referenceNumber, '1000005'));
    const nowhere = await post(agent, `${bank}/uk/confirmation/send`, {
      ...account,
      accountName: (await memberRow('1000005')).surname,
    });
    expect(nowhere.statusCode).toBe(409);
    expect(codeOf(nowhere)).toBe('no_stable_contact_route');
  });
});

describe('a code whose route changed after it was sent', () => {
  it('is refused, and nothing changes', async () => {
    const agent = await signedIn('linked');
    const account = { accountName: 'A Morgan', sortCode: '20-09-15', accountNumber: '41011166' };
    const sent = await post(agent, `${bank}/uk/confirmation/send`, account);
    expect(sent.json()).toMatchObject({ channel: 'email' });
    const code = await latestCodeTo('linked@example.org');
    // The email address changes after the code went there (as a thief holding the session might).
    await ctx.database.db
      .update(members)
      .set({ email: 'elsewhere@example.net', emailChangedAt: new Date() })
      .where(eq(members.referenceNumber, '1000007'));
    const submitted = await post(
      agent,
      `${bank}/uk/submit`,
      { ...account, code },
      { [NONCE]: sent.json().nonce },
    );
    expect(submitted.statusCode).toBe(409);
    expect(codeOf(submitted)).toBe('code_route_changed');
    expect(await currentAccounts('1000007')).toEqual([]);
    expect(await liveCodes('bank-change', '1000007')).toBe(1);
  });
});

describe('codes, accounts and nominations that cannot multiply', () => {
  it('leaves one live code from 50 parallel sends and one current account from 50 parallel submits', async () => {
    const agent = await signedIn('db.pensioner');
    const account = {
      accountName: (await memberRow('1000004')).surname,
      sortCode: '20-09-15',
      accountNumber: '41011166',
    };
    const sends = await Promise.all(
      Array.from({ length: 50 }, () => post(agent, `${bank}/uk/confirmation/send`, account)),
    );
    const statuses = sends.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(49);
    expect(await liveCodes('bank-change', '1000004')).toBe(1);

    const nonce = sends.find((response) => response.statusCode === 200)!.json().nonce;
    const code = await latestCodeTo('db.pensioner@example.org');
    const submits = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(agent, `${bank}/uk/submit`, { ...account, code }, { [NONCE]: nonce }),
      ),
    );
    expect(submits.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(submits.every((response) => response.statusCode < 500)).toBe(true);
    const current = await currentAccounts('1000004');
    expect(current).toHaveLength(1);
    expect(current[0]!.accountNumber).toBe('41011166');
  });

  it('keeps one active nomination from 50 parallel saves', async () => {
    const agent = await signedIn('dc.far');
    const list = {
      beneficiaries: [
        {
          kind: 'person',
          relationship: 'Child',
          forenames: 'Ana',
          surname: 'Nowak',
          dateOfBirth: '1990-02-03',
          lumpSumPercentage: 100,
          isPensionBeneficiary: true,
          address: { line1: '1 High Street', postCode: 'CF10 1AA', countryCode: 'GB' },
        },
      ],
    };
    const sent = await post(agent, `${nominations}/confirmation/send`, list);
    expect(sent.statusCode).toBe(200);
    const code = await latestCodeTo('dc.far@example.org');
    const saves = await Promise.all(
      Array.from({ length: 50 }, () =>
        agent.request({
          method: 'PUT',
          url: nominations,
          payload: { ...list, code },
          headers: { [NONCE]: sent.json().nonce },
        }),
      ),
    );
    expect(saves.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(saves.every((response) => response.statusCode < 500)).toBe(true);
    const active = await ctx.database.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.referenceNumber, '1000006'), isNull(beneficiaries.revokedAt)));
    expect(active).toHaveLength(1);
  });
});

describe('an address saved again unchanged', () => {
  it('writes nothing, audits nothing and still answers the address', async () => {
    const agent = await signedIn('linked');
    const current = (await agent.request({ url: `${contacts}/address` })).json();
    const auditsBefore = (await ctx.database.db.select().from(auditEvents)).length;
    const saved = await agent.request({ method: 'PUT', url: `${contacts}/address`, payload: current });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(current);
    expect((await ctx.database.db.select().from(auditEvents)).length).toBe(auditsBefore);
    expect((await memberRow('1000007')).addressChangedAt).toBeNull();
  });
});
