import { addDays, addMonths, isoDate, utcDay } from '@meridian/pensions';
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
    // 24 months are held; the 12 in the window are £250 from the member and £375 from the employer
    expect(contributions).toEqual({
      from: addDays(addMonths(today(), -12), 1),
      to: today(),
      memberPence: 300_000,
      employerPence: 450_000,
      totalPence: 750_000,
    });
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
  });
});
