import type { Db } from '../db/open.ts'

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

type PageCache = { version: number; pages: Map<string, CachedPage> }

/** ~30 KiB per page of 50: at most ~15 MiB. Bigger pages (a bare call's 10,000 rows) are not kept. */
export const MAX_CACHED_PAGES = 500
const MAX_CACHED_PAGE_CHARS = 256 * 1024

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
    cache = { version, pages: new Map() }
    caches.set(db, cache)
  }
  // A request that began before a newer one saw a write: serve it, but keep nothing.
  if (version < cache.version) return load()
  const hit = cache.pages.get(key)
  if (hit) {
    // Least recently used goes first: a Map iterates in insertion order.
    cache.pages.delete(key)
    cache.pages.set(key, hit)
    return hit
  }
  const page = await load()
  if (caches.get(db) !== cache || page.json.length > MAX_CACHED_PAGE_CHARS) return page
  if (cache.pages.size >= maxPages) {
    const oldest = cache.pages.keys().next()
    if (!oldest.done) cache.pages.delete(oldest.value)
  }
  cache.pages.set(key, page)
  return page
}
