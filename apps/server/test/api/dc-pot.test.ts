import { addDays, addMonths, isoDate, taxYearOf, utcDay } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const POT = '/mdp-api/api/members/current/dc-pot';

async function signedIn(username: string, host?: string) {
  const agent = new BrowserAgent(ctx.app, host);
  await agent.signIn(username);
  return agent;
}

const today = () => isoDate(utcDay(new Date()));

describe('the DC pot today', () => {
  it('shows dc.near’s funds, valued as units × price to the penny, adding up to the pot', async () => {
    const agent = await signedIn('dc.near');
    const response = await agent.request({ url: POT });
    expect(response.statusCode, response.body).toBe(200);
    const pot = response.json();
    expect(pot.potPence).toBe(18_640_000);
    expect(pot.funds.map((fund: { name: string }) => fund.name)).toEqual([
      'Global Equity Fund',
      'Diversified Growth Fund',
      'Cash Fund',
    ]);
    expect(pot.funds[1]).toMatchObject({
      code: 'DIVERSIFIED_GROWTH',
      group: 'Growth',
      // 13,352,911p ÷ 164.0958p a unit, to 4 places; 81,372.6555 × 164.0958 = 13,352,911.0024p
      units: 81_372.6555,
      unitPricePence: 164.0958,
      valuePence: 13_352_911,
    });
    for (const fund of pot.funds) {
      expect(fund.valuePence).toBe(Math.round(fund.units * fund.unitPricePence));
      expect(fund.pricedOn < today()).toBe(true);
    }
    expect(pot.funds.reduce((sum: number, fund: { valuePence: number }) => sum + fund.valuePence, 0)).toBe(
      18_640_000,
    );
    expect(pot.valuedOn).toBe(pot.funds[0].pricedOn);
  });

  it('counts the contributions of the last 12 months only, split between member and employer', async () => {
    const agent = await signedIn('dc.near');
    const { contributions } = (await agent.request({ url: POT })).json();
    // Five years are held; the 12 in the window are £250 from the member and £375 from the employer
    const { payments, ...totals } = contributions;
    expect(totals).toEqual({
      from: addDays(addMonths(today(), -12), 1),
      to: today(),
      memberPence: 300_000,
      employerPence: 450_000,
      totalPence: 750_000,
    });
    expect(payments).toHaveLength(12);
    const sum = (key: 'memberPence' | 'employerPence') =>
      payments.reduce((total: number, payment: Record<typeof key, number>) => total + payment[key], 0);
    expect([sum('memberPence'), sum('employerPence')]).toEqual([totals.memberPence, totals.employerPence]);
  });

  it('totals every contribution dc.near’s member data holds since joining, and each tax year’s, newest first', async () => {
    const agent = await signedIn('dc.near');
    const { sinceJoining, valuedOn } = (await agent.request({ url: POT })).json();
    // Five years held, one on the price date each month: 60 × £250 from the member, 60 × £375 from the employer
    const first = addMonths(valuedOn, -59);
    const { byTaxYear, ...totals } = sinceJoining;
    expect(totals).toEqual({
      from: first,
      to: today(),
      memberPence: 1_500_000,
      employerPence: 2_250_000,
      totalPence: 3_750_000,
    });
    type Year = { taxYear: string; from: string; to: string; count: number; totalPence: number };
    const years: Year[] = byTaxYear;
    // 60 months reach into six tax years, or five when the first is paid on or after 6 April
    expect(years[0]).toMatchObject({ taxYear: taxYearOf(today()), to: today() });
    expect(years.at(-1)!.taxYear).toBe(taxYearOf(first));
    expect(years.map((year) => Number(year.taxYear.slice(0, 4)))).toEqual(
      years.map((_, index) => Number(years[0]!.taxYear.slice(0, 4)) - index),
    );
    for (const year of years.slice(1, -1)) expect(year.count).toBe(12);
    for (const year of years) {
      expect(year).toMatchObject({ memberPence: year.count * 25_000, employerPence: year.count * 37_500 });
      expect(year.from).toBe(`${year.taxYear.slice(0, 4)}-04-06`);
    }
    expect(years.reduce((sum, year) => sum + year.count, 0)).toBe(60);
    expect(years.reduce((sum, year) => sum + year.totalPence, 0)).toBe(3_750_000);
  });

  it('lists each of dc.far’s contributions in the last 12 months, newest first, as the member data holds them', async () => {
    const agent = await signedIn('dc.far');
    const pot = (await agent.request({ url: POT })).json();
    // Paid on the price date each month: £164 from the member and £246 from the employer. dc.far's pot
    // is more than a year old, so the 13th month back falls outside the window.
    expect(pot.contributions.payments).toEqual(
      Array.from({ length: 12 }, (_, index) => ({
        paidOn: addMonths(pot.valuedOn, -index),
        memberPence: 16_400,
        employerPence: 24_600,
        totalPence: 41_000,
      })),
    );
    expect(pot.contributions).toMatchObject({
      memberPence: 12 * 16_400,
      employerPence: 12 * 24_600,
      totalPence: 12 * 41_000,
    });
  });

  it('shows five years of dc.near’s pot and what moved it over the last 12 months, with charges at each fund’s rate', async () => {
    const agent = await signedIn('dc.near');
    const pot = (await agent.request({ url: POT })).json();
    const history: Array<{ on: string; potPence: number }> = pot.history;
    // 60 month ends and today's value, oldest first, all within five years.
    expect(history).toHaveLength(61);
    expect(history.at(-1)).toEqual({ on: pot.valuedOn, potPence: 18_640_000 });
    expect(history[0]!.on >= addMonths(today(), -60)).toBe(true);
    expect(history.map((point) => point.on)).toEqual([...history.map((point) => point.on)].sort());
    // Each fund's yearly charge is the one the projections take: MDC-2026.1.json's charge × 100.
    expect(pot.funds.map((fund: { annualChargePercent: number }) => fund.annualChargePercent)).toEqual([
      0.3, 0.4, 0.1,
    ]);

    const year = pot.lastYear;
    expect(year).toMatchObject({ to: pot.valuedOn, endPence: 18_640_000, paidInPence: 12 * 62_500 });
    // From the first month end on or after the day a year before, so never more than a year.
    expect(year.from >= addMonths(pot.valuedOn, -12)).toBe(true);
    expect(year.from < addMonths(pot.valuedOn, -11)).toBe(true);
    expect(year.startPence + year.paidInPence + year.returnPence - year.chargesPence).toBe(year.endPence);
    // Each month end's charge is a twelfth of the funds' yearly charges (weighted by what each holds,
    // as the page shows them) on that day's value.
    const yearlyPercent =
      pot.funds.reduce(
        (sum: number, fund: { valuePence: number; annualChargePercent: number }) =>
          sum + fund.valuePence * fund.annualChargePercent,
        0,
      ) / pot.potPence;
    const monthEnds = history.slice(0, -1).filter((point) => point.on > year.from && point.on <= year.to);
    expect(monthEnds).toHaveLength(11);
    expect(year.chargesPence).toBe(
      monthEnds.reduce((sum, point) => sum + Math.round((point.potPence * yearlyPercent) / 100 / 12), 0),
    );
  });

  it('starts dc.far’s history when the pot began, not five years back', async () => {
    const agent = await signedIn('dc.far');
    const { history, lastYear } = (await agent.request({ url: POT })).json();
    expect(history.length).toBeGreaterThan(13);
    expect(history.length).toBeLessThan(61);
    // The first month end held about a month's contribution (£410), no less.
    expect(history[0].potPence).toBeGreaterThanOrEqual(41_000);
    expect(history[0].potPence).toBeLessThan(2 * 41_000 * 1.1);
    expect(lastYear.startPence).not.toBeNull();
  });

  it('shows the linked member’s DC record, not their DB one', async () => {
    const agent = await signedIn('linked');
    const dc = await agent.request({
      url: POT,
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000008' },
    });
    expect(dc.statusCode).toBe(200);
    expect(dc.json()).toMatchObject({ potPence: 9_720_000, contributions: { memberPence: 264_000 } });
    const db = await agent.request({
      url: POT,
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000007' },
    });
    expect(db.statusCode).toBe(404);
    expect(db.json().errors[0].code).toBe('not_a_dc_record');
  });

  it('shows a Bluewater saver’s pot in Bluewater’s own funds, named by Bluewater’s content', async () => {
    const agent = await signedIn('bw.saver', 'bluewater.localhost');
    const response = await agent.request({ url: POT });
    expect(response.statusCode, response.body).toBe(200);
    const pot = response.json();
    expect(pot.potPence).toBe(9_850_000);
    expect(pot.funds.map((fund: { name: string }) => fund.name)).toEqual([
      'Bluewater World Equity Tracker',
      'Bluewater Balanced Fund',
      'Bluewater Cash Fund',
    ]);
    // Charged as BDC-2026.1.json lists them (its 0.0035 shown as 0.35, not 0.35000000000000003)
    expect(pot.funds.map((fund: { annualChargePercent: number }) => fund.annualChargePercent)).toEqual([
      0.25, 0.35, 0.12,
    ]);
    // £200 from the member and £300 from the employer each month, 12 months in the window
    expect(pot.contributions).toMatchObject({ memberPence: 240_000, employerPence: 360_000 });
  });

  it('refuses another member’s record, and anyone not signed in', async () => {
    const agent = await signedIn('dc.near');
    const other = await agent.request({
      url: POT,
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000006' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().errors[0].code).toBe('record_not_entitled');
    expect((await ctx.app.inject({ url: POT })).statusCode).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ url: '/docs/json' })).json();
    expect(document.paths[POT].get.responses).toHaveProperty('200');
    const pot = document.paths[POT].get.responses['200'].content['application/json'].schema;
    expect(pot.properties.sinceJoining.properties.byTaxYear.items.required).toEqual(
      expect.arrayContaining(['taxYear', 'count', 'memberPence', 'employerPence', 'totalPence']),
    );
  });
});
