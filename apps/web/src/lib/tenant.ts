import { createContext, useContext } from 'react';
import type { TenantContent } from '@meridian/contracts';
import type { FixedRoutes } from './routes';

export interface TenantState {
  tenant: TenantContent;
  routes: FixedRoutes;
}

/** Provided by the app's TenantProvider; exported for tests, which provide a tenant without fetching one. */
export const TenantContext = createContext<TenantState | null>(null);

export function useTenant(): TenantState {
  const value = useContext(TenantContext);
  if (!value) throw new Error('useTenant needs a TenantProvider');
  return value;
}
