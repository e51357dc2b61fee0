import { setImmediate as nextTurn } from 'node:timers/promises'

let queue: Promise<void> = Promise.resolve()

/**
 * Security rule 31: runs `read` after every read queued before it, with a turn of the event loop
 * between them, so the process does one long page's query per turn however many requests read
 * one. Each request yielding on its own was not enough: four bare lists resumed in the same turn
 * and ran their queries back to back, which on PGlite (the database on this thread) held the loop
 * for all four (docs/performance.md). Reads of normal pages do not queue here.
 */
export function inTurn<T>(read: () => Promise<T>): Promise<T> {
  const result = queue.then(read)
  queue = result.then(
    () => nextTurn(),
    () => nextTurn(),
  )
  return result
}
