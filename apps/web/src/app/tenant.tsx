import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { brandPalette, tenantFontStacks, type TenantContent } from '@meridian/contracts';
import { applyTenantHeaders, contentApi } from '../lib/api';
import { PageLoading } from '../components/PageLoading';
import { TenantUnavailable } from '../features/errors/TenantUnavailable';
import { PageTop } from './PageTop';
import { applyTenantRetirementPeriods } from '../features/access-key/access-key';
import { resolveRoutes } from '../lib/routes';
import { TenantContext, type TenantState } from '../lib/tenant';

export function applyBranding(
  tenant: Pick<TenantContent, 'primaryColor' | 'font'>,
  root = document.documentElement,
) {
  for (const [property, value] of Object.entries(brandPalette(tenant.primaryColor)))
    root.style.setProperty(property, value);
  root.style.setProperty('--font-body', tenantFontStacks[tenant.font ?? 'system']);
}

export type TenantLoad =
  { status: 'loading' } | { status: 'ready'; state: TenantState } | { status: 'not-found' | 'unavailable' };

declare global {
  interface Window {
    /** The tenant for this address, put in the page by the server; null when none is configured here. */
    __MERIDIAN_TENANT__?: TenantContent | null;
  }
}

function readyWith(tenant: TenantContent): TenantLoad {
  applyBranding(tenant);
  applyTenantHeaders(tenant);
  applyTenantRetirementPeriods(tenant);
  return { status: 'ready', state: { tenant, routes: resolveRoutes(tenant.routes) } };
}

/** The tenant the page came with, so the first paint has the whole frame; loading when it came without. */
function firstLoad(): TenantLoad {
  const inline = window.__MERIDIAN_TENANT__;
  if (inline === undefined) return { status: 'loading' };
  return inline === null ? { status: 'not-found' } : readyWith(inline);
}

/**
 * This address's tenant: branding, business group header and route overrides. The server puts it in
 * the page; without it (vite's development server) it is asked of the content API.
 */
export function TenantProvider({ children }: { children: ReactNode }) {
  const [load, setLoad] = useState<TenantLoad>(firstLoad);
  const loading = load.status === 'loading';

  useEffect(() => {
    if (!loading) return;
    const controller = new AbortController();
    contentApi
      .tenant(controller.signal)
      .then((tenant) => {
        if (tenant === null) return setLoad({ status: 'not-found' });
        const ready = readyWith(tenant);
        // The whole app renders now, the first screen's longest work: as a transition React renders it
        // in slices and lets the browser in between, instead of in one long task.
        startTransition(() => setLoad(ready));
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ status: 'unavailable' });
      });
    return () => controller.abort();
  }, [loading]);

  // The top of the screen (skip link, cookie banner) needs no tenant: it is drawn at once and kept.
  return (
    <>
      <PageTop />
      {load.status === 'loading' ? (
        <main id="main-content" className="container" tabIndex={-1}>
          <PageLoading />
        </main>
      ) : load.status === 'ready' ? (
        <TenantContext.Provider value={load.state}>{children}</TenantContext.Provider>
      ) : (
        <TenantUnavailable reason={load.status} />
      )}
    </>
  );
}
