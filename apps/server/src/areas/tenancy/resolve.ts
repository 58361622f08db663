const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The tenant URL for a Host header: the host without its port; loopback addresses use the configured fallback. */
export function tenantUrlForHost(hostHeader: string | undefined, fallback: string): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  const withoutPort = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  if (!withoutPort || loopbackHosts.has(withoutPort)) return fallback;
  return withoutPort;
}
