import { addDays, isoDate } from '@meridian/pensions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { members } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

// The normal minimum pension age rises from 55 to 57 on 6 April 2028. The server reads the clock, so the
// clock is set (Date only; timers run as usual): a year before the rise, and later two months after it.
const BEFORE_THE_RISE = '2027-06-01';
const AFTER_THE_RISE = '2028-06-01';
const setToday = (day: string) => vi.setSystemTime(new Date(`${day}T10:00:00Z`));

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setToday(BEFORE_THE_RISE);
});
afterAll(() => vi.useRealTimers());

const ctx = useTestApp();

/** db.deferred (MDB: earliest retirement age 55, normal 65) given another date of birth and protected age. */
async function memberBorn(
  dateOfBirth: string,
  protectedPensionAge: number | null = null,
  status: 'Active' | 'Deferred' = 'Deferred',
) {
  await ctx.database.db
    .update(members)
    .set({ dateOfBirth, protectedPensionAge, status })
    .where(and(eq(members.businessGroup, 'MER'), eq(members.referenceNumber, '1000001')));
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn('db.deferred')).statusCode).toBe(200);
  const get = async (url: string) => {
    const response = await agent.request({ url: `/mdp-api/api${url}` });
    return { status: response.statusCode, body: response.json() };
  };
  return {
    retirementDate: async () => (await get('/v2/retirement/retirement-date')).body,
    statusFor: async (date: string) =>
      (await get(`/members/current/retirement-application-status-v2?selectedRetirementDate=${date}`)).body
        .retirementApplicationStatus,
    quoteFor: (date: string) => get(`/v3/retirement/quotes?selectedRetirementDate=${date}`),
    tokens: async () => (await get('/retirement/cms-token-information')).body.tokens,
    accessKey: async (preRetirementAgePeriodInYears = 5) => {
      const { body } = await get(
        `/content/access-key?tenantUrl=localhost&preRetirementAgePeriodInYears=${preRetirementAgePeriodInYears}`,
      );
      return body.attributes as {
        lifeStage: string;
        retirementApplicationStatus: string;
        wordingFlags: string[];
      };
    },
  };
}

describe('the minimum pension age through the API, a year before the rise', () => {
  const firstProcessable = addDays(isoDate(BEFORE_THE_RISE), 37);

  it('born before 6 April 1971: 57 before the rise, so any date from 55 on (NMPA.Pre)', async () => {
    const member = await memberBorn('1971-04-05');
    const offered = await member.retirementDate();
    expect(offered.earliestRetirementDate).toBe('2026-04-05');
    expect(offered.availableRetirementDateRange.from).toBe(firstProcessable);
    expect((await member.accessKey()).wordingFlags).toContain('NMPA.Pre');
    expect(await member.statusFor('2028-04-06')).toBe('RetirementDateOutOfRange');
    expect((await member.quoteFor('2028-04-06')).status).toBe(200);
  });

  it('born on 6 April 1971: 57 on the day of the rise, so never refused (NMPA.Current)', async () => {
    const member = await memberBorn('1971-04-06');
    expect((await member.retirementDate()).earliestRetirementDate).toBe('2026-04-06');
    expect((await member.accessKey()).wordingFlags).toContain('NMPA.Current');
    for (const date of ['2028-04-05', '2028-04-06']) {
      expect(await member.statusFor(date), date).toBe('RetirementDateOutOfRange');
      expect((await member.quoteFor(date)).status, date).toBe(200);
    }
  });

  it('born on 7 April 1971: 56 on the day of the rise, so refused until the 57th birthday', async () => {
    const member = await memberBorn('1971-04-07');
    expect(await member.statusFor('2028-04-05')).toBe('RetirementDateOutOfRange');
    expect(await member.statusFor('2028-04-06')).toBe('MinimumRetirementDateOutOfRange');
    expect(await member.statusFor('2028-04-07')).toBe('RetirementDateOutOfRange');
    const refused = await member.quoteFor('2028-04-06');
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].code).toBe('below_minimum_pension_age');
    expect((await member.quoteFor('2028-04-07')).status).toBe(200);
  });

  it('born on 5 April 1973: 55 the day before the rise, so may retire on that one day, then not until 57', async () => {
    const member = await memberBorn('1973-04-05');
    const offered = await member.retirementDate();
    expect(offered.earliestRetirementDate).toBe('2028-04-05');
    expect(offered.availableRetirementDateRange.from).toBe('2028-04-05');
    expect((await member.tokens()).earliest_retirement_age).toBe('55');
    const key = await member.accessKey();
    expect(key.wordingFlags).toContain('NMPA.Current');
    expect(key.retirementApplicationStatus).toBe('NotEligibleToStart');
    expect(await member.statusFor('2028-04-05')).toBe('NotEligibleToStart');
    expect(await member.statusFor('2028-04-06')).toBe('MinimumRetirementDateOutOfRange');
    expect((await member.quoteFor('2028-04-05')).status).toBe(200);
    expect((await member.quoteFor('2028-04-06')).body.errors[0].code).toBe('below_minimum_pension_age');
    expect((await member.quoteFor('2030-04-05')).status).toBe(200);
  });

  it('born on 6 April 1973: 55 on the day of the rise, so 57 applies (NMPA.Post)', async () => {
    const member = await memberBorn('1973-04-06');
    const offered = await member.retirementDate();
    expect(offered.earliestRetirementDate).toBe('2030-04-06');
    expect(offered.availableRetirementDateRange.from).toBe('2030-04-06');
    expect((await member.tokens()).earliest_retirement_age).toBe('57');
    const key = await member.accessKey();
    expect(key.wordingFlags).toContain('NMPA.Post');
    // The default date is never refused for the minimum pension age; life stage decides.
    expect(key.retirementApplicationStatus).toBe('NotEligibleToStart');
    // Dates before the earliest date (the 57th birthday) follow the normal rules: not eligible to start.
    expect(await member.statusFor('2028-04-06')).toBe('NotEligibleToStart');
    expect(await member.statusFor('2030-04-05')).toBe('NotEligibleToStart');
    expect(await member.statusFor('2030-04-06')).toBe('NotEligibleToStart');
    expect((await member.quoteFor('2030-04-05')).body.errors[0].code).toBe('below_minimum_pension_age');
    expect((await member.quoteFor('2030-04-06')).status).toBe(200);
  });

  it('an active member: a date before the earliest date is not eligible, one the law does not allow yet is out of range', async () => {
    const post = await memberBorn('1973-04-06', null, 'Active');
    expect(await post.statusFor('2030-04-05')).toBe('NotEligibleToStart');
    const current = await memberBorn('1973-04-05', null, 'Active');
    expect(await current.statusFor('2028-04-04')).toBe('NotEligibleToStart');
    expect(await current.statusFor('2028-04-06')).toBe('MinimumRetirementDateOutOfRange');
    await memberBorn('1973-04-05');
  });

  it('the later earliest age moves the pre-retirement period: 54 is a pre-retiree at ERA 55, not at 57', async () => {
    // Two years' pre-retirement period: from 53 for an earliest retirement age of 55, from 55 for 57.
    expect((await (await memberBorn('1973-04-05')).accessKey(2)).lifeStage).toBe('PreRetiree');
    expect((await (await memberBorn('1973-04-06')).accessKey(2)).lifeStage).toBe('NotEligibleToRetire');
  });

  it('born on 6 April 1973 with a protected pension age of 55: retires at 55 after the rise', async () => {
    const member = await memberBorn('1973-04-06', 55);
    const offered = await member.retirementDate();
    expect(offered.earliestRetirementDate).toBe('2028-04-06');
    expect(offered.availableRetirementDateRange.from).toBe('2028-04-06');
    expect((await member.tokens()).earliest_retirement_age).toBe('55');
    expect(await member.statusFor('2028-04-06')).toBe('NotEligibleToStart');
    expect((await member.quoteFor('2028-04-06')).status).toBe(200);
    expect((await member.quoteFor('2028-04-05')).body.errors[0].code).toBe('below_minimum_pension_age');
    expect((await member.accessKey(2)).lifeStage).toBe('PreRetiree');
  });
});

describe('one member either side of the rise', () => {
  afterAll(() => setToday(BEFORE_THE_RISE));

  it('born 15 January 1972: retirement offered at 55 before the rise, closed from it until 57', async () => {
    setToday(BEFORE_THE_RISE);
    const before = await memberBorn('1972-01-15');
    const beforeOffer = await before.retirementDate();
    expect(beforeOffer.earliestRetirementDate).toBe('2027-01-15');
    expect(beforeOffer.availableRetirementDateRange.from).toBe(addDays(isoDate(BEFORE_THE_RISE), 37));
    expect((await before.accessKey()).lifeStage).toBe('EligibleToRetire');

    setToday(AFTER_THE_RISE);
    const after = await memberBorn('1972-01-15');
    const afterOffer = await after.retirementDate();
    expect(afterOffer.availableRetirementDateRange.from).toBe('2029-01-15');
    expect(afterOffer.retirementDate >= '2029-01-15').toBe(true);
    // Nothing chosen: the default date is within the range, so never MinimumRetirementDateOutOfRange.
    const key = await after.accessKey();
    expect(key.retirementApplicationStatus).toBe('RetirementDateOutOfRange');
    expect(await after.statusFor(addDays(isoDate(AFTER_THE_RISE), 40))).toBe(
      'MinimumRetirementDateOutOfRange',
    );
    expect(await after.statusFor('2029-01-15')).toBe('RetirementDateOutOfRange');
    const refused = await after.quoteFor(addDays(isoDate(AFTER_THE_RISE), 40));
    expect(refused.body.errors[0].code).toBe('below_minimum_pension_age');
  });
});
