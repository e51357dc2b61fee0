import { eq } from 'drizzle-orm'
import { readChangeNotice, type WatchChanges } from '../db/change-notices.ts'
import type { Db } from '../db/open.ts'
import { dataVersions } from '../db/schema.ts'

/** Loads what a request asked for again, under a newer data version, into the caches. */
export type Reload = (dataVersion: number) => Promise<unknown>

/** The most recently asked keys a refresh loads again: the pages people are looking at. */
export const REFRESH_AHEAD_KEYS = 4
/** Only keys asked this recently: with nobody looking, an import loads no page between batches. */
export const REFRESH_AHEAD_WITHIN_MS = 30_000

type Asked = { reload: Reload; at: number }

const asked = new WeakMap<Db, Map<string, Asked>>()

/** A request that may be cached per data version asked for `key`; `reload` loads it again. */
export function noteAsked(db: Db, key: string, reload: Reload): void {
  let reloads = asked.get(db)
  if (!reloads) {
    reloads = new Map()
    asked.set(db, reloads)
  }
  // Most recently asked last: a Map iterates in insertion order.
  reloads.delete(key)
  reloads.set(key, { reload, at: Date.now() })
  for (const oldest of reloads.keys()) {
    if (reloads.size <= REFRESH_AHEAD_KEYS) break
    reloads.delete(oldest)
  }
}

/**
 * Refresh-ahead on the embedded engine. There a request that misses the caches waits
 * for any transaction under way, and an import moves the data version with every batch: the first
 * requests after each commit waited for the whole next batch. Run after a commit, this loads the
 * most recently asked keys for the version just committed, so requests during the next
 * transaction find them cached (loads under way are shared with the requests that miss meanwhile,
 * load-once.ts). A failed reload is left to the next request. `committed` is the version when the
 * caller knows it (a commit's notification says it); otherwise it is read.
 */
export async function refreshAhead(db: Db, committed?: number): Promise<void> {
  const since = Date.now() - REFRESH_AHEAD_WITHIN_MS
  const reloads = [...(asked.get(db)?.values() ?? [])].filter((entry) => entry.at >= since)
  if (reloads.length === 0) return
  const version = committed ?? (await talentsVersion(db))
  if (version === undefined) return
  await Promise.all(reloads.map(({ reload }) => reload(version).catch(() => undefined)))
}

async function talentsVersion(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.name, 'talents'))
  return row ? Number(row.version) : undefined
}

const refreshing = new WeakSet<Db>()

/**
 * Embedded engine: every transaction that moves the talents' data version is followed, before its
 * writer goes on, by a refresh-ahead. The version moves where the writers commit, so this one
 * place covers them all: a request's edit, merge or bulk action, an import's batches, a CV's text
 * becoming searchable. Without it, the first list requests after a commit missed the caches and
 * waited out whatever transaction came next: an Undo clicked at once, the import's next batch
 * (docs/decisions/013-refresh-ahead-after-commits.md).
 *
 * `watch` reports each notification before the query that caused it returns, so a move seen
 * between a transaction's start and its end is that transaction's: the embedded engine runs one
 * transaction at a time.
 */
export async function refreshAheadAfterCommits(db: Db, watch: WatchChanges): Promise<void> {
  if (refreshing.has(db)) return
  refreshing.add(db)
  let moves = 0
  let latest: number | undefined
  await watch((payload) => {
    const notice = readChangeNotice(payload)
    if (notice.kind !== 'version' || notice.name !== 'talents') return
    moves += 1
    latest = notice.version
  })
  const transaction = db.transaction.bind(db)
  db.transaction = async (run, config) => {
    const before = moves
    const result = await transaction(run, config)
    if (moves !== before) await refreshAhead(db, latest)
    return result
  }
}
