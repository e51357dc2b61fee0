import type { PGlite } from '@electric-sql/pglite'
import { setImmediate as nextTurn } from 'node:timers/promises'

/** How often the watch notes that the event loop turned. */
const TICK_MS = 5
/** Queries run back to back for at most this long before the event loop gets a turn. */
const HOLD_MS = 10

/**
 * Security rule 31 on the embedded engine: PGlite runs each statement on this thread, and a waiting
 * statement starts in a microtask as the one before it ends. 500 sign-ins at once queued 1,000
 * throttle statements that ran as one chain: the event loop did not turn for 981 ms (bench:burst),
 * and /api/health waited as long. From here a statement about to start when the loop has not
 * turned for HOLD_MS waits one turn first. A loop that turns freely never waits: the check is a
 * clock read against a timestamp a TICK_MS timer keeps; the returned function stops that timer. (Waiting a turn before every statement
 * was tried earlier and dropped: it halved a busy list's throughput, docs/performance.md.)
 */
export function takeTurnsBetweenStatements(client: PGlite): () => void {
  let lastTurn = performance.now()
  const watch = setInterval(() => (lastTurn = performance.now()), TICK_MS).unref()
  const run = client.execProtocolRaw.bind(client)
  client.execProtocolRaw = async (message, options) => {
    if (performance.now() - lastTurn > HOLD_MS) await nextTurn()
    return run(message, options)
  }
  // The caller stops the watch as it closes the client: a test worker opens one client per file.
  return () => clearInterval(watch)
}
