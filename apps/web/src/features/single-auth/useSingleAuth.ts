import { useEffect, useMemo, useState } from 'react';
import type { UserManager } from 'oidc-client-ts';
import { useTenant } from '../../app/tenant';
import { createSingleAuthClient, initialiseSingleAuth } from './client';

/** The tenant's single-auth client (one per tenant and routes), or null without single auth. */
export function useSingleAuth(): UserManager | null {
  const { tenant, routes } = useTenant();
  return useMemo(() => createSingleAuthClient(tenant, routes), [tenant, routes]);
}

/** The client once its issuer answered discovery; null while checking or when it failed. */
export function useReadySingleAuth(): UserManager | null {
  const client = useSingleAuth();
  const [ready, setReady] = useState<UserManager | null>(null);
  useEffect(() => {
    let current = true;
    if (client) void initialiseSingleAuth(client).then((ok) => current && setReady(ok ? client : null));
    return () => {
      current = false;
    };
  }, [client]);
  return ready === client ? ready : null;
}
