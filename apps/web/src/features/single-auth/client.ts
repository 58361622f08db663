import { UserManager } from 'oidc-client-ts';
import type { TenantContent } from '@meridian/contracts';
import type { FixedRoutes } from '../../lib/routes';

import { INIT_FAILED } from './lazy-client';

export { INIT_FAILED };

/** What the member asked for before signing in, carried through the provider as the request's state. */
export interface SignInState {
  returnTo: string | null;
}

/**
 * The OpenID Connect client for the tenant's issuer (authorisation code + PKCE), or null when the tenant
 * does not offer single auth or its settings are unusable.
 */
export function createSingleAuthClient(
  tenant: Pick<TenantContent, 'singleAuth' | 'authMethods'>,
  routes: FixedRoutes,
  origin = window.location.origin,
): UserManager | null {
  const settings = tenant.singleAuth;
  if (!settings || !tenant.authMethods.includes('SINGLE_AUTH')) return null;
  try {
    return new UserManager({
      authority: new URL(settings.authority).href.replace(/\/$/, ''),
      client_id: settings.clientId,
      redirect_uri: `${origin}${routes.signInHolding}`,
      post_logout_redirect_uri: `${origin}${routes.postLogout}?reason=signedOut`,
      response_type: 'code',
      scope: 'openid profile email',
      ui_locales: 'en-GB',
      loadUserInfo: false,
      automaticSilentRenew: false,
      monitorSession: false,
    });
  } catch (error) {
    console.error(INIT_FAILED, error);
    return null;
  }
}

/** Fetches the issuer's discovery document; false (and the spec's log line) when it cannot be had. */
export async function initialiseSingleAuth(client: UserManager): Promise<boolean> {
  try {
    await client.metadataService.getMetadata();
    return true;
  } catch (error) {
    console.error(INIT_FAILED, error);
    return false;
  }
}

export function beginSingleAuthSignIn(client: UserManager, returnTo: string | null) {
  const state: SignInState = { returnTo };
  return client.signinRedirect({ state, prompt: 'login', ui_locales: 'en-GB' });
}

/**
 * Prepares signing out of the provider: the ID token is read now, before the portal's sign-out clears
 * session storage; the returned function then leaves for the provider's end-session page. Null when
 * the member did not sign in through single auth.
 */
export async function prepareProviderSignOut(
  client: UserManager | null,
): Promise<(() => Promise<void>) | null> {
  const user = await client?.getUser().catch(() => null);
  if (!client || !user?.id_token) return null;
  const idTokenHint = user.id_token;
  return () => client.signoutRedirect({ id_token_hint: idTokenHint });
}
