import { expect, test } from 'vitest'
import { SearchTimeoutError, STATEMENT_TIMEOUT_MESSAGE } from '../errors.ts'
import { SearchGate } from './search-gate.ts'

/** A search that ends when the test says so. */
function pending<T>() {
  let end: (value: T) => void = () => undefined
  const done = new Promise<T>((resolve) => (end = resolve))
  return { done, end }
}

test('security rule 43: searches take turns, in order, at most `concurrency` at once', async () => {
  const gate = new SearchGate(2, 60_000)
  const started: number[] = []
  const ends = [pending<number>(), pending<number>(), pending<number>()]
  const runs = ends.map((p, i) =>
    gate.run(() => {
      started.push(i)
      return p.done
    }),
  )
  await new Promise((resolve) => setImmediate(resolve))
  expect(started).toEqual([0, 1])
  ends[1]?.end(1)
  await runs[1]
  await new Promise((resolve) => setImmediate(resolve))
  expect(started).toEqual([0, 1, 2])
  ends[0]?.end(0)
  ends[2]?.end(2)
  expect(await Promise.all(runs)).toEqual([0, 1, 2])
})

test('security rule 43: past the deadline a waiting search never runs; a running one answers 503 but keeps its turn until it ends', async () => {
  const gate = new SearchGate(1, 500)
  const slow = pending<string>()
  let waiterRan = false
  const running = gate.run(() => slow.done)
  const waiting = gate.run(() => {
    waiterRan = true
    return Promise.resolve('late')
  })
  await expect(waiting).rejects.toThrow(SearchTimeoutError)
  await expect(running).rejects.toThrow(STATEMENT_TIMEOUT_MESSAGE)
  expect(waiterRan).toBe(false)
  // The statement is still running: the next search waits for it, then runs.
  let nextRan = false
  const after = gate.run(() => {
    nextRan = true
    return Promise.resolve('next')
  })
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(nextRan).toBe(false)
  slow.end('done')
  await expect(after).resolves.toBe('next')
})
