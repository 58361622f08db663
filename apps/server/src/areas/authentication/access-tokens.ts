import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

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

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const { sub, sid, bgroup, refno } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof bgroup !== 'string' || typeof refno !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { userId: sub, sessionId: sid, businessGroup: bgroup, referenceNumber: refno } };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}
