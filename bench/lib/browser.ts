import { chromium, type Browser, type Page, type Request, type Response } from 'playwright-core'

/** The system Chromium with the flags that work on these machines. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export type Transfer = { js: number; css: number; api: number; other: number; files: number }

/**
 * Counts the bytes of every response body as it came over the wire (gzip/br as served), by kind,
 * from now until the returned function is called.
 */
export function countTransfer(page: Page): () => Promise<Transfer> {
  const responses: Response[] = []
  const onResponse = (response: Response) => responses.push(response)
  page.on('response', onResponse)
  return async () => {
    page.off('response', onResponse)
    const total: Transfer = { js: 0, css: 0, api: 0, other: 0, files: 0 }
    for (const response of responses) {
      // Resolves when the body has arrived; responseBodySize is the encoded size.
      const { responseBodySize } = await response.request().sizes()
      const type = response.request().resourceType()
      const key =
        type === 'script'
          ? 'js'
          : type === 'stylesheet'
            ? 'css'
            : type === 'fetch'
              ? 'api'
              : 'other'
      total[key] += responseBodySize
      total.files++
    }
    return total
  }
}

/** performance.now() in this process, in ms since `from`. */
export const since = (from: number) => performance.now() - from

export type TimelineEntry = { path: string; startMs: number; ttfbMs: number; endMs: number }

/**
 * Every request finished from now until the returned function is called: when it started, when
 * its first byte and its last byte arrived, in ms after `zero()` (an epoch time, Date.now()).
 */
export function recordTimeline(page: Page, zero: () => number): () => TimelineEntry[] {
  const entries: TimelineEntry[] = []
  const onFinished = (request: Request) => {
    const timing = request.timing()
    const start = timing.startTime - zero()
    const url = new URL(request.url())
    entries.push({
      path: `${url.pathname}${url.search}`.slice(0, 90),
      startMs: start,
      ttfbMs: start + timing.responseStart,
      endMs: start + timing.responseEnd,
    })
  }
  page.on('requestfinished', onFinished)
  return () => {
    page.off('requestfinished', onFinished)
    return entries.sort((a, b) => a.startMs - b.startMs)
  }
}
