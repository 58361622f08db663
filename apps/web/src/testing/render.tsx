import { cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { TenantContent } from '@meridian/contracts';
import { PageTop } from '../app/PageTop';
import { buildRoutes, flushSync } from '../app/router';
import { resolveRoutes } from '../lib/routes';
import { TenantContext } from '../lib/tenant';
import { http } from '../lib/api';

// vitest runs without globals here, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  http.forgetReads();
});

export const testTenant: TenantContent = {
  tenantUrl: 'localhost',
  tenantName: 'Meridian Pension Scheme',
  headerText: 'Your Meridian pension',
  businessGroups: ['MER'],
  primaryColor: '#1d4f91',
  logoText: 'Meridian',
  authMethods: ['SINGLE_AUTH'],
  routes: {},
};

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The signed-in frame's own reads, answered for a member whose menu names their requests page
 * `requestsLabel`: the content access key, the menu, and the token figures. Undefined for any other URL.
 */
export function signedInFrameResponse(url: string, requestsLabel = 'My requests'): Response | undefined {
  if (url.includes('/access-key'))
    return jsonResponse(200, { contentAccessKey: 'key', attributes: {}, expiresAt: '2099-01-01T00:00:00Z' });
  if (url.includes('/authorized-menu'))
    return jsonResponse(200, {
      items: [
        { label: requestsLabel, href: '/my-requests', position: 'Account', orderNo: 5, signedInOnly: true },
      ],
    });
  if (url.includes('/cms-token-information'))
    return jsonResponse(200, { tokens: {}, figuresUnavailable: false });
  return undefined;
}

/** What the API answers when it is too busy to serve a read. */
export const busyResponse = () => jsonResponse(503, { errors: [{ code: 'service_busy', message: 'Busy' }] });

/**
 * Stubs global fetch; returns the mock so tests can inspect calls. A batch of reads (the client's
 * `/mdp-api/api/batch`) is answered read by read with the same answers.
 */
export function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const mock = vi.fn(async (url: string, init: RequestInit) => {
    if (!url.endsWith('/mdp-api/api/batch')) return answer(url, init);
    const { requests } = JSON.parse(String(init.body)) as { requests: Array<{ path: string }> };
    const responses = [];
    for (const { path } of requests) {
      const response = await answer(path, { ...init, method: 'GET', body: undefined });
      const text = await response.text();
      responses.push({ status: response.status, body: text ? (JSON.parse(text) as unknown) : null });
    }
    return jsonResponse(200, { responses });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Silences the client's request log and the expected warnings of a test. */
export function quietConsole() {
  for (const method of ['debug', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation(() => undefined);
}

/** Renders the app's route tree at a path, for a tenant, without fetching the tenant. */
export function renderApp(
  path: string,
  { tenant = testTenant, routes }: { tenant?: TenantContent; routes?: RouteObject[] } = {},
) {
  const fixedRoutes = resolveRoutes(tenant.routes);
  const router = createMemoryRouter(routes ?? buildRoutes(fixedRoutes), { initialEntries: [path] });
  const view = render(
    <TenantContext.Provider value={{ tenant, routes: fixedRoutes }}>
      <PageTop />
      <RouterProvider router={router} flushSync={flushSync} />
    </TenantContext.Provider>,
  );
  return { ...view, router };
}
