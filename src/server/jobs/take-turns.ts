import { setImmediate as nextTurn } from 'node:timers/promises'

/** Work a loop does between two turns of the event loop (security rule 31 allows 100 ms in all). */
const SLICE_MS = 10

/**
 * For loops over many items in a background job: `await turns.maybe()` inside the loop gives the
 * event loop a turn once SLICE_MS of work has passed since the last, so requests are served
 * between slices however large the input. Cheap enough to call every iteration.
 */
export function turnTaker(sliceMs = SLICE_MS): { maybe: () => Promise<void> | undefined } {
  let since = performance.now()
  let calls = 0
  return {
    maybe() {
      // Reading the clock every call would cost more than most iterations.
      if (++calls % 64 !== 0 || performance.now() - since < sliceMs) return undefined
      return nextTurn().then(() => {
        since = performance.now()
      })
    },
  }
}
