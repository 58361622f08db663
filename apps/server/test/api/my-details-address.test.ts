import { isValid } from 'postcode';
import { describe, expect, it } from 'vitest';
import { sampleAddresses } from '../../src/areas/my-details/sample-addresses';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const api = '/mdp-api/api';

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

describe('embedded address lookup', () => {
  it('holds a few hundred sample addresses with real-format postcodes', () => {
    const rows = sampleAddresses();
    expect(rows.length).toBeGreaterThan(300);
    expect(rows.every((row) => isValid(row.postcode))).toBe(true);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it('finds by free text and by postcode, drills into a block of flats and gives the full address', async () => {
    const agent = await signedIn('db.active');
    const search = async (query: string) =>
      (await agent.request({ url: `${api}/addresses/search?${query}` })).json() as Array<{
        id: string;
        kind: string;
        text: string;
        description: string;
      }>;
    const byText = await search('text=quay%20street%20manchester');
    expect(byText.map((item) => item.text)).toContain('1 Quay Street');
    const block = byText.find((item) => item.kind === 'Container')!;
    expect(block.text).toBe('Riverside House, 22 Quay Street');

    const blockPostcode = block.description.replace('Manchester ', '').replace(' (several addresses)', '');
    const byPostcode = await search(
      `text=${encodeURIComponent(blockPostcode.replace(' ', '').toLowerCase())}`,
    );
    expect(byPostcode.map((item) => item.id)).toContain(block.id);

    const flats = await search(`container=${block.id}`);
    expect(flats).toHaveLength(6);
    const flat = (await agent.request({ url: `${api}/addresses/${flats[2]!.id}` })).json();
    expect(flat).toEqual({
      id: flats[2]!.id,
      lines: ['Flat 3', 'Riverside House', '22 Quay Street'],
      town: 'Manchester',
      county: null,
      postcode: blockPostcode,
      countryCode: 'GB',
    });
    expect(await search('text=%25')).toEqual([]);
    expect((await agent.request({ url: `${api}/addresses/nowhere` })).statusCode).toBe(404);
  });

  it('lists countries with the UK first and needs a sign-in', async () => {
    const agent = await signedIn('db.active');
    const countries = (await agent.request({ url: `${api}/addresses/countries` })).json();
    expect(countries[0]).toEqual({ code: 'GB', name: 'United Kingdom' });
    expect(countries).toContainEqual({ code: 'FR', name: 'France' });
    const visitor = new BrowserAgent(ctx.app);
    expect((await visitor.request({ url: `${api}/addresses/search?text=leeds` })).statusCode).toBe(401);
  });
});

describe('telephone intent', () => {
  it('keeps where the member opened Contact us from, per member', async () => {
    const agent = await signedIn('dc.near');
    expect((await agent.request({ url: `${api}/telephone-note/intent-context` })).statusCode).toBe(204);
    const recorded = await agent.request({
      method: 'POST',
      url: `${api}/telephone-note/intent-context`,
      payload: { pageUrl: '/ra-bank', journeyType: 'dbcoreretirementapplication', stage: 'ra_bank' },
    });
    expect(recorded.statusCode).toBe(204);
    expect((await agent.request({ url: `${api}/telephone-note/intent-context` })).json()).toMatchObject({
      pageUrl: '/ra-bank',
      journeyType: 'dbcoreretirementapplication',
      stage: 'ra_bank',
    });
    const other = await signedIn('dc.far');
    expect((await other.request({ url: `${api}/telephone-note/intent-context` })).statusCode).toBe(204);
    const hostile = await agent.request({
      method: 'POST',
      url: `${api}/telephone-note/intent-context`,
      payload: { pageUrl: 'javascript:alert(1)' },
    });
    expect(hostile.statusCode).toBe(400);
  });
});
