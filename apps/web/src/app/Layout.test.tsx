import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, quietConsole, renderApp, stubFetch, testTenant } from '../testing/render';

beforeEach(quietConsole);

const page = (title: string) => ({
  slug: '/',
  key: 'home',
  title,
  authMethod: null,
  tenant: { tenantUrl: 'localhost', businessGroup: ['MER'] },
  bgroup: 'MER',
  blocks: [],
});

describe('page frame', () => {
  it('has a skip link first, a banner with the tenant, a focusable main and a footer', async () => {
    renderApp('/error');
    await screen.findByRole('heading', { level: 1 });
    const links = screen.getAllByRole('link');
    expect(links[0]!.textContent).toBe('Skip to main content');
    expect(links[0]!.getAttribute('href')).toBe('#main-content');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Meridian' }).getAttribute('href')).toBe('/');
    expect(banner.textContent).toContain('Your Meridian pension');
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(main.getAttribute('tabindex')).toBe('-1');
    expect(within(screen.getByRole('contentinfo')).getByText('Meridian Pension Scheme')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('titles the document with the page title and the tenant name', async () => {
    renderApp('/error');
    await waitFor(() =>
      expect(document.title).toBe('Sorry, there is a problem with the service - Meridian Pension Scheme'),
    );
  });

  it('renders the error page accessibly with a link home', async () => {
    renderApp('/error');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('moves focus to the main content after an in-app navigation', async () => {
    stubFetch((url) =>
      url.includes('/unauthorized-page')
        ? jsonResponse(200, page('Home'))
        : jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] }),
    );
    const { router } = renderApp('/error');
    await screen.findByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

describe('fixed routes in the app', () => {
  it('serves a fixed route at the path the tenant moved it to, and the old path becomes a content page', async () => {
    const fetch = stubFetch(() => jsonResponse(404, { errors: [{ code: 'page_not_found' }] }));
    renderApp('/problem', { tenant: { ...testTenant, routes: { error: '/problem' } } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' }),
    ).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => url.includes('/unauthorized-page'))).toHaveLength(0);

    renderApp('/error', { tenant: { ...testTenant, routes: { error: '/problem' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('has honest placeholders for the single-auth holding pages', async () => {
    renderApp('/sa/sign-in/holding');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signing you in' })).toBeTruthy();
  });

  it('has a sign-in page at /login', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });
});

describe('logout route', () => {
  it('sends a visitor who is not signed in to the sign-in page', async () => {
    const { router } = renderApp('/sa/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs a signed-in member out and lands on the sign-in page', async () => {
    document.cookie = 'accessToken=token-1; path=/';
    const fetch = stubFetch((url) => {
      if (url.endsWith('/logout')) document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      return new Response(null, { status: 204 });
    });
    const { router } = renderApp('/sa/logout');
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetch.mock.calls.filter(([url]) => url.endsWith('/authentication/logout'))).toHaveLength(1);
  });
});
