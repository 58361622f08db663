const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The Host header's host name, lower case, without its port: what a browser's `location.hostname` says. */
export const hostWithoutPort = (hostHeader: string | undefined) => {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
};

/** The tenant URL for a Host header: the host without its port; loopback addresses use the configured fallback. */
export function tenantUrlForHost(hostHeader: string | undefined, fallback: string): string {
  return tenantUrlForHostName(hostWithoutPort(hostHeader), fallback);
}

/** The tenant URL for a host name already without its port. */
export const tenantUrlForHostName = (hostName: string, fallback: string) =>
  !hostName || loopbackHosts.has(hostName) ? fallback : hostName;

/** Whether a Host header names this machine (localhost, *.localhost, the loopback addresses). */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  return isLoopbackHostName(hostWithoutPort(hostHeader));
}

export const isLoopbackHostName = (hostName: string) =>
  loopbackHosts.has(hostName) || hostName.endsWith('.localhost');
