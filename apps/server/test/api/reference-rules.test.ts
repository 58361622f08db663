import { addDays, addYears, utcDay } from '@meridian/pensions';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validateImport } from '../../src/areas/my-details/member-import';
import { readImportFile } from '../../src/areas/my-details/member-import-file';
import { importMembers } from '../../src/areas/my-details/member-import-store';
import { memberBankAccounts, memberCases, memberJourneys, members, oneTimeCodes } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

// Rules the existing portal's reference states (existing-portal-backend.md), through the API.
const ctx = useTestApp();
const db = () => ctx.database.db;
const deferred = { businessGroup: 'MER', referenceNumber: '1000001' };
const ofRecord = <T extends typeof memberJourneys | typeof memberCases | typeof memberBankAccounts>(
  table: T,
) =>
  and(eq(table.businessGroup, deferred.businessGroup), eq(table.referenceNumber, deferred.referenceNumber));

async function signedIn(username: string, host = 'localhost') {
  const agent = new BrowserAgent(ctx.app, host);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const accessKeyOf = async (agent: BrowserAgent) => {
  const response = await agent.request({
    url: '/mdp-api/api/content/access-key?tenantUrl=localhost',
  });
  expect(response.statusCode).toBe(200);
  return response.json().attributes as {
    journeys: Array<{ type: string; status: string }>;
    hasOpenQuoteRequests: boolean;
    bankAccountOutsideUk: boolean;
    wordingFlags: string[];
  };
};

const step = (pageKey: string, nextPageKey: string, answer: { questionKey: string; answerKey: string }) => ({
  pageKey,
  nextPageKey,
  answer: { ...answer, answerValue: null },
  checkboxesLists: {},
  stepData: {},
  submittedAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

describe('the content access key carries journeys, open quote requests and a bank outside the UK', () => {
  it('has none of them for a member who has done none of them', async () => {
    await db().delete(memberJourneys).where(ofRecord(memberJourneys));
    await db().delete(memberCases).where(ofRecord(memberCases));
    const key = await accessKeyOf(await signedIn('db.deferred'));
    expect(key).toMatchObject({ journeys: [], hasOpenQuoteRequests: false, bankAccountOutsideUk: false });
    expect(key.wordingFlags).not.toContain('OPENQUOTEREQUEST');
    expect(key.wordingFlags).not.toContain('NonUkBankCountry');
  });

  it('names each journey’s type and status and the radio answers on its route, never other answers', async () => {
    await db()
      .insert(memberJourneys)
      .values({
        ...deferred,
        type: 'dbcoreretirementapplication',
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
        steps: [
          step('ra_guidance', 'ra_guidance_date', { questionKey: 'guidance_taken', answerKey: 'yes' }),
          step('ra_guidance_date', 'ra_lump_sum_allowance', {
            questionKey: 'guidance_date',
            answerKey: '2026-01-05',
          }),
        ],
      });
    const agent = await signedIn('db.deferred');
    const started = await accessKeyOf(agent);
    expect(started.journeys).toEqual([{ type: 'dbcoreretirementapplication', status: 'Started' }]);
    expect(started.wordingFlags).toEqual(
      expect.arrayContaining([
        'dbcoreretirementapplication',
        'dbcoreretirementapplication-Started',
        'guidance_taken-yes',
      ]),
    );
    expect(started.wordingFlags.some((flag) => flag.includes('2026-01-05'))).toBe(false);

    await db()
      .update(memberJourneys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(ofRecord(memberJourneys));
    const expired = await accessKeyOf(agent);
    expect(expired.journeys).toEqual([{ type: 'dbcoreretirementapplication', status: 'Expired' }]);
    expect(expired.wordingFlags).toContain('dbcoreretirementapplication-Expired');

    await db()
      .update(memberJourneys)
      .set({ status: 'Submitted', submittedAt: new Date() })
      .where(ofRecord(memberJourneys));
    const submitted = await accessKeyOf(agent);
    expect(submitted.wordingFlags).toContain('dbcoreretirementapplication-Submitted');
    expect(submitted.wordingFlags).not.toContain('dbcoreretirementapplication-Started');
    await db().delete(memberJourneys).where(ofRecord(memberJourneys));
  });

  it('says a quote request is open until the scheme finishes it; other cases do not count', async () => {
    const agent = await signedIn('db.deferred');
    await db()
      .insert(memberCases)
      .values({ ...deferred, caseNumber: 'RTP9-900001', caseType: 'RTP9', title: 'Application' });
    expect((await accessKeyOf(agent)).hasOpenQuoteRequests).toBe(false);
    await db()
      .insert(memberCases)
      .values({
        ...deferred,
        caseNumber: 'RTQ9-900002',
        caseType: 'RTQ9',
        title: 'Quote',
        status: 'In progress',
      });
    const open = await accessKeyOf(agent);
    expect(open.hasOpenQuoteRequests).toBe(true);
    expect(open.wordingFlags).toContain('OPENQUOTEREQUEST');
    await db()
      .update(memberCases)
      .set({ status: 'Completed' })
      .where(eq(memberCases.caseNumber, 'RTQ9-900002'));
    const finished = await accessKeyOf(agent);
    expect(finished.hasOpenQuoteRequests).toBe(false);
    expect(finished.wordingFlags).not.toContain('OPENQUOTEREQUEST');
  });

  it('says when the bank account on file is held outside the UK', async () => {
    const agent = await signedIn('db.deferred');
    await db()
      .update(memberBankAccounts)
      .set({ replacedAt: new Date() })
      .where(and(ofRecord(memberBankAccounts), isNull(memberBankAccounts.replacedAt)));
    await db()
      .insert(memberBankAccounts)
      .values({
        ...deferred,
        kind: 'iban',
        accountName: 'Mr D Member',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bankCountryCode: 'DE',
        currency: 'EUR',
      });
    const abroad = await accessKeyOf(agent);
    expect(abroad.bankAccountOutsideUk).toBe(true);
    expect(abroad.wordingFlags).toContain('NonUkBankCountry');

    await db()
      .update(memberBankAccounts)
      .set({ replacedAt: new Date() })
      .where(and(ofRecord(memberBankAccounts), isNull(memberBankAccounts.replacedAt)));
    await db()
      .insert(memberBankAccounts)
      .values({
        ...deferred,
        kind: 'uk',
        accountName: 'Mr D Member',
        sortCode: '089999',
        accountNumber: '66374958',
        bankCountryCode: 'GB',
        currency: 'GBP',
      });
    const home = await accessKeyOf(agent);
    expect(home.bankAccountOutsideUk).toBe(false);
    expect(home.wordingFlags).not.toContain('NonUkBankCountry');
  });
});

describe('the membership summary', () => {
  const summaryOf = async (username: string) =>
    (
      await (await signedIn(username)).request({ url: '/mdp-api/api/members/current/membership-summary' })
    ).json();

  it('shows the date the member left only for a deferred member', async () => {
    expect((await summaryOf('db.deferred')).dateLeftScheme).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // a pensioner left the scheme too, but their date is the date retired
    await db()
      .update(members)
      .set({ dateLeftScheme: '2020-01-31' })
      .where(eq(members.referenceNumber, '1000004'));
    const pensioner = await summaryOf('db.pensioner');
    expect(pensioner.status).toBe('Pensioner');
    expect(pensioner.dateLeftScheme).toBeNull();
    expect(pensioner.dateRetired).not.toBeNull();
    const active = await summaryOf('db.active');
    expect(active.status).toBe('Active');
    expect(active.dateLeftScheme).toBeNull();
  });
});

describe('the effective date of a scheme that quotes within the application window', () => {
  it('is never after the latest retirement date (Bluewater, 75 within the 90-day window)', async () => {
    const today = utcDay(new Date());
    const seventyFifth = addDays(today, 30);
    await db()
      .update(members)
      .set({ dateOfBirth: addYears(seventyFifth, -75) })
      .where(eq(members.referenceNumber, '2000001'));
    const agent = await signedIn('second.member', 'bluewater.localhost');
    const quote = await agent.request({ url: '/mdp-api/api/v3/retirement/quotes' });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ isCalculationSuccessful: true, effectiveDate: seventyFifth });
  });
});

describe('the member import', () => {
  const record = (overrides: Record<string, unknown>) => ({
    referenceNumber: '2000901',
    schemeCode: 'MDB',
    category: 'GEN',
    status: 'Deferred',
    forenames: 'Nia',
    surname: 'Rees',
    gender: 'F',
    dateOfBirth: '1970-05-01',
    dateJoinedScheme: '1995-01-01',
    dateLeftScheme: '2015-01-01',
    benefits: { tranches: [{ code: 'PRE09', annualPensionPence: 500000 }] },
    ...overrides,
  });
  const run = async (...records: Array<Record<string, unknown>>) => {
    const checked = validateImport(readImportFile(JSON.stringify(records), 'json'), 'MER', 'json');
    if (!checked.ok) return checked;
    return importMembers(db(), { businessGroup: 'MER', members: checked.members, source: 'rules.json' });
  };
  const held = async (referenceNumber: string) =>
    (await db().select().from(members).where(eq(members.referenceNumber, referenceNumber)))[0];

  it('refuses a date of birth after the day of the import, against its row and field, and writes nothing', async () => {
    const result = await run(record({}), record({ referenceNumber: '2000902', dateOfBirth: '2090-01-01' }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.find((problem) => problem.field === 'dateOfBirth')).toMatchObject({
      row: 2,
      referenceNumber: '2000902',
      field: 'dateOfBirth',
    });
    expect(await held('2000901')).toBeUndefined();
    expect(await held('2000902')).toBeUndefined();
  });

  it('writes to a new member by post when the file gives no settings, and keeps a held member’s', async () => {
    expect(await run(record({}))).toMatchObject({ ok: true, created: 1 });
    expect((await held('2000901'))!.notificationSettings).toEqual({ email: false, sms: false, post: true });
    const chosen = { email: true, sms: false, post: false };
    await db()
      .update(members)
      .set({ notificationSettings: chosen })
      .where(eq(members.referenceNumber, '2000901'));
    expect(await run(record({ forenames: 'Nia Mair' }))).toMatchObject({ ok: true, updated: 1 });
    expect((await held('2000901'))!.notificationSettings).toEqual(chosen);
  });

  it('takes a mobile by the number as parsed: an Isle of Man mobile yes, a UK personal number or pager no', async () => {
    expect(
      await run(
        record({ referenceNumber: '2000903', mobile: { countryCode: 'GB', number: '07624 123456' } }),
      ),
    ).toMatchObject({ ok: true });
    expect((await held('2000903'))!.mobilePhone).toBe('+447624123456');
    for (const number of ['07000 123456', '07600 123456', 'tel 07624 123456']) {
      const result = await run(record({ referenceNumber: '2000904', mobile: { countryCode: 'GB', number } }));
      expect(result.ok, number).toBe(false);
      expect(!result.ok && result.problems.map((problem) => problem.field), number).toEqual([
        'mobile.number',
      ]);
    }
    expect(await held('2000904')).toBeUndefined();
  });
});

describe('phone numbers and bank countries through My details', () => {
  it('refuses a mobile that cannot take a text, or that does not start with a digit or +, and sends no code', async () => {
    const agent = await signedIn('db.active');
    for (const [number, message] of [
      ['07000 123456', 'Enter a mobile number that can receive text messages, like 07911 123456'],
      ['07600 123456', 'Enter a mobile number that can receive text messages, like 07911 123456'],
      [
        'x07911 123456',
        'Enter a mobile phone number using only numbers, starting with a number or +, like 07911 123456',
      ],
    ]) {
      const response = await agent.request({
        method: 'POST',
        url: '/mdp-api/api/members/current/contacts/mobile-phone/confirmation/send',
        payload: { countryCode: 'GB', number, password: 'MeridianDemo!2026' },
      });
      expect(response.statusCode, number).toBe(400);
      // the field it is about, then the message the form shows
      expect(response.json().errors, number).toContainEqual(
        expect.objectContaining({
          code: 'field_invalid',
          message: expect.stringContaining(`number: ${message}`),
        }),
      );
    }
    const codes = await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.referenceNumber, '1000002'));
    expect(codes).toEqual([]);
  });

  it('offers every SEPA country, Estonia, Latvia and Lithuania included, sorted by name', async () => {
    const agent = await signedIn('db.deferred');
    const countries = (
      await agent.request({ url: '/mdp-api/api/v2/bank-accounts/countries-and-currencies' })
    ).json() as Array<{
      countryCode: string;
      countryName: string;
    }>;
    const names = countries.map((country) => country.countryName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries.map((country) => country.countryCode)).toEqual(
      expect.arrayContaining(['EE', 'LV', 'LT', 'BG', 'HR', 'IS', 'LI', 'MC', 'SM', 'VA', 'AD', 'GB', 'CH']),
    );
    expect(countries).toHaveLength(40);
  });
});
