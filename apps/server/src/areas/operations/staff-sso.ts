import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { staffSsoCallbackQuerySchema, staffSsoSchema, tenantStaffSsoSchema } from '@meridian/contracts';
import type { StaffOidcConfig } from '../../config';
import type { Database } from '../../db/client';
import { staffAccounts } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { loadSigningKey } from '../../lib/server-keys';
import { secureCookies } from '../../lib/secure-cookies';
import { findDocument } from '../content/document-repository';
import { relyingPartyOf } from '../passkeys/relying-party';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { auditStaff } from './staff-audit';
import { holdsTenant, openSignedInSession, STAFF_API_PREFIX } from './staff-session';

/**
 * Staff single sign-on to the firm's OpenID provider (issue 43): the host's tenant's own provider
 * (content/tenants/<tenant>/staff-sso.json, its client secret from the STAFF_OIDC_CLIENT_SECRET_<NAME>
 * variable it names), else the deployment's (STAFF_OIDC_ISSUER); the authorization code flow with PKCE (S256), state and nonce, the console a confidential client
 * (client_secret_basic). The ID token is verified (signature from the provider's published keys,
 * issuer, audience, expiry, nonce); the member of staff is the existing account whose email the
 * provider says it verified (no account is ever made here: roles stay assigned in Meridian), of the
 * host's tenant (or of every tenant), and the provider must show a second factor (`amr` or `acr`)
 * unless STAFF_OIDC_REQUIRE_MFA=false. Success opens the same signed-in session as a passkey does.
 * docs/operations.md "Signing in with the firm's single sign-on".
 */
const tags = ['operations-console'];
const errors = errorResponses(400, 403, 404, 429, 502);
/** A 303's body: empty; Location names where to go next. */
const staffSsoRedirectSchema = z.null().describe('See Other: Location names where to go next');
const signInLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** The attempt in flight, sealed in a cookie only the start and the callback receive. */
const ATTEMPT_COOKIE = 'staffSso';
const SSO_PATH = `${STAFF_API_PREFIX}/sign-in/sso`;
const ATTEMPT_MS = 10 * 60_000;
const CALLBACK_PATH = `${SSO_PATH}/callback`;
/** Asymmetric signatures only: never `none`, never an HMAC keyed with the client secret. */
const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];

interface Attempt {
  state: string;
  nonce: string;
  verifier: string;
  tenantUrl: string;
  /** The provider the attempt went to: the callback must find the host's provider still the same. */
  issuer: string;
  clientId: string;
  redirectUri: string;
  expiresAt: number;
}

interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

const random = () => randomBytes(32).toString('base64url');
const sameText = (a: string, b: string) => {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
};

const refusal = (status: number, code: string, message: string) => new AppError(status, code, message);
const stateInvalid = () =>
  refusal(400, 'staff_sso_state_invalid', 'This sign-in has expired or was not started here. Start again.');
const unavailable = () =>
  refusal(
    502,
    'staff_sso_provider_unavailable',
    'Your firm’s single sign-on did not answer. Try again, or sign in with your password and code.',
  );

/** The provider's discovery document, read once (again after a failure) and checked to be the issuer's. */
function providerMetadata(sso: StaffOidcConfig) {
  let metadata: Promise<ProviderMetadata> | null = null;
  return () => {
    metadata ??= (async () => {
      const response = await fetch(`${sso.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const found = (await response.json()) as ProviderMetadata;
      if (found.issuer !== sso.issuer) throw new Error(`discovery names issuer ${found.issuer}`);
      for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const)
        if (typeof found[field] !== 'string') throw new Error(`discovery has no ${field}`);
      return found;
    })().catch((error: unknown) => {
      metadata = null;
      throw error;
    });
    return metadata;
  };
}

/** Whether the provider's word on the sign-in shows a second factor, as configured. */
export function showsSecondFactor(sso: StaffOidcConfig, claims: JWTPayload): boolean {
  if (!sso.requireMfa) return true;
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((value) => typeof value === 'string') : [];
  if (amr.some((value) => sso.mfaAmr.includes(value))) return true;
  return typeof claims.acr === 'string' && sso.mfaAcr.includes(claims.acr);
}

export const staffSsoRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The deployment's provider (STAFF_OIDC_*), for tenants without one of their own; or null. */
  sso: StaffOidcConfig | null;
  /** The client secrets tenants' providers name, by environment variable. */
  secrets: Readonly<Record<string, string>>;
  secretsKey?: string;
}> = async (parent, { db, sso, secrets, secretsKey }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const sealKey = await loadSigningKey(db, 'staff-sso-attempts', secretsKey);
  // Each provider's discovery and published keys, read once (by issuer, and by key set address).
  const discoveries = new Map<string, () => Promise<ProviderMetadata>>();
  const metadataOf = (provider: StaffOidcConfig) => {
    let discover = discoveries.get(provider.issuer);
    if (!discover) {
      discover = providerMetadata(provider);
      discoveries.set(provider.issuer, discover);
    }
    return discover;
  };
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySet = (uri: string) => {
    let set = keySets.get(uri);
    if (!set) {
      set = createRemoteJWKSet(new URL(uri));
      keySets.set(uri, set);
    }
    return set;
  };

  /**
   * The host's tenant's provider: its own when its content names one, else the deployment's; null when
   * neither (or when its own names a secret variable that is not set, which is logged: never the
   * deployment's instead, which the tenant chose not to use).
   */
  async function providerFor(request: FastifyRequest): Promise<StaffOidcConfig | null> {
    const stored = await findDocument<unknown>(db, request.tenantUrl, 'staff-sso');
    if (stored === null) return sso;
    const parsed = tenantStaffSsoSchema.safeParse(stored);
    if (!parsed.success) {
      request.log.error(
        { tenantUrl: request.tenantUrl },
        'staff single sign-on: the tenant’s staff-sso is invalid',
      );
      return null;
    }
    const { clientSecretEnv, ...provider } = parsed.data;
    const clientSecret = secrets[clientSecretEnv];
    if (!clientSecret) {
      request.log.error(
        { tenantUrl: request.tenantUrl, clientSecretEnv },
        'staff single sign-on: the tenant’s provider names a client secret variable that is not set',
      );
      return null;
    }
    return { ...provider, clientSecret };
  }

  const cookieOptions = (request: FastifyRequest) => ({
    path: SSO_PATH,
    httpOnly: true,
    // Lax, not Strict: the provider's redirect back is a top-level navigation from its site.
    sameSite: 'lax' as const,
    secure: secureCookies(request),
  });

  const configured = async (request: FastifyRequest) => {
    const provider = await providerFor(request);
    if (!provider)
      throw refusal(404, 'staff_sso_not_configured', 'Single sign-on is not set up for the console.');
    return { provider, discover: metadataOf(provider) };
  };

  app.get(
    '/sign-in/sso',
    {
      schema: {
        tags,
        summary:
          'Whether the console offers single sign-on on this host (its tenant’s OpenID provider, else the deployment’s), and its name',
        response: { 200: staffSsoSchema, ...errors },
      },
    },
    async (request) => {
      const provider = await providerFor(request);
      return { enabled: provider !== null, name: provider?.name ?? null };
    },
  );

  app.get(
    '/sign-in/sso/start',
    {
      config: signInLimit,
      schema: {
        tags,
        summary:
          'Staff single sign-on, first step: redirects (303) to the OpenID provider of this host’s tenant, else the deployment’s (authorization code with PKCE, state and nonce)',
        description:
          'The attempt (state, nonce, PKCE verifier, the host’s tenant) is sealed in an HttpOnly cookie for 10 minutes that only this route and the callback receive. 404 staff_sso_not_configured when neither the tenant (content staff-sso.json) nor the deployment (STAFF_OIDC_ISSUER) names a provider; 502 staff_sso_provider_unavailable when the provider’s discovery cannot be read.',
        response: { 303: staffSsoRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { provider, discover } = await configured(request);
      let found: ProviderMetadata;
      try {
        found = await discover();
      } catch (error) {
        request.log.warn({ err: error }, 'staff single sign-on: the provider’s discovery failed');
        throw unavailable();
      }
      const attempt: Attempt = {
        state: random(),
        nonce: random(),
        verifier: random(),
        tenantUrl: request.tenantUrl,
        issuer: provider.issuer,
        clientId: provider.clientId,
        redirectUri: `${relyingPartyOf(request).origin}${CALLBACK_PATH}`,
        expiresAt: Date.now() + ATTEMPT_MS,
      };
      reply.setCookie(ATTEMPT_COOKIE, sealSecret(sealKey, JSON.stringify(attempt)), {
        ...cookieOptions(request),
        maxAge: ATTEMPT_MS / 1000,
      });
      const target = new URL(found.authorization_endpoint);
      target.search = new URLSearchParams({
        response_type: 'code',
        client_id: provider.clientId,
        redirect_uri: attempt.redirectUri,
        scope: 'openid email',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: createHash('sha256').update(attempt.verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString();
      reply.header('cache-control', 'no-store');
      return reply.redirect(target.href, 303);
    },
  );

  app.get(
    '/sign-in/sso/callback',
    {
      config: signInLimit,
      schema: {
        tags,
        summary:
          'Staff single sign-on, the provider’s redirect back: the code exchanged, the ID token verified, the member of staff signed in',
        description:
          'Signs in the existing staff account (of this host’s tenant, or of every tenant) whose email the provider verified, when the provider shows a second factor, and redirects (303) to /admin. Refusals, audited, with no session: 400 staff_sso_state_invalid (no attempt, another state, expired, replayed), staff_sso_provider_refused, staff_sso_code_rejected (a code the provider refuses, such as one used before), staff_sso_token_invalid (signature, issuer, audience or expiry), staff_sso_nonce_mismatch; 403 staff_sso_email_unverified, staff_sso_email_domain, staff_sso_unknown_account, staff_sso_other_tenant, staff_sso_mfa_required; 502 staff_sso_provider_unavailable. A browser (Accept: text/html) is instead sent back (303) to /admin/sign-in?sso=<code>.',
        querystring: staffSsoCallbackQuerySchema,
        response: { 303: staffSsoRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { provider, discover } = await configured(request);
      const sealed = request.cookies[ATTEMPT_COOKIE];
      // Spent whatever happens: the attempt's state opens one callback at most.
      reply.clearCookie(ATTEMPT_COOKIE, cookieOptions(request));
      reply.header('cache-control', 'no-store');
      const context: { staffId?: string; email?: string; subject?: string } = {};
      try {
        const account = await signIn(request, provider, discover, sealed, context);
        await openSignedInSession(db, reply, account.id);
        await auditStaff(db, request, {
          action: 'staff_sign_in',
          outcome: 'success',
          staffId: account.id,
          details: { method: 'sso', issuer: provider.issuer, subject: context.subject },
        });
        return reply.redirect('/admin', 303);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'staff_sso_failed';
        if (!(error instanceof AppError))
          request.log.error({ err: error }, 'staff single sign-on failed unexpectedly');
        await auditStaff(db, request, {
          action: 'staff_sign_in_sso',
          outcome: error instanceof AppError && error.statusCode === 403 ? 'denied' : 'failure',
          staffId: context.staffId ?? null,
          details: { reason: code, email: context.email, subject: context.subject },
        });
        if (error instanceof AppError && prefersPage(request))
          return reply.redirect(`/admin/sign-in?sso=${encodeURIComponent(code)}`, 303);
        throw error;
      }
    },
  );

  async function signIn(
    request: FastifyRequest,
    provider: StaffOidcConfig,
    discover: () => Promise<ProviderMetadata>,
    sealed: string | undefined,
    context: { staffId?: string; email?: string; subject?: string },
  ) {
    const query = request.query as { code?: string; state?: string; iss?: string; error?: string };
    let attempt: Attempt | null = null;
    try {
      attempt = sealed ? (JSON.parse(openSecret(sealKey, sealed)) as Attempt) : null;
    } catch {
      attempt = null;
    }
    if (
      !attempt ||
      attempt.expiresAt < Date.now() ||
      attempt.tenantUrl !== request.tenantUrl ||
      attempt.issuer !== provider.issuer ||
      attempt.clientId !== provider.clientId ||
      !query.state ||
      !sameText(query.state, attempt.state)
    )
      throw stateInvalid();
    if (query.iss !== undefined && query.iss !== provider.issuer)
      throw refusal(400, 'staff_sso_token_invalid', 'The answer did not come from your firm’s provider.');
    if (query.error || !query.code)
      throw refusal(
        400,
        'staff_sso_provider_refused',
        'Your firm’s single sign-on did not sign you in. Try again, or sign in with your password and code.',
      );
    let found: ProviderMetadata;
    let tokens: { id_token?: unknown; access_token?: unknown };
    try {
      found = await discover();
      const answer = await fetch(found.token_endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(
            `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`,
          ).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: query.code,
          redirect_uri: attempt.redirectUri,
          code_verifier: attempt.verifier,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (answer.status >= 500) throw new Error(`token endpoint answered ${answer.status}`);
      tokens = answer.ok ? ((await answer.json()) as typeof tokens) : {};
      if (!answer.ok) {
        request.log.info({ status: answer.status }, 'staff single sign-on: the code was refused');
        throw refusal(
          400,
          'staff_sso_code_rejected',
          'Your firm’s single sign-on did not accept this sign-in (it may have been used already). Start again.',
        );
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.warn({ err: error }, 'staff single sign-on: the provider did not answer');
      throw unavailable();
    }
    if (typeof tokens.id_token !== 'string')
      throw refusal(400, 'staff_sso_token_invalid', 'Your firm’s single sign-on sent no ID token.');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(tokens.id_token, keySet(found.jwks_uri), {
        issuer: provider.issuer,
        audience: provider.clientId,
        algorithms: ID_TOKEN_ALGORITHMS,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
      if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== provider.clientId)
        throw new Error('azp is not this client');
    } catch (error) {
      request.log.info({ err: error }, 'staff single sign-on: the ID token failed verification');
      throw refusal(
        400,
        'staff_sso_token_invalid',
        'The sign-in from your firm’s provider could not be verified.',
      );
    }
    context.subject = claims.sub;
    if (typeof claims.nonce !== 'string' || !sameText(claims.nonce, attempt.nonce))
      throw refusal(
        400,
        'staff_sso_nonce_mismatch',
        'The sign-in from your firm’s provider was not this one.',
      );

    const identity = await emailOf(claims, found, tokens.access_token);
    context.email = identity.email ?? undefined;
    if (!identity.email || identity.verified !== true)
      throw refusal(
        403,
        'staff_sso_email_unverified',
        'Your firm’s provider has not verified your email address, so it cannot sign you in here.',
      );
    const email = identity.email.trim().toLowerCase();
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (provider.emailDomains.length > 0 && !provider.emailDomains.includes(domain))
      throw refusal(
        403,
        'staff_sso_email_domain',
        'This email address’s domain cannot sign in to the console.',
      );
    const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
    if (!account || account.disabledAt) {
      context.staffId = account?.id;
      throw refusal(
        403,
        'staff_sso_unknown_account',
        'There is no console account for this email address. Ask an administrator to add you.',
      );
    }
    context.staffId = account.id;
    if (!holdsTenant(account, request.tenantUrl))
      throw refusal(
        403,
        'staff_sso_other_tenant',
        'Your account works another scheme’s console: sign in there.',
      );
    if (!showsSecondFactor(provider, claims))
      throw refusal(
        403,
        'staff_sso_mfa_required',
        'Your firm’s sign-in did not use a second factor. Sign in there with one (such as an authenticator app or security key) and try again.',
      );
    return account;
  }

  /** The email and whether it was verified: from the ID token, else from the provider's userinfo for the same subject. */
  async function emailOf(
    claims: JWTPayload,
    found: ProviderMetadata,
    accessToken: unknown,
  ): Promise<{ email: string | null; verified: unknown }> {
    if (typeof claims.email === 'string') return { email: claims.email, verified: claims.email_verified };
    if (!found.userinfo_endpoint || typeof accessToken !== 'string') return { email: null, verified: false };
    let info: Record<string, unknown>;
    try {
      const answer = await fetch(found.userinfo_endpoint, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!answer.ok) throw new Error(`userinfo answered ${answer.status}`);
      info = (await answer.json()) as Record<string, unknown>;
    } catch {
      throw unavailable();
    }
    if (info.sub !== claims.sub || typeof info.email !== 'string') return { email: null, verified: false };
    return { email: info.email, verified: info.email_verified };
  }
};

/** A page navigation (the provider's redirect in a browser) rather than an API call. */
const prefersPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
