import { beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const accessKeyUrl = '/mdp-api/api/content/access-key?tenantUrl=localhost';
const urlOf = (query: string) => ctx.app.inject({ url: `/content-api/api/v2/content/url?${query}` });

async function memberKey(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return { agent, key: (await agent.request({ url: accessKeyUrl })).json().contentAccessKey as string };
}

beforeAll(async () => {
  await ctx.database.db.insert(pages).values({
    tenantUrl: 'localhost',
    slug: '/dc-only-guide',
    key: 'dc_only_guide',
    title: 'For DC members',
    visibility: { field: 'schemeType', in: ['DC'] },
  });
});

describe('a page address by its key', () => {
  it('answers a visitor for public pages only, and a members-only page exactly like a key no page has', async () => {
    expect((await urlOf('key=blocks_demo&tenantUrl=localhost')).json()).toEqual({ url: '/blocks-demo' });
    const membersOnly = await urlOf('key=hub&tenantUrl=localhost');
    const unknown = await urlOf('key=no_such_page&tenantUrl=localhost');
    expect(membersOnly.statusCode).toBe(404);
    expect(membersOnly.body).toBe(unknown.body);
    expect(membersOnly.body).not.toContain('/hub');
  });

  it('answers a member for the pages their content access key opens, on its own tenant only', async () => {
    const { key } = await memberKey('db.deferred');
    expect((await urlOf(`key=hub&tenantUrl=localhost&contentAccessKey=${key}`)).json()).toEqual({
      url: '/hub',
    });
    const hidden = await urlOf(`key=dc_only_guide&tenantUrl=localhost&contentAccessKey=${key}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('dc-only');
    const elsewhere = await urlOf(`key=home&tenantUrl=bluewater.localhost&contentAccessKey=${key}`);
    expect(elsewhere.statusCode).toBe(404);

    const dc = await memberKey('dc.near');
    expect((await urlOf(`key=dc_only_guide&tenantUrl=localhost&contentAccessKey=${dc.key}`)).json()).toEqual({
      url: '/dc-only-guide',
    });
  });

  it('refuses a key whose session has signed out, and a forged one', async () => {
    const { agent, key } = await memberKey('db.active');
    await agent.request({ method: 'POST', url: '/authentication-api/api/authentication/logout' });
    const ended = await urlOf(`key=hub&tenantUrl=localhost&contentAccessKey=${key}`);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().errors[0].code).toBe('access_key_session_ended');
    const forged = await urlOf(
      'key=hub&tenantUrl=localhost&contentAccessKey=not-a-key-at-all-but-long-enough',
    );
    expect(forged.json().errors[0].code).toBe('access_key_invalid');
  });
});
