import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, quietConsole, renderApp, stubFetch, testTenant } from '../../testing/render';

describe('site search', () => {
  it('searches the tenant’s pages', async () => {
    quietConsole();
    stubFetch((url) =>
      url.includes('/search?')
        ? jsonResponse(200, {
            query: 'lump',
            results: [{ url: '/help', title: 'Help and contact', summary: '' }],
          })
        : jsonResponse(404, { errors: [{ code: 'content_not_found', message: 'none' }] }),
    );
    renderApp('/search?q=lump');
    expect(await screen.findByRole('link', { name: 'Help and contact' })).toBeTruthy();
  });

  it('is not there for a tenant that switched it off', async () => {
    quietConsole();
    const fetch = stubFetch(() =>
      jsonResponse(404, { errors: [{ code: 'content_not_found', message: 'none' }] }),
    );
    renderApp('/search?q=lump', { tenant: { ...testTenant, features: { siteSearch: false } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/search?'))).toBe(false);
  });
});
