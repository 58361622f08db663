import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { writtenJson, type WrittenJson } from '../../lib/written-json';

/**
 * Content changes only when it syncs, yet every page view reads it. Reads are kept in memory briefly:
 * a sync in this process clears them at once, and another server's sync shows here within the TTL.
 * Cached values are shared between requests, so callers must not mutate them.
 */
export const CONTENT_CACHE_TTL_MS = 5_000;
/**
 * Bytes of variants (see cachedVariant) kept at most; past that, further ones are made on every call.
 * A variant sent compressed keeps its brotli or gzip copy beside it (plugins/api-compression.ts) for
 * as long as the variant lives. Those are not counted here: each is smaller than the JSON it was made
 * from (only answers of 1 kB and more are compressed, and JSON that long compresses), so with both
 * copies the variants take less than three times this.
 */
const MAX_VARIANT_BYTES = 32 * 1024 * 1024;

interface Entry {
  value: unknown;
  /** JSON made from the value (a page as one kind of reader receives it), by variant name. */
  variants: Map<string, WrittenJson | null>;
}

interface ContentCache {
  entries: LRUCache<string, Entry>;
  variantBytes: number;
}

const bytesOf = (entry: Entry) =>
  [...entry.variants.values()].reduce((sum, json) => sum + (json?.length ?? 0), 0);

const caches = new WeakMap<Database, ContentCache>();

const cacheFor = (db: Database) => {
  let cache = caches.get(db);
  if (!cache) {
    const created: ContentCache = {
      entries: new LRUCache({
        max: 2_000,
        ttl: CONTENT_CACHE_TTL_MS,
        dispose: (entry) => void (created.variantBytes -= bytesOf(entry)),
      }),
      variantBytes: 0,
    };
    cache = created;
    caches.set(db, cache);
  }
  return cache;
};

async function cachedEntry(db: Database, key: string, load: () => Promise<unknown>): Promise<Entry> {
  const { entries } = cacheFor(db);
  const hit = entries.get(key);
  if (hit) return hit;
  const entry: Entry = { value: await load(), variants: new Map() };
  entries.set(key, entry);
  return entry;
}

export async function cachedContent<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  return (await cachedEntry(db, key, load)).value as T;
}

/**
 * The JSON `make` writes of a cached value, kept with it under `variant` (which must name everything
 * else `make` depends on): it goes when the value goes, so a sync clears both and it never outlives
 * the value's TTL.
 */
export async function cachedVariant<T>(
  db: Database,
  key: string,
  load: () => Promise<T>,
  variant: string,
  make: (value: T) => string | null,
): Promise<WrittenJson | null> {
  const cache = cacheFor(db);
  const entry = await cachedEntry(db, key, load);
  const kept = entry.variants.get(variant);
  if (kept !== undefined) return kept;
  const text = make(entry.value as T);
  const made = text === null ? null : writtenJson(text);
  const bytes = made?.length ?? 0;
  if (cache.variantBytes + bytes <= MAX_VARIANT_BYTES && cache.entries.peek(key) === entry) {
    entry.variants.set(variant, made);
    cache.variantBytes += bytes;
  }
  return made;
}

export const clearContentCache = (db: Database) => caches.get(db)?.entries.clear();
