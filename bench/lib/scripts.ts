import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page, Response } from 'playwright-core'

export type Script = {
  path: string
  /** Decoded size in bytes. */
  raw: number
  /** gzip -9 of the decoded body, computed here so it does not depend on the server's encoding. */
  gzip: number
  /** The chunk carries Recharts (its class names), which the first screens must not load. */
  hasRecharts: boolean
}

function isScript(response: Response): boolean {
  if (response.request().resourceType() === 'script') return true
  return (response.headers()['content-type'] ?? '').includes('javascript')
}

async function measure(response: Response): Promise<Script | undefined> {
  if (!isScript(response) || response.status() !== 200) return undefined
  const body = await response.body()
  return {
    path: new URL(response.url()).pathname,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    hasRecharts: body.includes('recharts-wrapper'),
  }
}

/**
 * Records every JavaScript response of `page` from now on. `take()` returns those whose response
 * has arrived so far (bodies read in full), each file once.
 */
export function recordScripts(page: Page): { take: () => Promise<Script[]>; stop: () => void } {
  const pending: Promise<Script | undefined>[] = []
  const onResponse = (response: Response) => {
    pending.push(measure(response).catch(() => undefined))
  }
  page.on('response', onResponse)
  return {
    take: async () => {
      const seen = new Map<string, Script>()
      for (const script of await Promise.all(pending)) {
        if (script) seen.set(script.path, script)
      }
      return [...seen.values()]
    },
    stop: () => page.off('response', onResponse),
  }
}

/**
 * Marks (performance.mark 'bench-first-heading') when the page first shows a heading, in every page
 * of `context`: the moment a route has rendered, measured in the page, not from this process.
 */
export async function markFirstHeading(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('h1, h2') === null) return
      performance.mark('bench-first-heading')
      observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true })
  })
}

/** The paths of the resources the page requested before its first heading showed. */
export function requestedBeforeHeading(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const mark = performance.getEntriesByName('bench-first-heading')[0]
    if (mark === undefined) throw new Error('no heading has shown')
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < mark.startTime)
      .map((entry) => new URL(entry.name).pathname)
  })
}

export const sumGzip = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.gzip, 0)
