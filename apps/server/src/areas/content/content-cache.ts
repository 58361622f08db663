import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';

/**
 * Content changes only when it syncs, yet every page view reads it. Reads are kept in memory briefly:
 * a sync in this process clears them at once, and another server's sync shows here within the TTL.
 * Cached values are shared between requests, so callers must not mutate them.
 */
export const CONTENT_CACHE_TTL_MS = 5_000;

const caches = new WeakMap<Database, LRUCache<string, { value: unknown }>>();

const cacheFor = (db: Database) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: 2_000, ttl: CONTENT_CACHE_TTL_MS });
    caches.set(db, cache);
  }
  return cache;
};

export async function cachedContent<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheFor(db);
  const hit = cache.get(key);
  if (hit) return hit.value as T;
  const value = await load();
  cache.set(key, { value });
  return value;
}

export const clearContentCache = (db: Database) => caches.get(db)?.clear();
