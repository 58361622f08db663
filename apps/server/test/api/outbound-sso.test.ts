import { describe, expect, it } from 'vitest';
import { outboundSsoCodes } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const redeem = (lookupCode: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/authentication-api/api/sso/outbound/redeem',
    payload: { lookupCode },
  });

describe('outbound SSO to the other member site', () => {
  it('issues a one-time code for the member that the other site can spend once', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('linked');
    const issued = await agent.request({
      url: '/mdp-api/api/sso/outbound?recordNumber=2&hasMultipleRecords=true',
    });
    expect(issued.statusCode).toBe(200);
    const { lookupCode } = issued.json();
    const first = await redeem(lookupCode);
    expect(first.json()).toEqual({
      businessGroup: 'MER',
      referenceNumber: '1000008',
      hasMultipleRecords: true,
    });
    const again = await redeem(lookupCode);
    expect(again.statusCode).toBe(401);
    expect(again.json().errors[0].code).toBe('lookup_code_invalid');
  });

  it('refuses an expired code, an unknown code and a record number the member does not have', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.active');
    const { lookupCode } = (await agent.request({ url: '/mdp-api/api/sso/outbound' })).json();
    await ctx.database.db.update(outboundSsoCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await redeem(lookupCode)).statusCode).toBe(401);
    expect((await redeem('x'.repeat(43))).statusCode).toBe(401);
    const notMine = await agent.request({ url: '/mdp-api/api/sso/outbound?recordNumber=2' });
    expect(notMine.statusCode).toBe(403);
    expect((await redeem('short')).statusCode).toBe(400);
  });

  it('needs a signed-in member to issue a code', async () => {
    expect((await ctx.app.inject({ url: '/mdp-api/api/sso/outbound' })).statusCode).toBe(401);
  });
});
