import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { http } from '../lib/api';
import { jsonResponse, quietConsole, stubFetch, testTenant } from '../testing/render';
import {
  applyTenantRetirementPeriods,
  contentAccessKey,
  forgetContentAccessKey,
} from '../features/access-key/access-key';
import { useTenant } from '../lib/tenant';
import { TenantProvider } from './tenant';

function ShowTenant() {
  const { tenant, routes } = useTenant();
  return (
    <main>
      <h1>{tenant.tenantName}</h1>
      <p>Landing: {routes.landing}</p>
    </main>
  );
}

beforeEach(() => {
  quietConsole();
  document.documentElement.removeAttribute('style');
});

describe('tenant provider', () => {
  it('shows Loading... in main while the tenant loads, then provides it with its route overrides', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(
      <TenantProvider>
        <ShowTenant />
      </TenantProvider>,
    );
    expect(screen.getByRole('main').textContent).toBe('Loading...');
    expect(fetch.mock.calls[0]![0]).toBe('/content-api/api/v2/content/tenant-content?tenantUrl=localhost');
    answer(jsonResponse(200, { ...testTenant, routes: { landing: '/home' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meridian Pension Scheme' })).toBeTruthy();
    expect(screen.getByText('Landing: /home')).toBeTruthy();
  });

  it('draws the whole frame in its first render from the tenant the page came with, without asking', () => {
    const fetch = stubFetch(() => jsonResponse(500, {}));
    window.__MERIDIAN_TENANT__ = { ...testTenant, routes: { landing: '/home' } };
    try {
      render(
        <TenantProvider>
          <ShowTenant />
        </TenantProvider>,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Meridian Pension Scheme' })).toBeTruthy();
      expect(screen.getByText('Landing: /home')).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      delete window.__MERIDIAN_TENANT__;
    }
  });

  it('says at once that no tenant is configured when the page came with none', () => {
    window.__MERIDIAN_TENANT__ = null;
    try {
      render(
        <TenantProvider>
          <ShowTenant />
        </TenantProvider>,
      );
      expect(screen.getByText(/tenant not found/)).toBeTruthy();
    } finally {
      delete window.__MERIDIAN_TENANT__;
    }
  });

  it('draws the skip link and the cookie banner before the tenant is known, and keeps them', async () => {
    document.cookie = 'cookie_consent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(
      <TenantProvider>
        <ShowTenant />
      </TenantProvider>,
    );
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    const banner = screen.getByRole('region', { name: 'Cookies on this site' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(skip.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    answer(jsonResponse(200, testTenant));
    await screen.findByRole('heading', { level: 1, name: 'Meridian Pension Scheme' });
    // The same elements: the first screen's largest text is not drawn a second time.
    expect(screen.getByRole('region', { name: 'Cookies on this site' })).toBe(banner);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBe(skip);
  });

  it('sets the brand colours on :root and sends BGROUP from then on', async () => {
    stubFetch(() => jsonResponse(200, { ...testTenant, primaryColor: '#00594f', businessGroups: ['BLU'] }));
    render(
      <TenantProvider>
        <ShowTenant />
      </TenantProvider>,
    );
    await screen.findByRole('heading', { level: 1 });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--brand-primary')).toBe('#00594f');
    expect(style.getPropertyValue('--brand-primary-dark')).toMatch(/^#[0-9a-f]{6}$/);
    expect(style.getPropertyValue('--brand-primary-light')).toMatch(/^#[0-9a-f]{6}$/);

    const fetch = stubFetch(() => jsonResponse(200, {}));
    await http.get('/mdp-api/api/anything');
    expect((fetch.mock.calls[0]![1].headers as Headers).get('BGROUP')).toBe('BLU');
  });

  it('asks for content access keys with the tenant’s own life-stage periods', async () => {
    stubFetch(() => jsonResponse(200, { ...testTenant, preRetirementAgePeriod: 10, newlyRetiredRange: 6 }));
    render(
      <TenantProvider>
        <ShowTenant />
      </TenantProvider>,
    );
    await screen.findByRole('heading', { level: 1 });
    forgetContentAccessKey();
    const fetch = stubFetch(() =>
      jsonResponse(200, {
        contentAccessKey: 'signed',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    await contentAccessKey();
    const query = new URL(fetch.mock.calls[0]![0], 'http://localhost').searchParams;
    expect(query.get('preRetirementAgePeriodInYears')).toBe('10');
    expect(query.get('newlyRetiredRangeInMonth')).toBe('6');
    applyTenantRetirementPeriods({});
  });

  it('explains a tenant that is not found, accessibly', async () => {
    stubFetch(() => jsonResponse(404, { errors: [{ code: 'tenant_not_found', message: 'No tenant' }] }));
    render(
      <TenantProvider>
        <ShowTenant />
      </TenantProvider>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' });
    expect(screen.getByRole('main').contains(heading)).toBe(true);
    expect(screen.getByText(/tenant not found/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sorry, there is a problem with the service'));
  });

  it('says to try later when the tenant cannot be loaded', async () => {
    for (const answer of [() => jsonResponse(500, {}), () => Promise.reject(new TypeError('offline'))]) {
      stubFetch(answer);
      const { unmount } = render(
        <TenantProvider>
          <ShowTenant />
        </TenantProvider>,
      );
      expect(await screen.findByText('Try again later.')).toBeTruthy();
      expect(screen.queryByText(/tenant not found/)).toBeNull();
      unmount();
    }
  });
});
