import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { PageLink } from './links';

beforeEach(quietConsole);

const notFound = () => jsonResponse(404, { errors: [{ code: 'not_found', message: 'No such page' }] });

const renderLink = (pageKeys: [string, ...string[]]) =>
  renderApp('/here', {
    routes: [{ path: '/here', element: <PageLink pageKeys={pageKeys}>See your figures</PageLink> }],
  });

describe('a feature’s link to a page by its key', () => {
  it('goes to the tenant’s own address for the page', async () => {
    stubFetch(() => jsonResponse(200, { url: '/take-your-pension' }));
    renderLink(['page_link_planner']);
    expect((await screen.findByRole('link', { name: 'See your figures' })).getAttribute('href')).toBe(
      '/take-your-pension',
    );
  });

  it('falls back to a later key when the tenant has no page with the first', async () => {
    const fetch = stubFetch((url) =>
      url.includes('key=page_link_figures') ? notFound() : jsonResponse(200, { url: '/my-pension' }),
    );
    renderLink(['page_link_figures', 'page_link_my_pension']);
    expect((await screen.findByRole('link', { name: 'See your figures' })).getAttribute('href')).toBe(
      '/my-pension',
    );
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/content-api/api/v2/content/url?key=page_link_figures&tenantUrl=localhost',
      '/content-api/api/v2/content/url?key=page_link_my_pension&tenantUrl=localhost',
    ]);
  });

  it('is text, not a dead link, when the tenant has none of the pages', async () => {
    const fetch = stubFetch(notFound);
    renderLink(['page_link_none', 'page_link_none_either']);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(screen.getByText('See your figures').tagName).toBe('SPAN');
    expect(screen.queryByRole('link', { name: 'See your figures' })).toBeNull();
  });
});
