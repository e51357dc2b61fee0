import type { BrowserContext, JSHandle, Page } from 'playwright-core'

/**
 * In-page instruments for bench:ui, installed in every page of `context` before its scripts run:
 * - each click leaves a performance mark 'bench-click' (when the page handled it, so the time
 *   this process takes to drive the browser on a busy machine is not counted);
 * - each long task (> 50 ms on the main thread) leaves a mark 'bench-longtask' at its start,
 *   with its duration as the detail.
 * Every time below is the page's performance.now() clock.
 */
export async function installProbes(context: BrowserContext): Promise<void> {
  // tsx compiles with keepNames: functions passed to page.evaluate that declare named helpers call
  // esbuild's __name, which the page lacks.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn' })
  await context.addInitScript(() => {
    // The default buffer (250) fills during a long scroll; later requests would go unseen.
    performance.setResourceTimingBufferSize(100_000)
    document.addEventListener('click', () => performance.mark('bench-click'), { capture: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        performance.mark('bench-longtask', { startTime: entry.startTime, detail: entry.duration })
      }
    }).observe({ type: 'longtask', buffered: true })
  })
}

/**
 * The page time a waitForFunction predicate saw its condition, for predicates written to return
 * performance.now() once true (polled every animation frame: at most a frame late).
 */
export async function timeOf(handle: JSHandle): Promise<number> {
  const value: unknown = await handle.jsonValue()
  if (typeof value !== 'number') throw new Error(`expected a page time, got ${String(value)}`)
  return value
}

/** When the page last handled a click. */
export function lastClickAt(page: Page): Promise<number> {
  return page.evaluate(() => {
    const marks = performance.getEntriesByName('bench-click')
    const last = marks[marks.length - 1]
    if (last === undefined) throw new Error('no click has been handled')
    return last.startTime
  })
}

export type Fetched = { startMs: number; endMs: number }

/** The start and end of the first request after `after` whose URL contains `part`. */
export async function fetchedAt(page: Page, part: string, after: number): Promise<Fetched> {
  const found = await page.evaluate(
    ({ part, after }) => {
      const entry = performance
        .getEntriesByType('resource')
        .find(
          (e): e is PerformanceResourceTiming =>
            e instanceof PerformanceResourceTiming && e.name.includes(part) && e.startTime >= after,
        )
      return entry === undefined
        ? undefined
        : { startMs: entry.startTime, endMs: entry.responseEnd }
    },
    { part, after },
  )
  if (found === undefined) throw new Error(`no request for ${part} after ${after.toFixed(0)} ms`)
  return found
}

export type LongTasks = {
  count: number
  maxMs: number
  blockingMs: number
  /** Each one: when it started (ms after `from`) and how long it took. */
  tasks: { atMs: number; ms: number }[]
}

/** The long tasks that started between two page times: how many, the longest, and their time over 50 ms. */
export async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTasks> {
  const tasks = await page.evaluate(
    ({ from, to }) =>
      performance
        .getEntriesByName('bench-longtask')
        .filter((e) => e.startTime >= from && e.startTime <= to)
        .map((e) => ({
          atMs: Math.round(e.startTime - from),
          ms: e instanceof PerformanceMark && typeof e.detail === 'number' ? e.detail : 0,
        })),
    { from, to },
  )
  const durations = tasks.map((t) => t.ms)
  return {
    tasks,
    count: durations.length,
    maxMs: Math.max(0, ...durations),
    blockingMs: durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
  }
}

export const pageNow = (page: Page) => page.evaluate(() => performance.now())

/**
 * How long a fixed piece of JavaScript takes in the page (median of 5, ms). Other work on the
 * machine slows it down, and the run's figures with it, so each run reports it beside its long
 * tasks: runs are comparable by it, the lowest being the quietest machine.
 */
export async function cpuProbe(page: Page): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    times.push(
      await page.evaluate(() => {
        const start = performance.now()
        let sum = 0
        for (let n = 0; n < 10_000_000; n++) sum += Math.sqrt(n)
        return sum > 0 ? performance.now() - start : 0
      }),
    )
    await page.waitForTimeout(50)
  }
  return [...times].sort((a, b) => a - b)[2] ?? NaN
}
