import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Security rule 43: statements sent from inside `asBackground` (searches, through the search gate)
 * give way on the embedded engine: they start only while no other statement is waiting or running
 * (pglite-thread.ts). The engine runs one statement at a time, so a colleague's list then waits
 * for at most the one search statement already running, not for the next one too.
 */
const background = new AsyncLocalStorage<true>()

export function asBackground<T>(run: () => Promise<T>): Promise<T> {
  return background.run(true, run)
}

export function isBackground(): boolean {
  return background.getStore() === true
}
