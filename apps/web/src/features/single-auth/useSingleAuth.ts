import { useEffect, useState } from 'react';
import type { UserManager } from 'oidc-client-ts';
import { useTenant } from '../../lib/tenant';
import { issuerAnswers, loadSingleAuthClient, singleAuthAuthority } from './lazy-client';

/** The tenant's single-auth client: undefined while its library loads, null without single auth. */
export function useSingleAuth(): UserManager | null | undefined {
  const { tenant, routes } = useTenant();
  const [loaded, setLoaded] = useState<{ routes: object; client: UserManager | null }>();
  useEffect(() => {
    let current = true;
    void loadSingleAuthClient(tenant, routes).then((client) => current && setLoaded({ routes, client }));
    return () => {
      current = false;
    };
  }, [tenant, routes]);
  return loaded?.routes === routes ? loaded.client : undefined;
}

/**
 * Whether single auth may be offered: `ready` when the tenant has it and its issuer answered discovery,
 * `checking` while the issuer is asked, `none` without single auth or when the issuer did not answer.
 */
export function useSingleAuthAvailability(): 'none' | 'checking' | 'ready' {
  const { tenant } = useTenant();
  const authority = singleAuthAuthority(tenant);
  const [answered, setAnswered] = useState<{ authority: string; ok: boolean }>();
  useEffect(() => {
    let current = true;
    if (authority) void issuerAnswers(authority).then((ok) => current && setAnswered({ authority, ok }));
    return () => {
      current = false;
    };
  }, [authority]);
  if (!authority) return 'none';
  if (answered?.authority !== authority) return 'checking';
  return answered.ok ? 'ready' : 'none';
}
