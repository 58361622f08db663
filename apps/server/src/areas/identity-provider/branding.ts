import type { Database } from '../../db/client';
import { tenantUrlForHost } from '../tenancy/resolve';
import { findTenant } from '../tenancy/tenant-repository';
import { defaultBranding, type Branding } from './pages';

/** The host of a URL-valued parameter, if it is one. */
export const hostOf = (value: unknown) => (typeof value === 'string' ? URL.parse(value)?.host : undefined);

/** The tenant a provider page is for: the first host that is a tenant's (the portal returned to, then the page's own). */
export async function brandingFor(
  db: Database,
  hosts: Array<string | undefined>,
  fallbackTenant: string,
): Promise<Branding> {
  for (const host of hosts) {
    if (!host) continue;
    const tenant = await findTenant(db, tenantUrlForHost(host, fallbackTenant));
    if (tenant) return tenant;
  }
  return defaultBranding;
}
