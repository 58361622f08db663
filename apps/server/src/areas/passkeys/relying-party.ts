import type { FastifyRequest } from 'fastify';
import { isUnderDomain } from '../../config';
import { hostWithoutPort, isLoopbackHostName } from '../tenancy/resolve';

declare module 'fastify' {
  interface FastifyInstance {
    /** PASSKEY_RP_ID: the relying party id shared by every host under it, or null (each host its own). */
    passkeyRpId: string | null;
  }
}

export interface RelyingParty {
  /**
   * The WebAuthn relying party id every passkey is bound to: the tenant's host name, or PASSKEY_RP_ID
   * for a host under it (so the portal and an OpenID provider on another host share passkeys).
   */
  id: string;
  /** The one origin whose pages may run a ceremony for it. */
  origin: string;
}

/**
 * The relying party id for a page on `hostName`: the shared id when the host is under it (WebAuthn lets
 * a page name a registrable domain above its host), else the host itself.
 */
export const relyingPartyId = (hostName: string, sharedId: string | null) =>
  sharedId && isUnderDomain(hostName, sharedId) ? sharedId : hostName;

/**
 * The relying party of the tenant a request is for. A tenant's public origin is `https://<tenant URL>`,
 * the host its members' browsers open (the tenant is chosen by that host, see tenancy/resolve.ts);
 * on this machine (localhost, *.localhost: development and the e2e portals) it is the address the
 * request came to, port and scheme included, as browsers treat those origins as secure. The origin is
 * always the page's own; only the id may be the shared PASSKEY_RP_ID (config.ts checks it at start).
 */
export function relyingPartyOf(request: FastifyRequest): RelyingParty {
  const hostName = hostWithoutPort(request.headers.host);
  const shared = request.server.passkeyRpId ?? null;
  if (isLoopbackHostName(hostName)) {
    const own = hostName.replace(/^\[|\]$/g, '');
    return { id: relyingPartyId(own, shared), origin: `${request.protocol}://${request.host}` };
  }
  return {
    id: relyingPartyId(request.tenantUrl, shared),
    origin: `https://${request.tenantUrl}`,
  };
}
