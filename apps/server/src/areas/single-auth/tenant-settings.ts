import type { SingleAuthSettings, TenantContent } from '@meridian/contracts';

export const EMBEDDED_AUTHORITY = 'embedded';

/** A tenant's single-auth settings with "embedded" replaced by the embedded provider's issuer. */
export function resolveSingleAuth(
  settings: SingleAuthSettings | undefined,
  embeddedIssuer: string,
): SingleAuthSettings | undefined {
  if (!settings) return undefined;
  return settings.authority === EMBEDDED_AUTHORITY ? { ...settings, authority: embeddedIssuer } : settings;
}

/** The tenant as the web sees it: its single-auth authority is always an issuer URL. */
export function withResolvedAuthority(tenant: TenantContent, embeddedIssuer: string): TenantContent {
  const singleAuth = resolveSingleAuth(tenant.singleAuth, embeddedIssuer);
  return singleAuth ? { ...tenant, singleAuth } : tenant;
}
