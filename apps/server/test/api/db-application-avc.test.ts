import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { avcPensionFactor, completedMonths, getDbSchemeConfig, isoDate } from '@meridian/pensions';
import { members } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const base = '/mdp-api/api/journeys/dbcoreretirementapplication';
const AVC_FUND = 1_000_000;

async function signedInWithAvc(username: string, referenceNumber: string) {
  const [member] = await ctx.database.db
    .select()
    .from(members)
    .where(eq(members.referenceNumber, referenceNumber));
  await ctx.database.db
    .update(members)
    .set({ benefits: { ...member!.benefits, avcFundPence: AVC_FUND } })
    .where(eq(members.referenceNumber, referenceNumber));
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

async function start(agent: BrowserAgent, selectedQuoteName: string) {
  const window = (await agent.request({ url: '/mdp-api/api/v2/retirement/retirement-date' })).json();
  const retirementDate = window.availableRetirementDateRange.from;
  const started = await agent.request({
    method: 'POST',
    url: `${base}/start-db-core-journey`,
    payload: { retirementDate, selectedQuoteName },
  });
  expect(started.statusCode, started.body).toBe(204);
  return (await agent.request({ url: `${base}/data` })).json();
}

const lines = (state: { lockedSection: { lines: Array<{ label: string; value: string }> } }) =>
  Object.fromEntries(state.lockedSection.lines.map((line) => [line.label, line.value]));

describe('the AVC fund in the DB application', () => {
  it('carries the AVC taken as tax-free cash first, and the rest as extra pension, into the choice the case keeps', async () => {
    const agent = await signedInWithAvc('db.deferred', '1000001');
    // The full pension: the whole £10,000 fund as cash, no pension given up for it.
    const full = await start(agent, 'full-pension');
    expect(full.choice).toMatchObject({
      lumpSumPence: AVC_FUND,
      avc: { fundPence: AVC_FUND, asCashPence: AVC_FUND, toPensionPence: 0, extraPensionPence: 0 },
    });
    expect(lines(full)).toMatchObject({
      Option: 'Full pension, with your AVC fund as tax-free cash',
      'AVC fund': '£10,000.00',
      'AVC fund taken as tax-free cash': '£10,000.00',
      'AVC fund buying extra pension': 'None',
    });
    // The most cash takes the fund first too, then gives up pension for the rest.
    const most = await start(agent, 'maximum-lump-sum');
    expect(most.choice.lumpSumPence).toBeGreaterThan(AVC_FUND);
    expect(most.choice.avc).toEqual({
      fundPence: AVC_FUND,
      asCashPence: AVC_FUND,
      toPensionPence: 0,
      extraPensionPence: 0,
    });
  });

  it('shows the extra pension the fund not taken as cash buys, at the scheme’s AVC pension factor for the age', async () => {
    const agent = await signedInWithAvc('db.retiring', '1000010');
    // £4,000 of cash, all from the AVC fund: the other £6,000 buys pension.
    const window = (await agent.request({ url: '/mdp-api/api/v2/retirement/retirement-date' })).json();
    const started = await agent.request({
      method: 'POST',
      url: `${base}/start-db-core-journey`,
      payload: {
        retirementDate: window.availableRetirementDateRange.from,
        selectedQuoteName: 'requested-lump-sum',
        requestedLumpSumPence: 400_000,
      },
    });
    expect(started.statusCode, started.body).toBe(204);
    const state = (await agent.request({ url: `${base}/data` })).json();
    const [member] = await ctx.database.db
      .select()
      .from(members)
      .where(eq(members.referenceNumber, '1000010'));
    const months = completedMonths(isoDate(member!.dateOfBirth), window.availableRetirementDateRange.from);
    const ageAtRetirement = { years: Math.floor(months / 12), months: months % 12 };
    const factor = avcPensionFactor(getDbSchemeConfig('MDB'), ageAtRetirement)!;
    expect(state.choice.avc).toEqual({
      fundPence: AVC_FUND,
      asCashPence: 400_000,
      toPensionPence: 600_000,
      extraPensionPence: Math.floor(600_000 / factor),
    });
    expect(lines(state)['AVC fund buying extra pension']).toMatch(
      /^£6,000\.00, buying £[\d,]+\.\d\d a year$/,
    );
  });
});
