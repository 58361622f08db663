import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { TenantContent } from '@meridian/contracts';
import { contentApi, http } from '../lib/api';
import { resolveRoutes, type FixedRoutes } from './fixed-routes';

interface TenantState {
  tenant: TenantContent;
  routes: FixedRoutes;
}

const TenantContext = createContext<TenantState | null>(null);

/** Darkens (negative) or lightens (positive) a #rrggbb colour by a fraction. */
export function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  const shaded = channels.map((value) =>
    Math.round(amount < 0 ? value * (1 + amount) : value + (255 - value) * amount),
  );
  return `#${shaded.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

function applyBranding(tenant: TenantContent) {
  const root = document.documentElement.style;
  root.setProperty('--brand-primary', tenant.primaryColor);
  root.setProperty('--brand-primary-dark', shade(tenant.primaryColor, -0.4));
  root.setProperty('--brand-primary-light', shade(tenant.primaryColor, 0.9));
}

export function TenantProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<TenantState | 'loading' | 'missing'>('loading');
  useEffect(() => {
    contentApi
      .tenant()
      .then((tenant) => {
        applyBranding(tenant);
        http.mergeDefaultHeaders({ BGROUP: tenant.businessGroups[0]! });
        setState({ tenant, routes: resolveRoutes(tenant.routes) });
      })
      .catch(() => setState('missing'));
  }, []);

  if (state === 'loading') return <p className="page-loading">Loading...</p>;
  if (state === 'missing') {
    return (
      <main id="main-content" className="container">
        <h1>Sorry, this service is not available here</h1>
        <p>We could not find a pension scheme for this web address (tenant not found). Check the address and try again.</p>
      </main>
    );
  }
  return <TenantContext.Provider value={state}>{children}</TenantContext.Provider>;
}

export function useTenant(): TenantState {
  const value = useContext(TenantContext);
  if (!value) throw new Error('useTenant needs a TenantProvider');
  return value;
}
