import { useEffect, useState } from 'react';
import type { UserManager } from 'oidc-client-ts';
import { useTenant } from '../../app/tenant';
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

/** Whether single auth may be offered: the tenant has it and its issuer answered discovery. */
export function useSingleAuthAvailable(): boolean {
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
  return answered?.authority === authority && answered.ok;
}
