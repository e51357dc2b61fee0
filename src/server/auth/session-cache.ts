/** Subscribes to "a session, a user or a data version changed" (migration 0006's triggers). */
export type WatchAuthChanges = (onChange: () => void) => Promise<void>

// Far more than the people signed in to one embedded server; only a bound against a flood of
// logins, not an eviction policy anyone should meet.
const MAX_ENTRIES = 10_000

/**
 * Session lookups kept in memory, for the embedded engine only: there the lookup was the one query
 * a cached list page still made. Exact, because one process owns the data folder and every change
 * notifies it before the writer's query returns (docs/decisions/005-embedded-session-cache.md).
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
