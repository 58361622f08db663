import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTenantHeaders, contentApi, http } from './api';

const fetchMock = vi.fn(
  async (_url: string, _init: RequestInit) =>
    new Response(JSON.stringify({ errors: [{ code: 'page_not_found' }] }), { status: 404 }),
);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

describe('app API client', () => {
  it('asks the content API for a page by slug and this host name, reading 404 as no page', async () => {
    await expect(contentApi.unauthorisedPage('/my-pension')).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/content-api/api/v2/content/unauthorized-page?pageUrl=%2Fmy-pension&tenantUrl=localhost',
    );
  });

  it('sends ENV on every call and BGROUP once the tenant is known', async () => {
    await contentApi.tenant();
    let headers = fetchMock.mock.calls[0]![1].headers as Headers;
    expect(headers.get('ENV')).toBe('local');
    expect(headers.has('BGROUP')).toBe(false);

    applyTenantHeaders({ businessGroups: ['MER', 'OTH'] });
    await http.get('/mdp-api/api/anything').catch(() => undefined);
    headers = fetchMock.mock.calls[1]![1].headers as Headers;
    expect(headers.get('ENV')).toBe('local');
    expect(headers.get('BGROUP')).toBe('MER');
  });
});
