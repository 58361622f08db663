import { eq, and } from 'drizzle-orm';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';
import { STEP_UP_FRESH_MINUTES, type SingleAuthSettings } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { userIdentities, users } from '../../db/schema';
import { loadProviderSigningKey, publicJwk } from '../identity-provider/keys';
import { ID_TOKEN_SECONDS } from '../identity-provider/provider';
import { providerSessionLive } from '../identity-provider/provider-sessions';

export type TokenCheck =
  | {
      ok: true;
      userId: string;
      issuer: string;
      subject: string;
      expiresAt: Date;
      /** The embedded provider asked for a second factor at this sign-in (its `amr` says `otp` or `mfa`). */
      secondFactor: boolean;
      /**
       * When that second factor was given (the token's `auth_time`), if within the step-up window
       * (STEP_UP_FRESH_MINUTES): the portal session's step-up is fresh from then, not from now.
       */
      steppedUpAt: Date | null;
      /** The embedded provider's session id for the portal (the token's `sid`); null for an external issuer. */
      providerSid: string | null;
    }
  | {
      ok: false;
      code: 'sso_token_expired' | 'sso_token_invalid' | 'sso_account_unknown' | 'sso_issuer_unavailable';
      reason: string;
    };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const algorithms = ['RS256', 'PS256', 'ES256', 'EdDSA'];

/** How long a token without `exp` is remembered as spent. */
const UNDATED_TOKEN_MS = 24 * 3600_000;
const STEP_UP_FRESH_SECONDS = STEP_UP_FRESH_MINUTES * 60;

type Refusal = Extract<TokenCheck, { ok: false }>;

/**
 * The embedded issuer's word on when the member signed in (`auth_time`, which its ID tokens for the
 * portal always carry): a sign-in older than an ID token lives, or from before the account's sessions
 * were last ended (a password set or reset, or sign out everywhere else), opens no session. So a browser
 * the provider lets through on an old session (an authorisation without prompt=login, which the portal
 * never sends) gets nowhere, and neither does a token issued before the account was secured.
 */
function embeddedSignInProblem(
  authTime: unknown,
  sessionsEndedAt: Date | null,
  nowSeconds: number,
): Refusal | null {
  if (typeof authTime !== 'number' || !Number.isFinite(authTime))
    return { ok: false, code: 'sso_token_invalid', reason: 'no_auth_time' };
  if (nowSeconds - authTime > ID_TOKEN_SECONDS)
    return { ok: false, code: 'sso_token_expired', reason: 'sign_in_not_recent' };
  // Whole seconds: a sign-in in the second the sessions ended still counts, so the member's own does.
  if (sessionsEndedAt && authTime < Math.floor(sessionsEndedAt.getTime() / 1000))
    return { ok: false, code: 'sso_token_expired', reason: 'signed_in_before_sessions_ended' };
  return null;
}

/**
 * Verifies an OpenID token (an ID token, or a JWT access token issued to the tenant's client) against the
 * issuer's keys, and finds the portal user it is for. The embedded provider's keys are read from the
 * database; an external issuer's come from its discovery document. An external issuer's sessions are its
 * own: its `auth_time` and `amr` are not read, and its tokens never count as a step-up.
 */

export function singleAuthTokenVerifier(db: Database, embeddedIssuer: string) {
  const keySets = new Map<string, Promise<JWTVerifyGetKey>>();

  const discover = async (issuer: string): Promise<JWTVerifyGetKey> => {
    if (issuer === embeddedIssuer) {
      return createLocalJWKSet({ keys: [publicJwk(await loadProviderSigningKey(db))] });
    }
    const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const document = (await response.json()) as { issuer?: string; jwks_uri?: string };
    if (document.issuer !== issuer || !document.jwks_uri)
      throw new Error('discovery document does not match the issuer');
    return createRemoteJWKSet(new URL(document.jwks_uri));
  };

  const keysFor = (issuer: string) => {
    let keys = keySets.get(issuer);
    if (!keys) {
      keys = discover(issuer);
      // A failed discovery is tried again on the next sign-in rather than remembered.
      keys.catch(() => keySets.delete(issuer));
      keySets.set(issuer, keys);
    }
    return keys;
  };

  const portalUserFor = async (
    issuer: string,
    subject: string,
  ): Promise<{ id: string; sessionsEndedAt: Date | null } | undefined> => {
    if (issuer === embeddedIssuer) {
      if (!uuidPattern.test(subject)) return undefined;
      const [user] = await db
        .select({ id: users.id, sessionsEndedAt: users.sessionsEndedAt })
        .from(users)
        .where(eq(users.id, subject));
      return user;
    }
    const [identity] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
    return identity ? { id: identity.userId, sessionsEndedAt: null } : undefined;
  };

  return async function verify(token: string, settings: SingleAuthSettings): Promise<TokenCheck> {
    const issuer = settings.authority;
    let keys: JWTVerifyGetKey;
    try {
      keys = await keysFor(issuer);
    } catch (error) {
      return { ok: false, code: 'sso_issuer_unavailable', reason: String(error) };
    }
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, audience: settings.clientId, algorithms });
      if (typeof payload.azp === 'string' && payload.azp !== settings.clientId) {
        return { ok: false, code: 'sso_token_invalid', reason: 'authorized_party_mismatch' };
      }
      if (!payload.sub) return { ok: false, code: 'sso_token_invalid', reason: 'no_subject' };
      const user = await portalUserFor(issuer, payload.sub);
      if (!user) return { ok: false, code: 'sso_account_unknown', reason: 'no_portal_user' };
      const expiresAt = new Date(payload.exp ? payload.exp * 1000 : Date.now() + UNDATED_TOKEN_MS);
      const base = { ok: true, userId: user.id, issuer, subject: payload.sub, expiresAt } as const;
      if (issuer !== embeddedIssuer)
        return { ...base, secondFactor: false, steppedUpAt: null, providerSid: null };
      const nowSeconds = Date.now() / 1000;
      const problem = embeddedSignInProblem(payload.auth_time, user.sessionsEndedAt, nowSeconds);
      if (problem) return problem;
      // The provider's ID tokens for the portal always carry its session id (includeSid, provider.ts).
      // Once that sign-in has ended (the member signed out the portal session it opened, from "Where
      // you are signed in"), a token it issued and nobody has used yet opens nothing either.
      if (typeof payload.sid !== 'string' || payload.sid === '')
        return { ok: false, code: 'sso_token_invalid', reason: 'no_sid' };
      if (!(await providerSessionLive(db, user.id, payload.sid)))
        return { ok: false, code: 'sso_token_expired', reason: 'provider_session_ended' };
      const authTime = payload.auth_time as number;
      // Only the embedded provider's word on how the member signed in is trusted for step-up, and only
      // for as long as a step-up lasts from that sign-in: `amr` alone says nothing of when.
      const amr = Array.isArray(payload.amr) ? payload.amr : [];
      const secondFactor = amr.includes('otp') || amr.includes('mfa');
      const fresh = secondFactor && nowSeconds - authTime < STEP_UP_FRESH_SECONDS;
      const steppedUpAt = fresh ? new Date(Math.min(authTime * 1000, Date.now())) : null;
      return { ...base, secondFactor, steppedUpAt, providerSid: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        return { ok: false, code: 'sso_token_expired', reason: 'expired' };
      const reason = error instanceof joseErrors.JOSEError ? error.code : 'malformed';
      return { ok: false, code: 'sso_token_invalid', reason };
    }
  };
}

export type SingleAuthTokenVerifier = ReturnType<typeof singleAuthTokenVerifier>;
