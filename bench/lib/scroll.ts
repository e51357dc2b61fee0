import type { Page } from 'playwright-core'
import { longTasksBetween, type LongTasks } from './page-probes.ts'

export type ScrollResult = {
  /** Talents loaded when the scroll stopped ('Showing N of …'). */
  loaded: number
  ms: number
  longTasks: LongTasks
  /** Animation frames during the scroll: the longest gap between two, and how many gaps were > 50 ms. */
  frames: { count: number; maxGapMs: number; over50: number }
  /** Cards or rows in the DOM at the end: all of them without windowing, a screenful or so with it. */
  domItems: number
}

const STEP_PX = 120

/**
 * Scrolls the window down by STEP_PX every animation frame, in the page (no round trip to this
 * process per step), until the dashboard says at least `target` talents are loaded; infinite
 * scroll loads the pages on the way. Then counts the long tasks and slow frames of that span.
 */
export async function scrollUntilLoaded(
  page: Page,
  target: number,
  timeoutMs = 120_000,
): Promise<ScrollResult> {
  const run = await page.evaluate(
    ({ target, timeoutMs, step }) =>
      new Promise<{ start: number; end: number; loaded: number; gaps: number[] }>(
        (resolve, reject) => {
          const status = document.querySelector(
            'section[aria-labelledby="talent-pool-heading"] p[aria-live="polite"]',
          )
          const loaded = () => {
            const match = /^Showing ([\d,]+)/.exec(status?.textContent ?? '')
            return match?.[1] === undefined ? 0 : Number(match[1].replaceAll(',', ''))
          }
          const start = performance.now()
          const gaps: number[] = []
          let last = start
          const frame = (now: number) => {
            gaps.push(now - last)
            last = now
            if (loaded() >= target) {
              resolve({ start, end: performance.now(), loaded: loaded(), gaps })
              return
            }
            if (now - start > timeoutMs) {
              reject(
                new Error(`only ${loaded()} talents loaded after ${timeoutMs} ms of scrolling`),
              )
              return
            }
            window.scrollBy(0, step)
            requestAnimationFrame(frame)
          }
          if (status === null) reject(new Error("no 'Showing N of M talents' line"))
          else requestAnimationFrame(frame)
          // Should animation frames stop (a starved or hidden page), fail instead of waiting forever.
          setTimeout(
            () => reject(new Error(`no end of scrolling after ${timeoutMs} ms`)),
            timeoutMs,
          )
        },
      ),
    { target, timeoutMs, step: STEP_PX },
  )
  // A long task that began during the scroll is reported once it ends: give it a moment.
  await page.waitForTimeout(300)
  const domItems = await page.evaluate(
    () =>
      document.querySelectorAll(
        '[aria-label="Talents"] article, table[aria-label="Talents"] tbody tr[aria-label]',
      ).length,
  )
  return {
    loaded: run.loaded,
    ms: run.end - run.start,
    longTasks: await longTasksBetween(page, run.start, run.end),
    frames: {
      count: run.gaps.length,
      maxGapMs: Math.max(0, ...run.gaps),
      over50: run.gaps.filter((gap) => gap > 50).length,
    },
    domItems,
  }
}
