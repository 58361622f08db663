import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const base = '/content-api/api/v2/content';

async function pageTextFor(username: string, pageUrl = '/my-pension') {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  const { contentAccessKey } = (
    await agent.request({ url: '/mdp-api/api/content/access-key?tenantUrl=localhost' })
  ).json();
  const page = await ctx.app.inject({
    url: `${base}/authorized-page?pageUrl=${pageUrl}&contentAccessKey=${contentAccessKey}`,
  });
  return (page.json().blocks as Array<{ html: string }>).map((block) => block.html).join(' ');
}

describe('personalised pages', () => {
  it('shows a DB member in the retirement window the DB wording and the invitation to apply', async () => {
    const text = await pageTextFor('db.deferred');
    expect(text).toContain('defined benefit pension');
    expect(text).toContain('You can now apply');
    expect(text).not.toContain('savings pot');
  });

  it('shows a young DC member the DC wording only', async () => {
    const text = await pageTextFor('dc.far');
    expect(text).toContain('savings pot');
    expect(text).not.toContain('defined benefit');
    expect(text).not.toContain('You can now apply');
  });

  it('tells a member with linked records about them', async () => {
    expect(await pageTextFor('linked')).toContain('more than one pension record');
  });

  it('shows the AVC fund on the retirement figures only to a member who has AVCs', async () => {
    expect(await pageTextFor('db.avc', '/retirement/figures')).toContain('(AVC) fund');
    const withoutAvcs = await pageTextFor('db.deferred', '/retirement/figures');
    expect(withoutAvcs).toContain('your full pension would be');
    expect(withoutAvcs).not.toContain('AVC');
  });

  it('keeps each kind of reader’s page apart while the page is cached', async () => {
    const deferred = await pageTextFor('db.deferred');
    const young = await pageTextFor('dc.far');
    expect(young).not.toBe(deferred);
    expect(await pageTextFor('db.deferred')).toBe(deferred);
    expect(await pageTextFor('dc.far')).toBe(young);
  });

  it('keeps signed-in pages away from visitors', async () => {
    const response = await ctx.app.inject({
      url: `${base}/unauthorized-page?pageUrl=/my-pension&tenantUrl=localhost`,
    });
    expect(response.statusCode).toBe(404);
  });
});
