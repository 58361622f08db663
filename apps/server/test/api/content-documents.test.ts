import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const base = '/content-api/api/v2/content';

async function accessKeyFor(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return (await agent.request({ url: '/mdp-api/api/content/access-key?tenantUrl=localhost' })).json()
    .contentAccessKey as string;
}

describe('tenant content documents', () => {
  it('serves globals by tenant URL and by access key', async () => {
    const visitor = (
      await ctx.app.inject({ url: `${base}/unauthorized-globals?tenantUrl=bluewater.localhost` })
    ).json();
    expect(visitor.labels).toEqual(
      expect.arrayContaining([{ labelKey: 'helpline', labelText: expect.stringContaining('0300 765 4321') }]),
    );
    const key = await accessKeyFor('db.deferred');
    const member = (
      await ctx.app.inject({ url: `${base}/authorized-globals?contentAccessKey=${key}` })
    ).json();
    expect(member.labels).toEqual(
      expect.arrayContaining([{ labelKey: 'helpline', labelText: expect.stringContaining('0300 123 4567') }]),
    );
  });

  it('leaves signed-in items out of the visitors’ menu', async () => {
    const visitor = (await ctx.app.inject({ url: `${base}/unauthorized-menu?tenantUrl=localhost` })).json();
    expect(visitor.items.map((item: { label: string }) => item.label)).not.toContain('Your pension');
    const key = await accessKeyFor('dc.far');
    const member = (await ctx.app.inject({ url: `${base}/authorized-menu?contentAccessKey=${key}` })).json();
    expect(member.items.map((item: { label: string }) => item.label)).toContain('Your pension');
    const footer = (await ctx.app.inject({ url: `${base}/unauthorized-footer?tenantUrl=localhost` })).json();
    expect(footer.links).toEqual(
      expect.arrayContaining([{ label: 'Accessibility statement', href: '/accessibility' }]),
    );
  });

  it('gives each member the menu their own key shows, however often and in whatever order they ask', async () => {
    const labelsWith = async (key: string) =>
      (await ctx.app.inject({ url: `${base}/authorized-menu?contentAccessKey=${key}` }))
        .json()
        .items.map((item: { label: string }) => item.label);
    const deferred = await accessKeyFor('db.deferred');
    const pensioner = await accessKeyFor('db.pensioner');
    for (let round = 0; round < 2; round += 1) {
      const [deferredMenu, pensionerMenu] = [await labelsWith(deferred), await labelsWith(pensioner)];
      expect(deferredMenu).toContain('Your retirement figures');
      expect(deferredMenu).not.toContain('Your payments');
      expect(pensionerMenu).toContain('Your payments');
      expect(pensionerMenu).not.toContain('Your retirement figures');
      // a pension in payment cannot be transferred
      expect(deferredMenu).toContain('Your transfer value');
      expect(pensionerMenu).not.toContain('Your transfer value');
    }
    const visitor = await ctx.app.inject({ url: `${base}/unauthorized-menu?tenantUrl=localhost` });
    expect(visitor.json().items.map((item: { label: string }) => item.label)).not.toContain('Your payments');
  });

  it('serves option lists, summaries, question nodes and funds to members only', async () => {
    const key = await accessKeyFor('db.deferred');
    const list = await ctx.app.inject({
      url: `${base}/authorized-option-list?contentAccessKey=${key}&selectedQuoteName=fullPension.x`,
    });
    expect(list.json().options.map((option: { key: string }) => option.key)).toEqual([
      'fullPension',
      'reducedPension',
    ]);
    const summary = await ctx.app.inject({
      url: `${base}/authorized-option-summary?contentAccessKey=${key}&key=reducedPension`,
    });
    expect(summary.json().title).toBe('Lump sum and smaller pension');
    const nodes = await ctx.app.inject({
      url: `${base}/authorized-question-nodes?contentAccessKey=${key}&optionKey=explore`,
    });
    expect(nodes.json()).toHaveLength(2);
    const funds = await ctx.app.inject({ url: `${base}/authorized-funds?contentAccessKey=${key}` });
    expect(funds.json().map((fund: { fundCode: string }) => fund.fundCode)).toEqual([
      'GLOBAL_EQUITY',
      'DIVERSIFIED_GROWTH',
      'PRE_RETIREMENT_BOND',
      'CASH',
    ]);
    const forged = await ctx.app.inject({
      url: `${base}/authorized-funds?contentAccessKey=${key.slice(0, -4)}AAAA`,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 404 for content a tenant does not have, so clients read it as empty', async () => {
    const missing = await ctx.app.inject({ url: `${base}/unauthorized-globals?tenantUrl=nowhere.example` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('content_not_found');
    const key = await accessKeyFor('db.active');
    const noSuchList = await ctx.app.inject({
      url: `${base}/authorized-option-list?contentAccessKey=${key}&key=nothing`,
    });
    expect(noSuchList.statusCode).toBe(404);
  });

  it('returns images as bytes with their type, and refuses paths outside the image folder', async () => {
    const image = await ctx.app.inject({
      url: `${base}/image-resouce?cmsRelativeUrl=images/favicon.png&tenantUrl=localhost`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const escape = await ctx.app.inject({ url: `${base}/image-resouce?cmsRelativeUrl=../tenant.json` });
    expect(escape.statusCode).toBe(400);
  });
});

describe('site search', () => {
  it('finds public pages by their words, and never a signed-in page', async () => {
    const response = await ctx.app.inject({ url: `${base}/search?tenantUrl=localhost&q=tax-free lump` });
    const urls = response.json().results.map((result: { url: string }) => result.url);
    expect(urls).toContain('/help');
    const privateOnly = await ctx.app.inject({ url: `${base}/search?tenantUrl=localhost&q=savings pot` });
    expect(privateOnly.json().results).toEqual([]);
    expect((await ctx.app.inject({ url: `${base}/search?tenantUrl=localhost&q=` })).statusCode).toBe(400);
  });

  it('shows a result as a reader sees it: no placeholder, no space before punctuation', async () => {
    // The help page's text names a tooltip after "reference number".
    const response = await ctx.app.inject({ url: `${base}/search?tenantUrl=localhost&q=reference number` });
    const help = response.json().results.find((result: { url: string }) => result.url === '/help');
    expect(help.summary).toContain('Have your reference number ready.');
    for (const result of response.json().results) expect(result.summary).not.toMatch(/\[\[|\]\]| [.,;:!?]/);
  });
});
