import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, memberBankAccounts, members, oneTimeCodes, outboxMessages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { latestCodeTo as sharedLatestCodeTo } from './outbox-codes';
import { SoftwareAuthenticator } from './software-authenticator';

const ctx = useTestApp();
const api = '/mdp-api/api/v2/bank-accounts';
const NONCE = 'x-confirmation-nonce';
const ukAccount = { accountName: 'Mrs Margaret Hughes', sortCode: '20-09-15', accountNumber: '41011166' };
const ibanAccount = {
  accountName: 'Iain MacLeod',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bankCountryCode: 'DE',
  currency: 'EUR',
};

async function signedIn(username: string, host = 'localhost') {
  const agent = new BrowserAgent(ctx.app, host);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;
const post = (agent: BrowserAgent, path: string, payload: object, headers: Record<string, string> = {}) =>
  agent.request({ method: 'POST', url: `${api}${path}`, payload, headers });

const latestCodeTo = (recipient: string) => sharedLatestCodeTo(ctx.database.db, recipient);

const currentAccounts = (referenceNumber: string) =>
  ctx.database.db
    .select()
    .from(memberBankAccounts)
    .where(
      and(eq(memberBankAccounts.referenceNumber, referenceNumber), isNull(memberBankAccounts.replacedAt)),
    );

describe('UK bank details', () => {
  it('validates to a masked result, steps up by email and saves the same account', async () => {
    const agent = await signedIn('db.deferred');
    expect((await agent.request({ url: `${api}/current` })).statusCode).toBe(404);

    const checked = await post(agent, '/uk/validate', ukAccount);
    expect(checked.json()).toEqual({
      kind: 'uk',
      accountName: 'Mrs Margaret Hughes',
      sortCode: '20-09-15',
      accountNumber: '•••• 1166',
      iban: null,
      bic: null,
      bankCountryCode: 'GB',
      currency: 'GBP',
    });
    const pending = (await post(agent, '/uk/confirmation/send', ukAccount)).json();
    expect(pending.sentTo).toBe('d•••@example.org');
    const code = await latestCodeTo('db.deferred@example.org');

    const otherAccount = { ...ukAccount, sortCode: '089999', accountNumber: '66374958' };
    const swapped = await post(agent, '/uk/submit', { ...otherAccount, code }, { [NONCE]: pending.nonce });
    expect(codeOf(swapped)).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    expect(await currentAccounts('1000001')).toEqual([]);

    await ctx.database.db.update(oneTimeCodes).set({ sentAt: new Date(Date.now() - 60_000) });
    const again = (await post(agent, '/uk/confirmation/send', ukAccount)).json();
    const saved = await post(
      agent,
      '/uk/submit',
      { ...ukAccount, code: await latestCodeTo('db.deferred@example.org') },
      { [NONCE]: again.nonce },
    );
    expect(saved.json()).toEqual({ status: 'changed', appliesAt: null });
    expect((await agent.request({ url: `${api}/current` })).json()).toMatchObject({
      accountNumber: '•••• 1166',
    });
    const [stored] = await currentAccounts('1000001');
    expect(stored).toMatchObject({ sortCode: '200915', accountNumber: '41011166', currency: 'GBP' });
    const [entry] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bank_account_change'), eq(auditEvents.outcome, 'success')));
    expect(JSON.stringify(entry!.details)).not.toContain('41011166');
    expect(entry!.details).toEqual({
      from: null,
      to: { kind: 'uk', sortCode: '•••• 0915', accountNumber: '•••• 1166', iban: null },
      appliesAt: null,
    });
    const notices = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'db.deferred@example.org'));
    expect(notices.map((notice) => notice.subject)).toContain(
      'Your Meridian Pension Scheme bank details are being changed',
    );
  });

  it('refuses a modulus failure, another holder and a submit without the nonce', async () => {
    const agent = await signedIn('db.avc');
    const failing = await post(agent, '/uk/validate', {
      ...ukAccount,
      accountName: 'Priya Sharma',
      accountNumber: '66374959',
      sortCode: '089999',
    });
    expect(codeOf(failing)).toBe('bank_account_modulus_check_failed');
    const stranger = await post(agent, '/uk/validate', { ...ukAccount, accountName: 'John Smith' });
    expect(codeOf(stranger)).toBe('bank_account_name_mismatch');
    const noNonce = await post(agent, '/uk/submit', {
      ...ukAccount,
      accountName: 'Priya Sharma',
      code: '123456',
    });
    expect(codeOf(noNonce)).toBe('CONFIRMATION_NONCE_REQUIRED_ERROR');
    for (const body of [
      { ...ukAccount, accountName: 'Priya <i>Sharma</i>' },
      { ...ukAccount, accountName: 'Priya Sharma', sortCode: '12345' },
      { ...ukAccount, accountName: `Priya Sharma ${'x'.repeat(40)}` },
    ]) {
      expect((await post(agent, '/uk/validate', body)).statusCode).toBe(400);
    }
    expect(await currentAccounts('1000003')).toEqual([]);
  });
});

describe('IBAN bank details', () => {
  it('replaces the current account, audits both masked and offers countries with their currency', async () => {
    const agent = await signedIn('second.member', 'bluewater.localhost');
    const countries = (await agent.request({ url: `${api}/countries-and-currencies` })).json();
    expect(countries).toContainEqual({
      countryCode: 'DE',
      countryName: 'Germany',
      currencyCode: 'EUR',
      currencyName: 'Euro',
    });
    expect(codeOf(await post(agent, '/iban/validate', { ...ibanAccount, currency: 'GBP' }))).toBe(
      'field_invalid',
    );
    expect(
      codeOf(await post(agent, '/iban/validate', { ...ibanAccount, iban: 'DE88370400440532013000' })),
    ).toBe('field_invalid');
    const pending = (await post(agent, '/iban/confirmation/send', ibanAccount)).json();
    const saved = await post(
      agent,
      '/iban/submit',
      { ...ibanAccount, code: await latestCodeTo('second.member@example.org') },
      { [NONCE]: pending.nonce },
    );
    expect(saved.json()).toEqual({ status: 'changed', appliesAt: null });
    const current = (await agent.request({ url: `${api}/current` })).json();
    expect(current).toMatchObject({ kind: 'iban', iban: '•••• 3000', bic: 'COBADEFFXXX', currency: 'EUR' });
    expect(await currentAccounts('2000001')).toHaveLength(1);
    const [entry] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bank_account_change'), eq(auditEvents.referenceNumber, '2000001')));
    expect(entry!.details).toEqual({
      from: { kind: 'iban', sortCode: null, accountNumber: null, iban: '•••• 5678' },
      to: { kind: 'iban', sortCode: null, accountNumber: null, iban: '•••• 3000' },
      appliesAt: null,
    });
  });
});

describe('a bank change confirmed on the shared step-up', () => {
  const stepUp = '/mdp-api/api/step-up';
  const postTo = (agent: BrowserAgent, url: string, payload: object, headers: Record<string, string> = {}) =>
    agent.request({ method: 'POST', url, payload, headers });
  const accountOf = (accountName: string) => ({ ...ukAccount, accountName });
  const bankCodesTo = async (recipient: string) =>
    (
      await ctx.database.db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.purpose, 'bank-change'), eq(oneTimeCodes.destination, recipient)))
    ).length;

  it('asks for a fresh step-up (428) and keeps nothing, then saves after the member confirms with a passkey, sending no code', async () => {
    const agent = await signedIn('dc.near');
    const account = accountOf('Helen Brooks');
    const unproven = await post(agent, '/uk/submit', account);
    expect(unproven.statusCode).toBe(428);
    expect(codeOf(unproven)).toBe('fresh_step_up_required');
    expect(await currentAccounts('1000005')).toEqual([]);

    // The member's passkey, as the step-up prompt offers it first.
    const authenticator = new SoftwareAuthenticator('localhost', 'http://localhost');
    const registration = (
      await postTo(agent, '/authentication-api/api/account/passkeys/options', {}, {})
    ).json().options;
    const added = await postTo(
      agent,
      '/authentication-api/api/account/passkeys',
      { name: 'Phone', credential: authenticator.register(registration) },
      {},
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await agent.request({ url: stepUp })).json()).toMatchObject({ fresh: false, passkey: true });
    const options = (await postTo(agent, `${stepUp}/passkey/options`, {}, {})).json().options;
    const confirmed = await postTo(
      agent,
      `${stepUp}/passkey`,
      { credential: authenticator.assert(options) },
      {},
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const saved = await post(agent, '/uk/submit', account);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ status: 'changed', appliesAt: null });
    expect(await currentAccounts('1000005')).toMatchObject([
      { sortCode: '200915', accountNumber: '41011166' },
    ]);
    expect(await bankCodesTo('dc.near@example.org')).toBe(0);
    const notices = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'dc.near@example.org'));
    expect(notices.map((notice) => notice.subject)).toContain(
      'Your Meridian Pension Scheme bank details are being changed',
    );
    const [entry] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bank_account_change'), eq(auditEvents.referenceNumber, '1000005')));
    expect(entry).toMatchObject({ outcome: 'success' });
    const [method] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'step_up'), eq(auditEvents.referenceNumber, '1000005')));
    expect(method!.details).toEqual({ method: 'passkey' });

    // Another session of the same member has not confirmed it is them.
    const other = await signedIn('dc.near');
    expect(codeOf(await post(other, '/uk/submit', accountOf('Helen Brooks')))).toBe('fresh_step_up_required');
  });

  it('saves after a step-up code to a settled route; a change already waiting is refused before the step-up is asked', async () => {
    const agent = await signedIn('db.retiring');
    const sent = await postTo(agent, `${stepUp}/code`, {}, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const confirmed = await postTo(
      agent,
      `${stepUp}/confirm`,
      { code: await latestCodeTo('db.retiring@example.org') },
      { [NONCE]: sent.json().nonce },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const account = accountOf('Peter Evans');
    // A bad account is still refused as such.
    expect(codeOf(await post(agent, '/uk/submit', { ...account, accountName: 'John Smith' }))).toBe(
      'bank_account_name_mismatch',
    );
    const saved = await post(agent, '/uk/submit', account);
    expect(saved.json()).toEqual({ status: 'changed', appliesAt: null });

    // With a change waiting (the cooling-off after a contact change), a second is refused first: 409, not 428.
    const later = await signedIn('db.retiring');
    await ctx.database.db
      .update(members)
      .set({ emailChangedAt: new Date() })
      .where(eq(members.referenceNumber, '1000010'));
    const held = await post(agent, '/uk/submit', account);
    expect(held.json()).toMatchObject({ status: 'pending' });
    const second = await post(later, '/uk/submit', account);
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('bank_change_pending');
  });

  it('takes parallel submits on one step-up one after another: one current account, no server error', async () => {
    const agent = await signedIn('db.active');
    const sent = await postTo(agent, `${stepUp}/code`, {}, {});
    const confirmed = await postTo(
      agent,
      `${stepUp}/confirm`,
      { code: await latestCodeTo('db.active@example.org') },
      { [NONCE]: sent.json().nonce },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(agent, '/uk/submit', accountOf('Daniel Okafor'))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(await currentAccounts('1000002')).toHaveLength(1);
  });
});
