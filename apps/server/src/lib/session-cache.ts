import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';

/** The channel (PostgreSQL NOTIFY, or Redis pub/sub) on which instances tell each other a session changed. */
export const SESSION_CHANNEL = 'meridian_session_changed';
/** Sessions held at most; the oldest go first. */
const MAX_ENTRIES = 20_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * A short-lived per-instance cache of signed-in sessions (the session row with its tenant), so that a
 * member's reads do not each ask the database who they are. A sign-out, record switch or revocation on
 * any instance reaches every other at once: PostgreSQL NOTIFY (or Redis pub/sub with REDIS_URL) makes
 * each drop the session. While an instance cannot hear those messages it serves nothing from its cache.
 */
export interface SessionCache<T> {
  /** A session read at or after `readSince` (ms), or undefined. */
  get(sessionId: string): T | undefined;
  /** Keeps a session read from the database at `readAt` (ms), unless it changed since that read began. */
  set(sessionId: string, value: T, readAt: number): void;
  /** Drops a changed session here and on every other instance. */
  changed(sessionId: string): Promise<void>;
  /** How long an entry is kept (0: the cache is off). */
  readonly ttlMs: number;
  close(): Promise<void>;
}

export interface SharedCacheOptions {
  database: DatabaseHandle;
  ttlMs: number;
  /** Messages go through Redis pub/sub when given, else through the database's NOTIFY. */
  redisUrl?: string;
  log: FastifyBaseLogger;
}

export const createSessionCache = <T>(options: SharedCacheOptions) =>
  createSharedCache<T>({ ...options, channel: SESSION_CHANNEL });

/**
 * A short-lived per-instance cache whose entries every instance drops as soon as any says, on
 * `channel`, that one changed (the session cache's workings, for other things read on every call).
 */
export async function createSharedCache<T>({
  channel,
  database,
  ttlMs,
  redisUrl,
  log,
}: SharedCacheOptions & { channel: string }): Promise<SessionCache<T>> {
  const entries = new Map<string, Entry<T>>();
  /** When each session last changed, kept as long as an entry could live, so a read begun before is not kept. */
  const changedAt = new Map<string, number>();
  let listening = false;
  /** Set by close: hearing nothing more is then the plan, not a fault to warn about. */
  let closing = false;

  const drop = (sessionId: string) => {
    const now = performance.now();
    entries.delete(sessionId);
    changedAt.set(sessionId, now);
    if (changedAt.size > MAX_ENTRIES)
      for (const [id, at] of changedAt) if (now - at > ttlMs) changedAt.delete(id);
  };
  const onState = (now: boolean) => {
    if (listening && !now && !closing)
      log.warn({ channel }, 'changes are not being heard: this cache is off until they are');
    listening = now;
    // Whatever happened while deaf may have changed any session.
    if (!now) entries.clear();
  };

  let publish: (sessionId: string) => Promise<void>;
  let stop: () => Promise<void>;
  if (ttlMs <= 0) {
    publish = async () => undefined;
    stop = async () => undefined;
  } else if (redisUrl) {
    const subscriber = new Redis(redisUrl, { connectTimeout: 2_000, lazyConnect: true });
    const publisher = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
    subscriber.on('message', (_channel: string, sessionId: string) => drop(sessionId));
    subscriber.on('ready', () => onState(true));
    subscriber.on('close', () => onState(false));
    subscriber.on('error', () => undefined);
    await subscriber.connect();
    await subscriber.subscribe(channel);
    onState(subscriber.status === 'ready');
    publish = async (sessionId) => void (await publisher.publish(channel, sessionId));
    stop = async () => {
      onState(false);
      await Promise.all([subscriber.quit(), publisher.quit()]);
    };
  } else {
    stop = await database.listen(channel, drop, onState);
    publish = async (sessionId) => {
      await database.db.execute(sql`select pg_notify(${channel}, ${sessionId})`);
    };
  }

  return {
    ttlMs,
    get(sessionId) {
      if (!listening) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAt > performance.now()) return entry.value;
      entries.delete(sessionId);
      return undefined;
    },
    set(sessionId, value, readAt) {
      if (!listening || (changedAt.get(sessionId) ?? -Infinity) >= readAt) return;
      if (entries.size >= MAX_ENTRIES) {
        const now = performance.now();
        for (const [id, entry] of entries) if (entry.expiresAt <= now) entries.delete(id);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      entries.set(sessionId, { value, expiresAt: readAt + ttlMs });
    },
    async changed(sessionId) {
      drop(sessionId);
      await publish(sessionId).catch((error: unknown) => {
        // Other instances then keep the session at most ttlMs longer.
        log.warn({ err: error }, 'could not announce a session change to the other instances');
      });
    },
    async close() {
      closing = true;
      await stop();
    },
  };
}
