import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, quietConsole, renderApp, stubFetch, testTenant } from '../../testing/render';

const page = (title: string, blocks: unknown[] = []) => ({
  slug: '/',
  key: 'home',
  title,
  authMethod: null,
  tenant: { tenantUrl: 'localhost', businessGroup: ['MER'] },
  bgroup: 'MER',
  blocks,
});

beforeEach(quietConsole);

/** Answers the page request; the frame's other content requests (menu, footer) find nothing. */
const stubPage = (answer: () => Response | Promise<Response>) =>
  stubFetch((url) =>
    url.includes('/unauthorized-page?')
      ? answer()
      : jsonResponse(404, { errors: [{ code: 'not_found', message: 'None' }] }),
  );

/** The page requests among all calls (the frame also asks for the menu and footer). */
const pageRequests = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/unauthorized-page'));

describe('catch-all content page', () => {
  it('loads the page for the path from the content API and renders its title and text', async () => {
    const fetch = stubPage(() =>
      jsonResponse(
        200,
        page('Your pension explained', [{ type: 'richText', html: '<p>One &amp; two</p><p>Three</p>' }]),
      ),
    );
    renderApp('/your-pension');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your pension explained' })).toBeTruthy();
    expect(screen.getByText('One & two')).toBeTruthy();
    expect(screen.getByText('Three')).toBeTruthy();
    expect(pageRequests(fetch)).toEqual([
      '/content-api/api/v2/content/unauthorized-page?pageUrl=%2Fyour-pension&tenantUrl=localhost',
    ]);
    await waitFor(() => expect(document.title).toBe('Your pension explained - Meridian Pension Scheme'));
  });

  it('fills placeholders in the page title and the tab title', async () => {
    stubFetch((url) => {
      if (url.includes('/unauthorized-page?'))
        return jsonResponse(200, page('Help from [[Label:Scheme_Name]]'));
      if (url.includes('/unauthorized-globals'))
        return jsonResponse(200, { labels: [{ labelKey: 'scheme_name', labelText: 'Meridian' }] });
      return jsonResponse(404, { errors: [{ code: 'not_found', message: 'None' }] });
    });
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help from Meridian' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Help from Meridian - Meridian Pension Scheme'));
  });

  it('asks for / on the home page', async () => {
    const fetch = stubPage(() => jsonResponse(200, page('Welcome')));
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    expect(pageRequests(fetch)[0]).toContain('pageUrl=%2F&');
  });

  it('shows Loading... inside main while the content request is pending', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch((url) =>
      url.includes('/unauthorized-page')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : jsonResponse(404, { errors: [{ code: 'content_not_found' }] }),
    );
    renderApp('/slow');
    const main = screen.getByRole('main');
    expect(within(main).getByText('Loading...')).toBeTruthy();
    answer(jsonResponse(200, page('Slow page')));
    await screen.findByRole('heading', { level: 1, name: 'Slow page' });
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the not-found page when the content API answers 404', async () => {
    stubPage(() => jsonResponse(404, { errors: [{ code: 'page_not_found', message: 'No page' }] }));
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('If you typed the web address, check it is correct.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found - Meridian Pension Scheme'));
  });

  it('sends any other failure to the error route', async () => {
    stubPage(() => jsonResponse(500, { errors: [{ code: 'something_went_wrong', message: 'Boom' }] }));
    const { router } = renderApp('/broken');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error');
  });

  it('keeps the member at the address when the connection fails, and loads the page when they try again', async () => {
    let offline = true;
    stubPage(() => (offline ? Promise.reject(new TypeError('offline')) : jsonResponse(200, page('Back'))));
    const { router } = renderApp('/flaky');
    await screen.findByText('We could not reach the service. Check your internet connection and try again.');
    expect(router.state.location.pathname).toBe('/flaky');
    offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back' })).toBeTruthy();
  });

  it('uses the error route the tenant configured', async () => {
    stubPage(() => jsonResponse(500, { errors: [{ code: 'something_went_wrong', message: 'Boom' }] }));
    const { router } = renderApp('/broken', {
      tenant: { ...testTenant, routes: { error: '/problem' } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' });
    expect(router.state.location.pathname).toBe('/problem');
  });
});
