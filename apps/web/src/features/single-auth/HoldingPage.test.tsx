import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, quietConsole, renderApp, stubFetch, testTenant } from '../../testing/render';

const issuer = 'http://localhost:4173/oidc';
const tenant = {
  ...testTenant,
  authMethods: ['OPENAM' as const, 'SINGLE_AUTH' as const],
  singleAuth: { authority: issuer, clientId: 'meridian-web' },
};

describe('single-auth holding pages', () => {
  it('sign out (to the sign-in page) when the provider returns an error', async () => {
    quietConsole();
    const calls = stubFetch(() => jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] }));
    const { router } = renderApp('/sa/register/holding?error=access_denied&state=s', { tenant });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.mock.calls.some(([url]) => String(url).includes('/sso/session/create'))).toBe(false);
  });

  it('go to the error page when the code cannot be exchanged', async () => {
    quietConsole();
    stubFetch(() => jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] }));
    const { router } = renderApp('/sa/sign-in/holding?code=abc&state=unknown', { tenant });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error');
  });
});
