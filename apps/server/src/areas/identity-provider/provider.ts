import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import Provider, { type ClientRecord, type KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { databaseAdapter } from './adapter';
import { findPortalAccount } from './accounts';
import { brandingFor, hostOf } from './branding';
import { messagePage, pageSecurity, signOutPage } from './pages';
import {
  isLoopbackHost,
  isTenantPortalOrigin,
  isTenantReturnUri,
  type TenantDirectory,
} from './tenant-directory';

export const OIDC_MOUNT = '/oidc';
/** The portal's own single-page app: a public client using PKCE. */
export const FIRST_PARTY_CLIENT_ID = 'meridian-web';
const FIRST_PARTY_SCOPE = 'openid profile email';
/**
 * How long the provider's ID tokens live, and so how recent the sign-in an ID token of the embedded
 * issuer tells of (its `auth_time`) must be for the portal to open a session from it.
 */
export const ID_TOKEN_SECONDS = 10 * 60;

export interface ProviderOptions {
  db: Database;
  config: Config;
  signingKey: JWK;
  cookieKey: string;
  directory: TenantDirectory;
  onServerError: (error: unknown) => void;
}

const originOf = (value: unknown) => (typeof value === 'string' ? URL.parse(value)?.origin : undefined);

export function createProvider({
  db,
  config,
  signingKey,
  cookieKey,
  directory,
  onServerError,
}: ProviderOptions) {
  const fallbackTenant = config.TENANT_URL_FALLBACK;
  const sessionSeconds = config.SESSION_ABSOLUTE_HOURS * 3600;
  const render = (ctx: KoaContextWithOIDC, html: string, policy: string) => {
    ctx.type = 'html';
    ctx.set('content-security-policy', policy);
    ctx.body = html;
  };
  // The registered list is informative: every tenant's return routes are checked against the directory.
  const registered = (kind: 'redirect' | 'postLogout') => {
    const uris = [...directory.entries].flatMap(([host, paths]) =>
      [...paths[kind]].map((path) => `${isLoopbackHost(host) ? 'http' : 'https'}://${host}${path}`),
    );
    return uris.length
      ? uris
      : [new URL(kind === 'redirect' ? '/sa/sign-in/holding' : '/login', config.oidcIssuer).href];
  };

  const provider = new Provider(config.oidcIssuer, {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: FIRST_PARTY_CLIENT_ID,
        client_name: 'Meridian member portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: registered('redirect'),
        post_logout_redirect_uris: registered('postLogout'),
        // Every ID token says when the member signed in, also to a request without prompt=login, so
        // the portal can refuse one let through on an old provider session (single-auth/token-verifier).
        require_auth_time: true,
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [cookieKey] },
    findAccount: (_ctx, sub) => findPortalAccount(db, sub),
    // `amr` says whether the sign-in took a second factor (two-step verification): the portal's step-up trusts it.
    claims: { openid: ['sub', 'amr'], profile: ['name', 'preferred_username'], email: ['email'] },
    scopes: ['openid'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: ID_TOKEN_SECONDS,
      Interaction: 30 * 60,
      Session: sessionSeconds,
      Grant: sessionSeconds,
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    // Consent is implicit for the portal itself: its grant is made on first use.
    async loadExistingGrant(ctx) {
      const { client, session, result, provider: owner } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return owner.Grant.find(grantId);
      if (client.clientId !== FIRST_PARTY_CLIENT_ID) return undefined;
      const grant = new owner.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope(FIRST_PARTY_SCOPE);
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin) => isTenantPortalOrigin(origin, directory.entries),
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          const target = ctx.oidc.params?.post_logout_redirect_uri;
          const branding = await brandingFor(db, [hostOf(target), ctx.host], fallbackTenant);
          const { nonce, policy } = pageSecurity([originOf(target) ?? '']);
          render(ctx, signOutPage({ branding, nonce, form }), policy);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          const branding = await brandingFor(db, [ctx.host], fallbackTenant);
          const { nonce, policy } = pageSecurity();
          const message = 'You have signed out of your account. You can close this page.';
          render(ctx, messagePage({ branding, nonce, title: 'You have signed out', message }), policy);
        },
      },
    },
    async renderError(ctx, out, error) {
      if (ctx.status >= 500) onServerError(error);
      const branding = await brandingFor(db, [ctx.host], fallbackTenant);
      const { nonce, policy } = pageSecurity();
      const message = `We could not complete your sign-in (${String(out.error ?? 'error')}). Go back to the portal and try again.`;
      render(ctx, messagePage({ branding, nonce, title: 'Sorry, there is a problem', message }), policy);
    },
  });
  // The provider reads host, protocol and client address from X-Forwarded-*, which `issuerForwarding`
  // sets on every request it sees: the issuer's host and protocol, and the address Fastify decided.
  provider.proxy = true;
  provider.Client.prototype.redirectUriAllowed = (value: string) =>
    isTenantReturnUri(value, 'redirect', directory.entries);
  provider.Client.prototype.postLogoutRedirectUriAllowed = (value: string) =>
    isTenantReturnUri(value, 'postLogout', directory.entries);
  // The portal's ID tokens carry the provider's session id (`sid`), which the portal keeps with the
  // session it opens from one, so that signing that session out ends this sign-in too (issue 41).
  provider.Client.prototype.includeSid = function includeSid(this: ClientRecord) {
    return this.clientId === FIRST_PARTY_CLIENT_ID;
  };
  provider.on('server_error', (_ctx, error) => onServerError(error));
  return provider;
}

export type OidcProvider = ReturnType<typeof createProvider>;

/**
 * Replaces the X-Forwarded-Host, -Proto and -For headers of a request the provider will read: host
 * and protocol with the configured issuer's (OIDC_ISSUER, else API_URL, else localhost), the address
 * with the one Fastify took under TRUST_PROXY (which the provider's all-or-nothing `proxy` switch
 * cannot honour). Every URL the provider builds (its discovery document above all, and its redirects)
 * is then on the public origin operators configured, whatever Host or X-Forwarded-Host a request
 * carried: no client, and no proxy passing a client's header on, can make a cache in front keep a
 * document that points at another host. Browsers reach the provider only through that origin (every
 * tenant's single-auth authority is the issuer), so its host-only cookies are unaffected.
 */
export function issuerForwarding(request: FastifyRequest, issuer: string): IncomingMessage {
  const { host, protocol } = new URL(issuer);
  const { headers } = request.raw;
  headers['x-forwarded-host'] = host;
  headers['x-forwarded-proto'] = protocol.replace(/:$/, '');
  headers['x-forwarded-for'] = request.ip;
  return request.raw;
}
