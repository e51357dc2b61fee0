import type { Db } from '../db/open.ts'
import type { ResolvedSession } from './sessions.ts'

/** Subscribes to "a session, a user or a data version changed" (migration 0006's triggers). */
export type WatchAuthChanges = (onChange: () => void) => Promise<void>

// Far more than the people signed in to one embedded server; only a bound against a flood of
// logins, not an eviction policy anyone should meet.
const MAX_ENTRIES = 10_000

/**
 * Session lookups kept in memory, for the embedded engine only. PGlite runs every query on the
 * Node thread (~1 ms even for `select 1`), and the lookup was the one query each cached list
 * page still made, so it set the p99 under load (docs/performance.md).
 *
 * It stays exact (SECURITY.md 9: the user is re-read on every request): one process owns the
 * data folder (data-dir-lock.ts), and every statement that changes sessions, users or the data
 * versions notifies this process before the writer's query returns, which drops every entry.
 * A lookup that raced a change is not stored: it carries the generation it started in.
 * PostgreSQL keeps reading per request: other processes write there, and their notifications
 * would arrive after their commits.
 */
export class SessionCache<Entry> {
  #entries = new Map<string, Entry>()
  #generation = 0

  /** Taken before a lookup starts; `set` ignores a lookup from an older generation. */
  get generation(): number {
    return this.#generation
  }

  get(key: string): Entry | undefined {
    return this.#entries.get(key)
  }

  set(key: string, entry: Entry, generation: number): void {
    if (generation !== this.#generation) return
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear()
    this.#entries.set(key, entry)
  }

  /** Something changed: forget everything, and refuse lookups that began before now. */
  invalidate(): void {
    this.#generation += 1
    this.#entries.clear()
  }
}

const caches = new WeakMap<Db, SessionCache<ResolvedSession>>()

/** Starts caching session lookups on `db`, invalidated by `watch`. Idempotent per database. */
export async function cacheSessionsOn(db: Db, watch: WatchAuthChanges): Promise<void> {
  if (caches.has(db)) return
  const cache = new SessionCache<ResolvedSession>()
  await watch(() => cache.invalidate())
  caches.set(db, cache)
}

/** The cache of `db`, when it has one (embedded engine behind buildApp). */
export function sessionCacheOf(db: Db): SessionCache<ResolvedSession> | undefined {
  return caches.get(db)
}
