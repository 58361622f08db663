import { eq, and } from 'drizzle-orm';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';
import type { SingleAuthSettings } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { userIdentities, users } from '../../db/schema';
import { loadProviderSigningKey, publicJwk } from '../identity-provider/keys';

export type TokenCheck =
  | {
      ok: true;
      userId: string;
      issuer: string;
      subject: string;
      expiresAt: Date;
      /** The embedded provider asked for a second factor at this sign-in (its `amr` says `otp` or `mfa`). */
      secondFactor: boolean;
    }
  | {
      ok: false;
      code: 'sso_token_expired' | 'sso_token_invalid' | 'sso_account_unknown' | 'sso_issuer_unavailable';
      reason: string;
    };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const algorithms = ['RS256', 'PS256', 'ES256', 'EdDSA'];

/**
 * Verifies an OpenID token (an ID token, or a JWT access token issued to the tenant's client) against the
 * issuer's keys, and finds the portal user it is for. The embedded provider's keys are read from the
 * database; an external issuer's come from its discovery document.
 */
/** How long a token without `exp` is remembered as spent. */
const UNDATED_TOKEN_MS = 24 * 3600_000;

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

  const portalUserFor = async (issuer: string, subject: string) => {
    if (issuer === embeddedIssuer) {
      if (!uuidPattern.test(subject)) return undefined;
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, subject));
      return user?.id;
    }
    const [identity] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
    return identity?.userId;
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
      const userId = await portalUserFor(issuer, payload.sub);
      if (!userId) return { ok: false, code: 'sso_account_unknown', reason: 'no_portal_user' };
      const expiresAt = new Date(payload.exp ? payload.exp * 1000 : Date.now() + UNDATED_TOKEN_MS);
      // Only the embedded provider's word on how the member signed in is trusted for step-up.
      const amr = Array.isArray(payload.amr) ? payload.amr : [];
      const secondFactor = issuer === embeddedIssuer && (amr.includes('otp') || amr.includes('mfa'));
      return { ok: true, userId, issuer, subject: payload.sub, expiresAt, secondFactor };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        return { ok: false, code: 'sso_token_expired', reason: 'expired' };
      const reason = error instanceof joseErrors.JOSEError ? error.code : 'malformed';
      return { ok: false, code: 'sso_token_invalid', reason };
    }
  };
}

export type SingleAuthTokenVerifier = ReturnType<typeof singleAuthTokenVerifier>;
