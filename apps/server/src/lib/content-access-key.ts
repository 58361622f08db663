import type { FastifyBaseLogger } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from './errors';
import { contentAccessKeyPayloadSchema, type ContentAccessKeyPayload } from '@meridian/contracts';

export const ACCESS_KEY_SECONDS = 60 * 60;
const ISSUER = 'meridian-member-data';
const AUDIENCE = 'meridian-content';

/** Signs the member attributes the content service personalises on, bound to the member's record. */
export async function signContentAccessKey(
  key: Uint8Array,
  payload: ContentAccessKeyPayload,
  record: { businessGroup: string; referenceNumber: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ACCESS_KEY_SECONDS) * 1000);
  const token = await new SignJWT({ key: payload })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(`${record.businessGroup}:${record.referenceNumber}`)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_KEY_SECONDS)
    .sign(key);
  return { token, expiresAt };
}

export type VerifiedAccessKey =
  | { ok: true; payload: ContentAccessKeyPayload; subject: string }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyContentAccessKey(key: Uint8Array, token: string): Promise<VerifiedAccessKey> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const parsed = contentAccessKeyPayloadSchema.safeParse(payload.key);
    if (!parsed.success || typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, payload: parsed.data, subject: payload.sub };
  } catch (error) {
    return {
      ok: false,
      reason: (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid',
    };
  }
}

/** The verified key's payload, or a 401 naming why it was refused. */
export async function requireContentAccessKey(
  key: Uint8Array,
  token: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<ContentAccessKeyPayload> {
  const verified = await verifyContentAccessKey(key, token);
  if (verified.ok) return verified.payload;
  log.warn({ reason: verified.reason }, 'content access key refused');
  throw new AppError(
    401,
    verified.reason === 'expired' ? 'access_key_expired' : 'access_key_invalid',
    'The content access key is not valid. Refresh it and try again.',
  );
}
