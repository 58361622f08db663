import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../lib/errors';
import { keepPrivate } from '../../lib/private-answer';
import { sameText } from '../../lib/same-text';
import { contentAccessKeyPayloadSchema, type ContentAccessKeyPayload } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { contentAccessKeys } from '../../db/schema';
import { sessionProblem, type SessionPolicy } from '../authentication/session-service';
import { cachedSessionRow, type CachedSession } from '../../plugins/member-auth';
import type { SessionCache } from '../../lib/session-cache';

export const ACCESS_KEY_SECONDS = 60 * 60;
/** Keys this instance remembers at most; a key's row never changes, so a remembered key needs no invalidation. */
const REMEMBERED_KEYS = 10_000;
/** 128 random bits name the key's row; a MAC of them (truncated to 132 bits) proves this service issued it. */
const KEY_FORMAT = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

interface Record {
  businessGroup: string;
  referenceNumber: string;
}
const recordId = (record: Record) => `${record.businessGroup}:${record.referenceNumber}`;

const macOf = (secret: Uint8Array, id: string) =>
  createHmac('sha256', secret).update(id).digest('base64url').slice(0, 22);

/**
 * Stores the member attributes the content service personalises on, bound to the member's record and
 * to the session that asked, as it stood (its record): the key stops working when that session ends
 * or switches record. The key is the stored row's id and a MAC of it, about 45 characters: it goes in
 * the query of every signed-in content call, where a signed token carrying the attributes was 900
 * characters (parsed on every call) and put the member's status and age into every access log.
 */
export async function issueContentAccessKey(
  gate: Pick<ContentAccessKeyGate, 'secret' | 'db'>,
  payload: ContentAccessKeyPayload,
  record: Record,
  session: Record & { id: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const id = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + ACCESS_KEY_SECONDS * 1000);
  await gate.db.insert(contentAccessKeys).values({
    id,
    sessionId: session.id,
    subject: recordId(record),
    sessionRecord: recordId(session),
    payload,
    expiresAt,
  });
  return { token: `${id}.${macOf(gate.secret, id)}`, expiresAt };
}

export type VerifiedAccessKey =
  | { ok: true; payload: ContentAccessKeyPayload; subject: string; sessionId: string; sessionRecord: string }
  | { ok: false; reason: 'expired' | 'invalid' };

/** A key this service issued, with its MAC, so a remembered key is checked without computing it again. */
type IssuedKey = Extract<VerifiedAccessKey, { ok: true }> & { mac: string; expiresAt: number };

const rememberedKeys = new WeakMap<Uint8Array, LRUCache<string, IssuedKey>>();

async function storedKey(db: Database, id: string, mac: string): Promise<IssuedKey | undefined> {
  const [row] = await db.select().from(contentAccessKeys).where(eq(contentAccessKeys.id, id));
  const payload = contentAccessKeyPayloadSchema.safeParse(row?.payload);
  if (!row || !payload.success) return undefined;
  return {
    ok: true,
    payload: payload.data,
    subject: row.subject,
    sessionId: row.sessionId,
    sessionRecord: row.sessionRecord,
    mac,
    expiresAt: row.expiresAt.getTime(),
  };
}

/** The key's attributes if this service issued it and it has not expired; a key seen before is answered from memory. */
export async function verifyContentAccessKey(
  gate: Pick<ContentAccessKeyGate, 'secret' | 'db'>,
  token: string,
  now = Date.now(),
): Promise<VerifiedAccessKey> {
  const parts = KEY_FORMAT.exec(token);
  if (!parts) return { ok: false, reason: 'invalid' };
  const [, id, mac] = parts as unknown as [string, string, string];
  let remembered = rememberedKeys.get(gate.secret);
  if (!remembered) {
    remembered = new LRUCache({ max: REMEMBERED_KEYS });
    rememberedKeys.set(gate.secret, remembered);
  }
  let key = remembered.get(id);
  if (key) {
    if (!sameText(mac, key.mac)) return { ok: false, reason: 'invalid' };
  } else {
    const expected = macOf(gate.secret, id);
    if (!sameText(mac, expected)) return { ok: false, reason: 'invalid' };
    key = await storedKey(gate.db, id, expected);
    if (!key) return { ok: false, reason: 'invalid' };
    remembered.set(id, key);
  }
  if (key.expiresAt <= now) return { ok: false, reason: 'expired' };
  return key;
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
 * The answer made with it is the member's own, so no cache may keep it.
 */
export async function requireContentAccessKey(
  gate: ContentAccessKeyGate,
  token: string,
  { log }: { log: Pick<FastifyBaseLogger, 'warn'> },
  reply: Pick<FastifyReply, 'header'>,
): Promise<Extract<VerifiedAccessKey, { ok: true }>> {
  const verified = await verifyContentAccessKey(gate, token);
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
  keepPrivate(reply);
  return verified;
}
