import { readChangeNotice } from '../db/change-notices.ts'

// Far more than the people signed in to one embedded server; only a bound against a flood of
// logins, not an eviction policy anyone should meet.
const MAX_ENTRIES = 10_000

/**
 * How an entry takes a new last-seen time: the entry as it is then, or undefined when it is not
 * the session with that id. Without it a touch forgets every entry, as any other change does.
 */
export type SeenUpdate<Entry> = (entry: Entry, sessionId: number, seenAt: Date) => Entry | undefined

/**
 * Session lookups kept in memory, for the embedded engine only: there the lookup was the one query
 * a cached list page still made. Exact, because one process owns the data folder and every change
 * notifies it before the writer's query returns (docs/decisions/005-embedded-session-cache.md).
 *
 * The talents' data version, read with each session, is kept beside the entries rather than in
 * them: a write moves it many times a second during an import, and each move used to cost every
 * waiting request a session query.
 */
export class SessionCache<Entry> {
  readonly #seen: SeenUpdate<Entry> | undefined
  #entries = new Map<string, Entry>()
  #generation = 0
  #talentsVersion: number | undefined
  #versionGeneration = 0

  constructor(seen?: SeenUpdate<Entry>) {
    this.#seen = seen
  }

  /** Taken before a lookup starts; `set` ignores a lookup from an older generation. */
  get generation(): number {
    return this.#generation
  }

  /** Taken before a lookup starts; `noteTalentsVersion` ignores a version read before a change. */
  get versionGeneration(): number {
    return this.#versionGeneration
  }

  /** The talents' data version as last committed, once a lookup or a change has told it. */
  get talentsVersion(): number | undefined {
    return this.#talentsVersion
  }

  get(key: string): Entry | undefined {
    return this.#entries.get(key)
  }

  set(key: string, entry: Entry, generation: number): void {
    if (generation !== this.#generation) return
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear()
    this.#entries.set(key, entry)
  }

  /** A version read by a lookup that began at `versionGeneration`. */
  noteTalentsVersion(version: number, versionGeneration: number): void {
    if (versionGeneration === this.#versionGeneration) this.#talentsVersion = version
  }

  /**
   * A session was seen (touched) at `seenAt`: its entry takes the time, and every other entry
   * stays. A touch changes nothing else a lookup reads.
   */
  noteSeen(sessionId: number, seenAt: Date): void {
    if (!this.#seen) {
      this.invalidate()
      return
    }
    for (const [key, entry] of this.#entries) {
      const updated = this.#seen(entry, sessionId, seenAt)
      if (updated !== undefined) this.#entries.set(key, updated)
    }
  }

  /**
   * One notification: a version move keeps the sessions, a touch updates its session's entry;
   * anything else forgets everything.
   */
  apply(payload: string): void {
    const notice = readChangeNotice(payload)
    if (notice.kind === 'seen') {
      this.noteSeen(notice.sessionId, notice.seenAt)
      return
    }
    if (notice.kind === 'other') {
      this.invalidate()
      return
    }
    // Only the talents' version is read with a session; another name changes nothing here.
    if (notice.name !== 'talents') return
    this.#versionGeneration += 1
    this.#talentsVersion = notice.version
  }

  /** Something changed: forget everything, and refuse lookups that began before now. */
  invalidate(): void {
    this.#generation += 1
    this.#entries.clear()
    this.#versionGeneration += 1
    this.#talentsVersion = undefined
  }
}
