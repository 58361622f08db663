import type { FastifyRequest } from 'fastify';
import { hostWithoutPort, isLoopbackHostName } from '../tenancy/resolve';

export interface RelyingParty {
  /** The WebAuthn relying party id: the tenant's host name, which every passkey is bound to. */
  id: string;
  /** The one origin whose pages may run a ceremony for it. */
  origin: string;
}

/**
 * The relying party of the tenant a request is for. A tenant's public origin is `https://<tenant URL>`,
 * the host its members' browsers open (the tenant is chosen by that host, see tenancy/resolve.ts);
 * on this machine (localhost, *.localhost: development and the e2e portals) it is the address the
 * request came to, port and scheme included, as browsers treat those origins as secure.
 */
export function relyingPartyOf(request: FastifyRequest): RelyingParty {
  const hostName = hostWithoutPort(request.headers.host);
  if (isLoopbackHostName(hostName))
    return { id: hostName.replace(/^\[|\]$/g, ''), origin: `${request.protocol}://${request.host}` };
  return { id: request.tenantUrl, origin: `https://${request.tenantUrl}` };
}
