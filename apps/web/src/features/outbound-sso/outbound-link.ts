/**
 * Links to the administrator's other member site (the EPA domain) sign the member in there: the
 * browser goes to the tenant's outbound SSO address with a one-time lookup code and a relay state
 * naming the page the link pointed at.
 */

const hostOf = (domain: string) =>
  domain
    .replace(/^https?:\/\//, '')
    .replace(/[/:].*$/, '')
    .toLowerCase();

/** The link's address when it points at the other member site (and not at this one), else null. */
export function outboundTarget(href: string, epaDomain: string, here: Location | URL): URL | null {
  const epaHost = hostOf(epaDomain);
  if (!epaHost) return null;
  let target: URL;
  try {
    target = new URL(href, here.href);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  if (target.hostname === here.hostname) return null;
  return target.hostname === epaHost || target.hostname.endsWith(`.${epaHost}`) ? target : null;
}

/**
 * Where the other site continues after signing the member in: its SAML bridge, with the target path as
 * `next` and the target's other query parameters kept.
 */
export function relayStateFor(target: URL): string {
  const relay = new URL('/accounts/ssosamlgen/', target.origin);
  relay.searchParams.set('next', target.pathname);
  for (const [name, value] of target.searchParams)
    if (name !== 'next') relay.searchParams.append(name, value);
  return relay.href;
}

/** The outbound SSO address with the relay state and lookup code; a site path resolves against this site. */
export function outboundSsoAddress(
  outboundSsoUrl: string,
  relayState: string,
  lookupCode: string,
  here: Location | URL,
) {
  const address = new URL(outboundSsoUrl, here.href);
  address.searchParams.set('relayState', relayState);
  address.searchParams.set('lookupCode', lookupCode);
  return address.href;
}
