import type { Db } from '../db/open.ts'
import { loadOnce } from './load-once.ts'

/**
 * Pool-wide numbers kept between writes (an exact count on every page caps
 * throughput at ~200 req/s on PostgreSQL and ~60 on PGlite): list totals per filter, the stat
 * cards, the tag counts and the reports. Keyed by database, so test databases never share entries.
 *
 * Like the page cache (docs/decisions/004-page-cache-per-data-version.md), every value is stored
 * under the data version its request read with its session. The database bumps that version in
 * every talent or tag write's transaction, on whichever process wrote, so a request that sees a
 * newer version starts a fresh cache, and a value loaded for an older version is served to its own
 * request but never stored (a count that began before another process's write
 * could otherwise be kept after a newer request had moved on). No time limit is needed for that.
 */

/** For values that also move with the clock (this month's count, the reports' last 30 days). */
export const CLOCK_TTL_MS = 60_000
const MAX_ENTRIES = 500

type Entry = { value: unknown; expiresAt: number }
type Cache = {
  version: number
  entries: Map<string, Entry>
  /** Loads under way for this version, shared by the requests that missed together. */
  loading: Map<string, Promise<unknown>>
}
const caches = new WeakMap<Db, Cache>()

/** The cache for `version`: a newer version than the cache's starts an empty one. */
function cacheAt(db: Db, version: number): Cache {
  let cache = caches.get(db)
  if (!cache || version > cache.version) {
    cache = { version, entries: new Map(), loading: new Map() }
    caches.set(db, cache)
  }
  return cache
}

/**
 * The value under `key` for the data version the request read; `undefined` (a caller with no
 * session, a script) always loads. `ttlMs` only for values the clock changes too.
 */
export async function cached<T>(
  db: Db,
  version: number | undefined,
  key: string,
  load: () => Promise<T>,
  isValue: (value: unknown) => value is T,
  ttlMs: number = Infinity,
): Promise<T> {
  if (version === undefined) return load()
  const cache = cacheAt(db, version)
  // Kept for this version or a newer one: at least as fresh as the request's own read.
  const hit = cache.entries.get(key)
  if (hit && hit.expiresAt > Date.now() && isValue(hit.value)) return hit.value
  // A request that began before a newer one saw a write: the newer version's load under way will
  // do too (page-cache.ts); failing that it loads its own, kept nowhere.
  if (version < cache.version) {
    const shared = await cache.loading.get(key)
    return isValue(shared) ? shared : load()
  }
  const current = cache
  const value = await loadOnce(current.loading, key, async () => {
    const loaded = await load()
    // Moved on while this loaded (a newer version arrived): the value may predate that write.
    if (caches.get(db) !== current) return loaded
    // Bounded: many distinct searches must not grow memory without limit.
    if (current.entries.size >= MAX_ENTRIES) current.entries.clear()
    current.entries.set(key, { value: loaded, expiresAt: Date.now() + ttlMs })
    return loaded
  })
  // Keys are per kind of value (`count:` …), so a shared load is of the caller's type; a value
  // that fails the caller's own check is loaded again rather than trusted.
  return isValue(value) ? value : load()
}

export const isNumber = (value: unknown): value is number => typeof value === 'number'

/** A cached count of talents for the request's data version. */
export function cachedCount(
  db: Db,
  version: number | undefined,
  key: string,
  load: () => Promise<number>,
  ttlMs?: number,
): Promise<number> {
  return cached(db, version, `count:${key}`, load, isNumber, ttlMs)
}

/**
 * Called with the data version each signed-in request read with its session, before the request
 * reads anything: a newer one means some process wrote since, so nothing older is served.
 */
export function noteDataVersion(db: Db, version: number): void {
  cacheAt(db, version)
}
