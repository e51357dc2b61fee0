import type { Db } from '../db/open.ts'

/**
 * Pool-wide numbers kept briefly (issue 3; STACK.md: an exact count on every page caps
 * throughput at ~200 req/s on PostgreSQL and ~60 on PGlite): list totals per filter, the
 * viewer-independent stat cards and the tag counts. Keyed by database, so test databases never
 * share entries, and cleared by every talent or tag write in this process; another process's
 * writes show up within the TTL at most.
 */
export const CACHE_TTL_MS = 10_000
const MAX_ENTRIES = 500

type Entry = { value: unknown; expiresAt: number }
const caches = new WeakMap<Db, Map<string, Entry>>()

export async function cached<T>(
  db: Db,
  key: string,
  load: () => Promise<T>,
  isValue: (value: unknown) => value is T,
): Promise<T> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  const hit = cache.get(key)
  if (hit && hit.expiresAt > Date.now() && isValue(hit.value)) return hit.value
  const value = await load()
  // Bounded: many distinct searches must not grow memory without limit.
  if (cache.size >= MAX_ENTRIES) cache.clear()
  cache.set(key, { value, expiresAt: Date.now() + CACHE_TTL_MS })
  return value
}

export const isNumber = (value: unknown): value is number => typeof value === 'number'

/** A cached count (the common case). */
export function cachedCount(db: Db, key: string, load: () => Promise<number>): Promise<number> {
  return cached(db, `count:${key}`, load, isNumber)
}

/** Forgets everything cached for this database (called after each talent or tag write). */
export function invalidateCounts(db: Db): void {
  caches.get(db)?.clear()
}
