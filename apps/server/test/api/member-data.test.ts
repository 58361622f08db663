import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();

describe('member data', () => {
  it('needs a signed-in member', async () => {
    const response = await ctx.app.inject({ url: '/mdp-api/api/members/personal-details' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('ERROR_ACCESS_TOKEN_MISSING');
  });

  it('initialises the session and follows the chosen linked record', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('linked');
    expect((await agent.request({ method: 'POST', url: '/mdp-api/initialize' })).statusCode).toBe(204);
    const records = (await agent.request({ url: '/mdp-api/api/linked-records' })).json();
    expect(records.members.map((record: { referenceNumber: string }) => record.referenceNumber)).toEqual([
      '1000007',
      '1000008',
    ]);
    const primary = (await agent.request({ url: '/mdp-api/api/members/personal-details' })).json();
    expect(primary).toMatchObject({ referenceNumber: '1000007', schemeType: 'DB' });
    const viaHeader = await agent.request({
      url: '/mdp-api/api/members/personal-details',
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000008' },
    });
    expect(viaHeader.json()).toMatchObject({ referenceNumber: '1000008', schemeType: 'DC' });
  });

  it('never shows another member’s record', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('dc.far');
    const response = await agent.request({
      url: '/mdp-api/api/members/personal-details',
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000007' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Morgan');
  });
});
