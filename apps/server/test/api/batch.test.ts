import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const BATCH = '/mdp-api/api/batch';

const batch = (agent: BrowserAgent, paths: string[], headers: Record<string, string> = {}) =>
  agent.request({
    method: 'POST',
    url: BATCH,
    payload: { requests: paths.map((path) => ({ path })) },
    headers,
  });

describe('batch of reads', () => {
  it('answers each read as it would be answered on its own, in the order asked', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('linked');
    const paths = [
      '/mdp-api/api/members/personal-details',
      '/mdp-api/api/linked-records',
      '/content-api/api/v2/content/url?key=help&tenantUrl=localhost',
      '/mdp-api/api/no-such-read',
    ];
    const response = await batch(agent, paths);
    expect(response.statusCode, response.body).toBe(200);
    const { responses } = response.json<{ responses: { path: string; status: number; body: unknown }[] }>();
    expect(responses.map((answer) => answer.path)).toEqual(paths);
    for (const [index, path] of paths.slice(0, 3).entries()) {
      const alone = await agent.request({ url: path });
      expect(responses[index]).toEqual({ path, status: alone.statusCode, body: alone.json() });
    }
    expect(responses[0]!.body).toMatchObject({ referenceNumber: '1000007' });
    expect(responses[3]!.status).toBe(404);
  });

  it('reads as the record the batch is sent for', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('linked');
    const response = await batch(agent, ['/mdp-api/api/members/personal-details'], {
      'auth-business-group': 'MER',
      'auth-reference-number': '1000008',
    });
    expect(response.json().responses[0].body).toMatchObject({ referenceNumber: '1000008' });

    const ownRecords = await agent.request({
      method: 'POST',
      url: BATCH,
      payload: {
        requests: [
          { path: '/mdp-api/api/members/personal-details' },
          {
            path: '/mdp-api/api/members/personal-details',
            headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000008' },
          },
        ],
      },
    });
    expect(
      ownRecords
        .json()
        .responses.map((answer: { body: { referenceNumber: string } }) => answer.body.referenceNumber),
    ).toEqual(['1000007', '1000008']);
  });

  it('refuses a read naming another member’s record inside the batch, as it would alone', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('dc.far');
    const response = await agent.request({
      method: 'POST',
      url: BATCH,
      payload: {
        requests: [
          {
            path: '/mdp-api/api/members/personal-details',
            headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000007' },
          },
        ],
      },
    });
    expect(response.json().responses[0].status).toBe(403);
    expect(response.body).not.toContain('Morgan');
  });

  it('refuses visitors, another member’s record and the CSRF-less', async () => {
    const visitor = new BrowserAgent(ctx.app);
    const refused = await batch(visitor, ['/content-api/api/v2/content/url?key=help&tenantUrl=localhost']);
    expect(refused.statusCode).toBe(401);

    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('dc.far');
    const other = await batch(agent, ['/mdp-api/api/members/personal-details'], {
      'auth-business-group': 'MER',
      'auth-reference-number': '1000007',
    });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Morgan');

    const withoutToken = await agent.request({
      method: 'POST',
      url: BATCH,
      payload: { requests: [{ path: '/mdp-api/api/members/personal-details' }] },
      headers: { 'x-xsrf-token': 'wrong' },
    });
    expect(withoutToken.statusCode).toBe(403);
  });

  it('refuses reads outside member data and content, writes and oversized batches with a 400', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('dc.far');
    for (const paths of [
      ['/authentication-api/api/sso/session'],
      ['/mdp-api/api/../../authentication-api/api/sso/session'],
      ['/metrics'],
      ['https://example.org/mdp-api/api/members/personal-details'],
      [],
      Array.from({ length: 31 }, () => '/mdp-api/api/members/personal-details'),
    ]) {
      const response = await batch(agent, paths);
      expect(response.statusCode, paths[0]).toBe(400);
      expect(response.json().errors[0].code).toBeTruthy();
    }
  });
});
