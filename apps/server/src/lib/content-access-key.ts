import type { FastifyBaseLogger } from 'fastify';
import { SignJWT } from 'jose';
import { AppError } from './errors';
import { rememberingVerifier } from './verified-tokens';
import { contentAccessKeyPayloadSchema, type ContentAccessKeyPayload } from '@meridian/contracts';
import type { Database } from '../db/client';
import { sessionProblem, type SessionPolicy } from '../areas/authentication/session-service';
import { cachedSessionRow, type CachedSession } from '../plugins/member-auth';
import type { SessionCache } from './session-cache';

export const ACCESS_KEY_SECONDS = 60 * 60;
const ISSUER = 'meridian-member-data';
const AUDIENCE = 'meridian-content';

interface Record {
  businessGroup: string;
  referenceNumber: string;
}
const recordId = (record: Record) => `${record.businessGroup}:${record.referenceNumber}`;

/**
 * Signs the member attributes the content service personalises on, bound to the member's record and
 * to the session that asked, as it stood (`srec`: the session's record): the key stops working when
 * that session ends or switches record.
 */
export async function signContentAccessKey(
  key: Uint8Array,
  payload: ContentAccessKeyPayload,
  record: Record,
  session: Record & { id: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ACCESS_KEY_SECONDS) * 1000);
  const token = await new SignJWT({ key: payload, sid: session.id, srec: recordId(session) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(recordId(record))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_KEY_SECONDS)
    .sign(key);
  return { token, expiresAt };
}

export type VerifiedAccessKey =
  | { ok: true; payload: ContentAccessKeyPayload; subject: string; sessionId: string; sessionRecord: string }
  | { ok: false; reason: 'expired' | 'invalid' };

type VerifiedKey = Extract<VerifiedAccessKey, { ok: true }>;

const verifiedKey = rememberingVerifier(
  { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] },
  (payload): VerifiedKey | null => {
    const parsed = contentAccessKeyPayloadSchema.safeParse(payload.key);
    const { sub, sid, srec } = payload;
    if (!parsed.success || typeof sub !== 'string' || typeof sid !== 'string' || typeof srec !== 'string')
      return null;
    return { ok: true, payload: parsed.data, subject: sub, sessionId: sid, sessionRecord: srec };
  },
);

export async function verifyContentAccessKey(key: Uint8Array, token: string): Promise<VerifiedAccessKey> {
  try {
    return (await verifiedKey(key, token)) ?? { ok: false, reason: 'invalid' };
  } catch (error) {
    return {
      ok: false,
      reason: (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid',
    };
  }
}

export interface ContentAccessKeyGate {
  secret: Uint8Array;
  db: Database;
  policy: SessionPolicy;
  /** The signed-in sessions this instance holds briefly (SESSION_CACHE_MS), shared with member routes. */
  sessionCache: SessionCache<CachedSession>;
}

const refused = (code: string) =>
  new AppError(401, code, 'The content access key is not valid. Refresh it and try again.');

/**
 * The verified key, or a 401 naming why it was refused: a bad signature or shape
 * (`access_key_invalid`), past its expiry (`access_key_expired`), its session signed out or ended
 * (`access_key_session_ended`), or its session now acting as another record (`access_key_record_switched`).
 */
export async function requireContentAccessKey(
  gate: ContentAccessKeyGate,
  token: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Extract<VerifiedAccessKey, { ok: true }>> {
  const verified = await verifyContentAccessKey(gate.secret, token);
  if (!verified.ok) {
    log.warn({ reason: verified.reason }, 'content access key refused');
    throw refused(verified.reason === 'expired' ? 'access_key_expired' : 'access_key_invalid');
  }
  const session = await cachedSessionRow(gate.db, gate.sessionCache, verified.sessionId, gate.policy);
  if (sessionProblem(session, gate.policy)) {
    log.warn({ reason: 'session_ended' }, 'content access key refused');
    throw refused('access_key_session_ended');
  }
  if (recordId(session!) !== verified.sessionRecord) {
    log.warn({ reason: 'record_switched' }, 'content access key refused');
    throw refused('access_key_record_switched');
  }
  return verified;
}
