const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The Host header's host name, lower case, without its port: what a browser's `location.hostname` says. */
export const hostWithoutPort = (hostHeader: string | undefined) => {
  const host = (hostHeader ?? '').trim().toLowerCase();
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
};

/** The tenant URL for a Host header: the host without its port; loopback addresses use the configured fallback. */
export function tenantUrlForHost(hostHeader: string | undefined, fallback: string): string {
  const withoutPort = hostWithoutPort(hostHeader);
  if (!withoutPort || loopbackHosts.has(withoutPort)) return fallback;
  return withoutPort;
}

/** Whether a Host header names this machine (localhost, *.localhost, the loopback addresses). */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  const withoutPort = hostWithoutPort(hostHeader);
  return loopbackHosts.has(withoutPort) || withoutPort.endsWith('.localhost');
}
