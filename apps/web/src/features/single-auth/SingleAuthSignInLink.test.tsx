import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, quietConsole, renderApp, stubFetch, testTenant } from '../../testing/render';
import { INIT_FAILED } from './client';

const issuer = 'http://localhost:4173/oidc';
const tenant = {
  ...testTenant,
  authMethods: ['OPENAM' as const, 'SINGLE_AUTH' as const],
  singleAuth: { authority: issuer, clientId: 'meridian-web' },
};

describe('single auth on the sign-in page', () => {
  it('offers the Meridian account once the issuer answers discovery', async () => {
    quietConsole();
    stubFetch((url) =>
      url.startsWith(`${issuer}/.well-known/openid-configuration`)
        ? jsonResponse(200, {
            issuer,
            authorization_endpoint: `${issuer}/auth`,
            token_endpoint: `${issuer}/token`,
          })
        : jsonResponse(404, { errors: [{ code: 'not_found', message: 'none' }] }),
    );
    renderApp('/login', { tenant });
    const link = await screen.findByRole('link', { name: 'Sign in with your Meridian account' });
    expect(link.getAttribute('href')).toBe('/sa/sign-in');
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('falls back to the password form, logging the spec’s message, when discovery fails', async () => {
    quietConsole();
    stubFetch(() => new Response('unavailable', { status: 503 }));
    renderApp('/login', { tenant });
    await waitFor(() => expect(console.error).toHaveBeenCalledWith(INIT_FAILED, expect.anything()));
    expect(screen.queryByRole('link', { name: 'Sign in with your Meridian account' })).toBeNull();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
