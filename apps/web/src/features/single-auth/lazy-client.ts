import type { UserManager } from 'oidc-client-ts';
import type { TenantContent } from '@meridian/contracts';
import type { FixedRoutes } from '../../lib/routes';

// The OpenID Connect library is fetched only when single auth is used: starting or completing a
// single-auth sign-in, or signing out (or leaving for the other site) after one. The sign-in page only
// asks the issuer's discovery document whether to offer it.

/** The message the spec logs when single auth cannot start; the password sign-in is used instead. */
export const INIT_FAILED = 'MSAL initialization failed';

type SingleAuthTenant = Pick<TenantContent, 'singleAuth' | 'authMethods'>;

/** The tenant's issuer (without a trailing slash), or null when it offers no single auth or names none usable. */
export function singleAuthAuthority(tenant: SingleAuthTenant): string | null {
  const settings = tenant.singleAuth;
  if (!settings || !tenant.authMethods.includes('SINGLE_AUTH')) return null;
  try {
    return new URL(settings.authority).href.replace(/\/$/, '');
  } catch {
    return null;
  }
}

/** Whether the issuer answers discovery; false (and the spec's log line) when it cannot be had. */
export async function issuerAnswers(authority: string): Promise<boolean> {
  try {
    const response = await fetch(`${authority}/.well-known/openid-configuration`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    await response.json();
    return true;
  } catch (error) {
    console.error(INIT_FAILED, error);
    return false;
  }
}

/** Whether this tab holds a single-auth sign-in (the OpenID client's stored user), read without the library. */
function holdsSingleAuthUser(tenant: SingleAuthTenant): boolean {
  const authority = singleAuthAuthority(tenant);
  return (
    authority !== null &&
    sessionStorage.getItem(`oidc.user:${authority}:${tenant.singleAuth?.clientId ?? ''}`) !== null
  );
}

/** The tenant's OpenID client, the library fetched on first use; null without single auth. */
export async function loadSingleAuthClient(
  tenant: SingleAuthTenant,
  routes: FixedRoutes,
): Promise<UserManager | null> {
  if (!singleAuthAuthority(tenant)) return null;
  const { createSingleAuthClient } = await import('./client');
  return createSingleAuthClient(tenant, routes);
}

/** Whether the member signed in through single auth (their ID token is held). */
export async function signedInThroughSingleAuth(tenant: SingleAuthTenant, routes: FixedRoutes) {
  if (!holdsSingleAuthUser(tenant)) return false;
  const client = await loadSingleAuthClient(tenant, routes);
  return Boolean((await client?.getUser().catch(() => null))?.id_token);
}

/**
 * Prepares signing out of the provider (see `prepareProviderSignOut`); null, without fetching the
 * library, when the member did not sign in through single auth.
 */
export async function prepareSingleAuthSignOut(tenant: SingleAuthTenant, routes: FixedRoutes) {
  if (!holdsSingleAuthUser(tenant)) return null;
  const { createSingleAuthClient, prepareProviderSignOut } = await import('./client');
  return prepareProviderSignOut(createSingleAuthClient(tenant, routes));
}
