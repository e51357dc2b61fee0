import type { Db } from '../db/open.ts'

/**
 * Totals per filter, kept briefly (issue 3; STACK.md: an exact count on every page caps throughput
 * at ~200 req/s on PostgreSQL and ~60 on PGlite). Keyed by database, so test databases never share
 * entries, and cleared by every talent write in this process. Another process's writes show up
 * within the TTL at most.
 */
export const COUNT_TTL_MS = 10_000
const MAX_ENTRIES = 500

type Entry = { count: number; expiresAt: number }
const caches = new WeakMap<Db, Map<string, Entry>>()

export async function cachedCount(
  db: Db,
  key: string,
  count: () => Promise<number>,
  now: () => number = Date.now,
): Promise<number> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  const hit = cache.get(key)
  if (hit && hit.expiresAt > now()) return hit.count
  const value = await count()
  // Bounded: many distinct searches must not grow memory without limit.
  if (cache.size >= MAX_ENTRIES) cache.clear()
  cache.set(key, { count: value, expiresAt: now() + COUNT_TTL_MS })
  return value
}

/** Forgets every cached total of this database (called after each talent write). */
export function invalidateCounts(db: Db): void {
  caches.get(db)?.clear()
}
