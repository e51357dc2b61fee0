import { asBackground } from '../db/statement-priority.ts'
import { SearchTimeoutError } from '../errors.ts'

/**
 * Security rule 43: searches take turns, and each has a deadline.
 *
 * - At most `concurrency` searches reach the database at once; the rest wait here, not in the
 *   database. The embedded engine runs one statement at a time in arrival order: ten slow
 *   searches sent at once queued all their statements ahead of /api/health and a colleague's
 *   list, which waited for every one of them. Through the gate at most one search statement is
 *   ahead of them. On PostgreSQL the gate keeps pool connections free for everything else.
 * - A search not answered within `deadlineMs` (STATEMENT_TIMEOUT_MS) of its arrival answers 503,
 *   whether it is still waiting (it then never runs) or running. PostgreSQL stops a running
 *   statement itself (statement_timeout); the embedded engine cannot — PostgreSQL's timers do
 *   not fire in its wasm build — so there the statement finishes in the background and keeps
 *   its turn until it does, and no more searches pile up behind it than the gate lets in.
 * - On the embedded engine a search's statements also give way to any other request's
 *   (db/statement-priority.ts): a list waits for at most the one search statement running.
 */
export class SearchGate {
  readonly #concurrency: number
  readonly #deadlineMs: number
  #running = 0
  readonly #waiting: (() => void)[] = []

  constructor(concurrency: number, deadlineMs: number) {
    this.#concurrency = Math.max(1, concurrency)
    this.#deadlineMs = deadlineMs
  }

  async run<T>(search: () => Promise<T>): Promise<T> {
    const deadline = performance.now() + this.#deadlineMs
    await this.#enter(deadline)
    const work = asBackground(search).finally(() => this.#leave())
    const left = deadline - performance.now()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SearchTimeoutError()), Math.max(0, left))
    })
    try {
      const result = await Promise.race([work, late])
      // A search that held the thread past its deadline (the embedded engine in a script or
      // test, where no timer can fire while a statement runs) is late all the same.
      if (performance.now() > deadline) throw new SearchTimeoutError()
      return result
    } finally {
      clearTimeout(timer)
      // The search may end after its answer was sent: its outcome is no one's any more.
      work.catch(() => undefined)
    }
  }

  #enter(deadline: number): Promise<void> {
    if (this.#running < this.#concurrency) {
      this.#running += 1
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer)
        this.#running += 1
        resolve()
      }
      const timer = setTimeout(
        () => {
          const at = this.#waiting.indexOf(admit)
          if (at >= 0) this.#waiting.splice(at, 1)
          reject(new SearchTimeoutError())
        },
        Math.max(0, deadline - performance.now()),
      )
      this.#waiting.push(admit)
    })
  }

  #leave(): void {
    this.#running -= 1
    this.#waiting.shift()?.()
  }
}
