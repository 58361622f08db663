import type { Database } from '../../db/client';
import { tenants } from '../../db/schema';

/** The portal routes a tenant's sign-in returns to (the spec's defaults, which a tenant may move). */
const defaultPaths = {
  signInHolding: '/sa/sign-in/holding',
  registerHolding: '/sa/register/holding',
  postLogout: '/login',
};
const plainPath = /^\/(?!\/)[^\s?#\\]*$/;

export interface TenantReturnPaths {
  redirect: Set<string>;
  postLogout: Set<string>;
}

export type ReturnKind = keyof TenantReturnPaths;

/** `localhost` and its subdomains: where any port is accepted, as ports differ between runs. */
export const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost');

export function returnPathsFor(routes: Record<string, string>): TenantReturnPaths {
  const path = (name: keyof typeof defaultPaths) => {
    const override = routes[name];
    return typeof override === 'string' && plainPath.test(override) ? override : defaultPaths[name];
  };
  return {
    redirect: new Set([path('signInHolding'), path('registerHolding')]),
    postLogout: new Set([path('postLogout')]),
  };
}

/**
 * Whether a URL is one of a tenant's own return routes: the host is a tenant's and the path its holding
 * (or post-logout) route. Only the post-logout route may carry a query (the sign-in page's notice).
 * HTTPS on the default port, except on loopback hosts, where http and any port are allowed.
 */
export function isTenantReturnUri(
  value: string,
  kind: ReturnKind,
  directory: Map<string, TenantReturnPaths>,
) {
  const url = URL.parse(value);
  if (!url || url.username || url.password || url.hash || (url.search && kind === 'redirect')) return false;
  const paths = directory.get(url.hostname);
  if (!paths?.[kind].has(url.pathname)) return false;
  return isTenantOrigin(url);
}

function isTenantOrigin(url: URL) {
  if (isLoopbackHost(url.hostname)) return url.protocol === 'http:' || url.protocol === 'https:';
  return url.protocol === 'https:' && url.port === '';
}

/** Whether an Origin header is a tenant's portal (for CORS on the token endpoint). */
export function isTenantPortalOrigin(origin: string, directory: Map<string, TenantReturnPaths>) {
  const url = URL.parse(origin);
  return Boolean(url && url.origin === origin && directory.has(url.hostname) && isTenantOrigin(url));
}

/** Tenant hosts and their return paths, reloaded before each provider request (the table is small). */
export class TenantDirectory {
  entries = new Map<string, TenantReturnPaths>();

  constructor(private readonly db: Database) {}

  async refresh() {
    const rows = await this.db.select({ tenantUrl: tenants.tenantUrl, routes: tenants.routes }).from(tenants);
    this.entries = new Map(rows.map((row) => [row.tenantUrl, returnPathsFor(row.routes)]));
  }
}
