import type { Db } from '../db/open.ts'
import { loadOnce } from './load-once.ts'

/**
 * A cached page: everything but the total, which is cached by the same rule in count-cache.ts, and
 * its brotli bytes once a client asked for them (compressing was the biggest cost of a repeat).
 */
export type CachedPage = {
  json: string
  rowCount: number
  nextCursor: string | undefined
  brotli?: Buffer
}

type PageCache = {
  version: number
  pages: Map<string, CachedPage>
  bytes: number
  /** Loads under way for this version, shared by the requests that missed together. */
  loading: Map<string, Promise<CachedPage>>
}

/** ~30 KiB per page of 50: ~15 MiB at most, and never past MAX_CACHE_BYTES (security rule 31). */
export const MAX_CACHED_PAGES = 500
/** Every page kept, JSON and its brotli copy, per database. */
export const MAX_CACHE_BYTES = 16 * 1024 * 1024
/** Bigger pages (a bare call's thousands of rows) are not kept. */
const MAX_CACHED_PAGE_CHARS = 256 * 1024

/**
 * What a page holds, counted as kept: its JSON (one byte a character is close for this JSON) and
 * room for the brotli copy made on its first compressed request (~1/4 of the JSON at quality 1).
 */
export function pageBytes(page: CachedPage): number {
  return page.json.length + Math.ceil(page.json.length / 4)
}

const caches = new WeakMap<Db, PageCache>()

/**
 * Pages of the talent list per data version, so no process serves a page older than the writes
 * committed before the request began (docs/decisions/004-page-cache-per-data-version.md).
 */
export async function cachedPage(
  db: Db,
  version: number,
  key: string,
  load: () => Promise<CachedPage>,
  maxPages: number = MAX_CACHED_PAGES,
): Promise<CachedPage> {
  if (maxPages <= 0) return load()
  let cache = caches.get(db)
  if (!cache || version > cache.version) {
    cache = { version, pages: new Map(), bytes: 0, loading: new Map() }
    caches.set(db, cache)
  }
  // A request that began before a newer one saw a write: the newer version's page, kept or on
  // its way, is at least as fresh; failing that it loads its own and keeps nothing. (Loading its
  // own every time cost a query per request during an import, whose writes leave most requests
  // a version behind: the list's p99 was 251–367 ms in an import into 100,000 talents.)
  if (version < cache.version) {
    return cache.pages.get(key) ?? (await cache.loading.get(key)) ?? load()
  }
  const hit = cache.pages.get(key)
  if (hit) {
    // Least recently used goes first: a Map iterates in insertion order.
    cache.pages.delete(key)
    cache.pages.set(key, hit)
    return hit
  }
  const current = cache
  return loadOnce(cache.loading, key, async () => {
    const page = await load()
    if (caches.get(db) === current && page.json.length <= MAX_CACHED_PAGE_CHARS) {
      keep(current, key, page, maxPages)
    }
    return page
  })
}

function keep(cache: PageCache, key: string, page: CachedPage, maxPages: number): void {
  cache.pages.set(key, page)
  cache.bytes += pageBytes(page)
  // Least recently used first, until both the page count and the bytes are within bounds.
  for (const [oldKey, oldPage] of cache.pages) {
    if (cache.pages.size <= maxPages && cache.bytes <= MAX_CACHE_BYTES) break
    cache.pages.delete(oldKey)
    cache.bytes -= pageBytes(oldPage)
  }
}
