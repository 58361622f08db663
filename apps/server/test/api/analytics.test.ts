import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return agent;
}

async function accessKeyOf(agent: BrowserAgent, headers: Record<string, string> = {}) {
  const response = await agent.request({
    url: '/mdp-api/api/content/access-key?tenantUrl=localhost',
    headers,
  });
  return response.json().contentAccessKey as string;
}

const profileUrl = (key: string) =>
  `/mdp-api/api/members/current/analytics-profile?contentAccessKey=${encodeURIComponent(key)}`;

describe('analytics parameters', () => {
  it('gives the chosen record’s seven custom dimensions', async () => {
    const agent = await signedIn('db.deferred');
    const response = await agent.request({ url: '/mdp-api/api/members/current/analytics' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      businessGroup: 'MER',
      status: 'Deferred',
      schemeType: 'DB',
      schemeCode: 'MDB',
      categoryCode: 'GEN',
      locationCode: 'UK',
      employerCode: 'MER01',
    });
  });

  it('follows a linked record named in the headers', async () => {
    const agent = await signedIn('linked');
    const response = await agent.request({
      url: '/mdp-api/api/members/current/analytics',
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000008' },
    });
    expect(response.json()).toMatchObject({ schemeType: 'DC', schemeCode: 'MDC' });
  });

  it('needs a signed-in member', async () => {
    const response = await ctx.app.inject({ url: '/mdp-api/api/members/current/analytics' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('ERROR_ACCESS_TOKEN_MISSING');
  });

  it('refuses another member’s record with 403', async () => {
    const agent = await signedIn('dc.far');
    const response = await agent.request({
      url: '/mdp-api/api/members/current/analytics',
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000001' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('record_not_entitled');
    expect(response.body).not.toContain('Deferred');
  });
});

describe('analytics profile', () => {
  it('describes the chosen record from its content access key', async () => {
    const agent = await signedIn('db.deferred');
    const response = await agent.request({ url: profileUrl(await accessKeyOf(agent)) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      userId: 'MER1000001',
      businessGroup: 'MER',
      status: 'Deferred',
      schemeType: 'DB',
      schemeCode: 'MDB',
      categoryCode: 'GEN',
      employerCode: 'MER01',
      gender: 'F',
      income: null,
      tenantUrl: 'localhost',
      normalRetirementAge: 65,
      earliestRetirementAge: 55,
      currentAge: 60,
      // whole years from joining the company (21) to pensionable service (24)
      tenure: 3,
      hasMultipleRecords: false,
      dcRetirementJourney: false,
    });
    expect(data.lifeStage).toEqual(expect.any(String));
    expect(data.normalRetirementDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says when the member has linked records', async () => {
    const agent = await signedIn('linked');
    const { data } = (await agent.request({ url: profileUrl(await accessKeyOf(agent)) })).json();
    expect(data).toMatchObject({ userId: 'MER1000007', hasMultipleRecords: true });
  });

  it('refuses a key for another record, a forged key and a signed-out caller', async () => {
    const agent = await signedIn('linked');
    const dcKey = await accessKeyOf(agent, {
      'auth-business-group': 'MER',
      'auth-reference-number': '1000008',
    });
    const otherRecord = await agent.request({ url: profileUrl(dcKey) });
    expect(otherRecord.statusCode).toBe(403);
    expect(otherRecord.json().errors[0].code).toBe('record_not_entitled');

    const forged = await agent.request({ url: profileUrl('not.a.key') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errors[0].code).toBe('access_key_invalid');

    expect((await ctx.app.inject({ url: profileUrl(dcKey) })).statusCode).toBe(401);
  });

  it('refuses another member’s record named in the headers', async () => {
    const agent = await signedIn('dc.far');
    const response = await agent.request({
      url: profileUrl(await accessKeyOf(agent)),
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000001' },
    });
    expect(response.statusCode).toBe(403);
  });
});
