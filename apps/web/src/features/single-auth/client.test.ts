import { describe, expect, it, vi } from 'vitest';
import type { UserManager } from 'oidc-client-ts';
import { defaultRoutes } from '../../lib/routes';
import { quietConsole, stubFetch, testTenant } from '../../testing/render';
import { createSingleAuthClient, INIT_FAILED, initialiseSingleAuth, prepareProviderSignOut } from './client';
import { completeSingleAuth } from './post-authentication';

const singleAuth = { authority: 'http://localhost:4173/oidc', clientId: 'meridian-web' };
const tenant = { ...testTenant, authMethods: ['OPENAM', 'SINGLE_AUTH'] as const, singleAuth };
const origin = 'http://bluewater.localhost:4173';

describe('single-auth client', () => {
  it('signs in with code + PKCE at the tenant issuer and returns to the holding and sign-in routes', () => {
    const client = createSingleAuthClient(
      { ...tenant, authMethods: [...tenant.authMethods] },
      defaultRoutes,
      origin,
    )!;
    expect(client.settings).toMatchObject({
      authority: 'http://localhost:4173/oidc',
      client_id: 'meridian-web',
      response_type: 'code',
      redirect_uri: 'http://bluewater.localhost:4173/sa/sign-in/holding',
      post_logout_redirect_uri: 'http://bluewater.localhost:4173/login?reason=signedOut',
      ui_locales: 'en-GB',
      automaticSilentRenew: false,
    });
  });

  it('is not offered without settings or without the SINGLE_AUTH method', () => {
    expect(
      createSingleAuthClient({ ...testTenant, singleAuth: undefined }, defaultRoutes, origin),
    ).toBeNull();
    expect(createSingleAuthClient({ singleAuth, authMethods: ['OPENAM'] }, defaultRoutes, origin)).toBeNull();
  });

  it('logs the spec’s message when the authority is unusable or discovery fails', async () => {
    quietConsole();
    const bad = createSingleAuthClient(
      { singleAuth: { authority: 'not a url', clientId: 'x' }, authMethods: ['SINGLE_AUTH'] },
      defaultRoutes,
      origin,
    );
    expect(bad).toBeNull();
    expect(console.error).toHaveBeenCalledWith(INIT_FAILED, expect.anything());

    stubFetch(() => new Response('down', { status: 503 }));
    const client = createSingleAuthClient(
      { singleAuth, authMethods: ['SINGLE_AUTH'] },
      defaultRoutes,
      origin,
    )!;
    expect(await initialiseSingleAuth(client)).toBe(false);
    expect(console.error).toHaveBeenCalledTimes(2);
  });

  it('signs out of the provider only for a member who signed in through it', async () => {
    const signoutRedirect = vi.fn(async () => undefined);
    const withUser = {
      getUser: async () => ({ id_token: 'id-token' }),
      signoutRedirect,
    } as unknown as UserManager;
    const leave = await prepareProviderSignOut(withUser);
    await leave!();
    expect(signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    const withoutUser = { getUser: async () => null } as unknown as UserManager;
    expect(await prepareProviderSignOut(withoutUser)).toBeNull();
    expect(await prepareProviderSignOut(null)).toBeNull();
  });
});

describe('post-authentication tasks', () => {
  const holding = `${origin}/sa/sign-in/holding`;

  it('opens the portal session with the ID token and gives back the remembered page', async () => {
    const client = {
      signinRedirectCallback: async () => ({
        id_token: 'id-token',
        state: { returnTo: '/hub?from=statement' },
      }),
    } as unknown as UserManager;
    const openSession = vi.fn(async () => undefined);
    const outcome = await completeSingleAuth(client, `${holding}?code=c&state=s`, openSession);
    expect(openSession).toHaveBeenCalledWith('id-token');
    expect(outcome).toEqual({ kind: 'signed-in', returnTo: '/hub?from=statement' });
  });

  it('treats an error in the redirect as refused, and a failing exchange as failed', async () => {
    quietConsole();
    const openSession = vi.fn(async () => undefined);
    const failing = {
      signinRedirectCallback: async () => {
        throw new Error('invalid_grant');
      },
    } as unknown as UserManager;
    expect(await completeSingleAuth(failing, `${holding}?error=access_denied&state=s`, openSession)).toEqual({
      kind: 'refused',
    });
    expect(await completeSingleAuth(failing, `${holding}?code=c&state=s`, openSession)).toEqual({
      kind: 'failed',
    });
    expect(await completeSingleAuth(null, `${holding}?code=c&state=s`, openSession)).toEqual({
      kind: 'failed',
    });
    expect(openSession).not.toHaveBeenCalled();
  });
});
