import { SignJWT, errors as joseErrors } from 'jose';
import { rememberingVerifier } from '../../lib/verified-tokens';

const ISSUER = 'meridian';
const AUDIENCE = 'meridian-portal';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  businessGroup: string;
  referenceNumber: string;
}

export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  lifetimeSeconds: number,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, bgroup: claims.businessGroup, refno: claims.referenceNumber })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(key);
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

const verifiedClaims = rememberingVerifier(
  { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] },
  ({ sub, sid, bgroup, refno }): AccessClaims | null =>
    typeof sub === 'string' && typeof sid === 'string' && typeof bgroup === 'string' && typeof refno === 'string'
      ? { userId: sub, sessionId: sid, businessGroup: bgroup, referenceNumber: refno }
      : null,
);

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    const claims = await verifiedClaims(key, token);
    return claims ? { ok: true, claims } : { ok: false, reason: 'invalid' };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}
