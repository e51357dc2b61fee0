import type { Db } from '../db/open.ts'

/**
 * Pool-wide numbers kept between writes (issue 3; STACK.md: an exact count on every page caps
 * throughput at ~200 req/s on PostgreSQL and ~60 on PGlite): list totals per filter, the stat
 * cards, the tag counts and the reports. Keyed by database, so test databases never share
 * entries. Cleared by every talent or tag write in this process (invalidateCounts), and by the
 * first request that sees a newer data version (noteDataVersion): the version is bumped by the
 * database in every write's transaction (migration 0005), so another process's writes clear it
 * too, at once. What no version covers (the activity log behind the reports) keeps a brief TTL.
 */
export const CACHE_TTL_MS = 10_000
/**
 * Entries a data version makes stale: kept until it moves, or a minute at most. The minute is a
 * backstop for one race: a count that started before another process's write may be stored just
 * after a newer request cleared the cache for that write.
 */
export const UNTIL_WRITE_MS = 60_000
const MAX_ENTRIES = 500

type Entry = { value: unknown; expiresAt: number }
type Cache = { version: number; entries: Map<string, Entry> }
const caches = new WeakMap<Db, Cache>()

function cacheOf(db: Db): Cache {
  let cache = caches.get(db)
  if (!cache) {
    cache = { version: -1, entries: new Map() }
    caches.set(db, cache)
  }
  return cache
}

export async function cached<T>(
  db: Db,
  key: string,
  load: () => Promise<T>,
  isValue: (value: unknown) => value is T,
  ttlMs: number = CACHE_TTL_MS,
): Promise<T> {
  const { entries } = cacheOf(db)
  const hit = entries.get(key)
  if (hit && hit.expiresAt > Date.now() && isValue(hit.value)) return hit.value
  const value = await load()
  // Bounded: many distinct searches must not grow memory without limit.
  if (entries.size >= MAX_ENTRIES) entries.clear()
  entries.set(key, { value, expiresAt: Date.now() + ttlMs })
  return value
}

export const isNumber = (value: unknown): value is number => typeof value === 'number'

/** A cached count of talents: valid until the data version moves. */
export function cachedCount(db: Db, key: string, load: () => Promise<number>): Promise<number> {
  return cached(db, `count:${key}`, load, isNumber, UNTIL_WRITE_MS)
}

/** Forgets everything cached for this database (called after each talent or tag write). */
export function invalidateCounts(db: Db): void {
  caches.get(db)?.entries.clear()
}

/**
 * Called with the data version each signed-in request read with its session: a newer one means
 * some process wrote since, so everything cached is dropped before this request reads it.
 */
export function noteDataVersion(db: Db, version: number): void {
  const cache = cacheOf(db)
  if (version <= cache.version) return
  cache.version = version
  cache.entries.clear()
}
