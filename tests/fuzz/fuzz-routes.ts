import { readdirSync } from 'node:fs'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, test } from 'vitest'
import { registeredRoutes, type RouteEntry } from '#server/auth/access.ts'
import { testEngine } from '../support/test-database.ts'
import { createFuzzHarness } from './harness.ts'
import { isWrite, requestFor, type FuzzRequest } from './requests.ts'

/**
 * Security rule 18 and 23: generated requests to EVERY route of the app (read
 * from the app itself, so routes added later are fuzzed without a change here) — wrong types,
 * missing and extra fields, huge strings, odd Unicode, malformed JSON, wrong content types, path
 * and query garbage — as anonymous, user and admin. Every answer is a 2xx or a 4xx with a JSON
 * message, never a 5xx; a batch of reads and refused writes changes no row (counted by test-only
 * triggers on every table); the server answers
 * its health check after each route.
 *
 * A run is a batch of 1-8 requests sent at once (the engines serve concurrent requests; it also
 * halves the run time on a 2-core box). Reproduce a failure with the seed fast-check prints.
 *
 * The routes are dealt into PARTS test files (fuzz-part-N.test.ts), so the run spreads over the
 * test workers instead of keeping one busy for minutes (PostgreSQL's 1,000 a route took 200 s).
 */
export const PARTS = 4

/**
 * At least this many requests per route, across the three callers: 1,000, or what FUZZ_REQUESTS
 * says (vitest.config.ts gives PGlite 250 when PostgreSQL runs the full 1,000).
 */
const REQUESTS_PER_ROUTE = Number(process.env.FUZZ_REQUESTS ?? 1000)

type Harness = Awaited<ReturnType<typeof createFuzzHarness>>

function describeRequest(request: FuzzRequest, response: LightMyRequestResponse): string {
  const payload = request.payload === undefined ? '' : ` body ${request.payload.slice(0, 300)}`
  return (
    `${request.caller}/${request.transport} ${request.method} ${request.url.slice(0, 300)} ` +
    `[${request.contentType ?? 'no content type'}]${payload} → ${response.statusCode} ` +
    response.body.slice(0, 300)
  )
}

/** Routes whose whole job is a redirect (browsers ask for /favicon.ico whatever the page says). */
const REDIRECTS: Record<string, string> = { '/favicon.ico': '/favicon.svg' }

/** A 2xx, or a 4xx whose body is JSON with a message: never a 5xx, never an empty error. */
function checkAnswer(request: FuzzRequest, response: LightMyRequestResponse): void {
  const what = describeRequest(request, response)
  expect(response.statusCode, what).toBeLessThan(500)
  expect(response.statusCode, what).toBeGreaterThanOrEqual(200)
  const redirect = REDIRECTS[request.url.split('?')[0] ?? '']
  if (redirect !== undefined && response.statusCode < 400) {
    // Always to the same fixed place: no part of the request steers where the browser goes.
    expect([response.statusCode, response.headers.location], what).toEqual([301, redirect])
    return
  }
  expect(response.statusCode >= 300 && response.statusCode < 400, `a redirect: ${what}`).toBe(false)
  if (response.statusCode < 400) return
  if (isPrivacyPage(request) && /^text\/html/.test(String(response.headers['content-type']))) {
    // Security rule 59-61: the person's privacy page answers a refusal it makes (an expired
    // link, a bad form, too many requests) as a page of its own, never with data; what the
    // house refuses before it (malformed JSON, a content type) stays JSON.
    expect(response.body.toLowerCase(), what).toContain('<!doctype html')
    return
  }
  if (isUnknownPage(request, response)) {
    // Security rule 48: a path that is no page of the app is a 404 carrying the app, which draws
    // its not-found screen; only API paths answer JSON.
    expect(response.body.toLowerCase(), what).toContain('<!doctype html')
    return
  }
  expect(response.headers['content-type'], what).toMatch(/^application\/json/)
  const body: unknown = response.json()
  expect(body, what).toMatchObject({ message: expect.stringMatching(/\S/) as unknown })
}

function isPrivacyPage(request: FuzzRequest): boolean {
  return /^\/privacy\/r\/[^/?]*$/.test(request.url.split('?')[0] ?? '')
}

function isUnknownPage(request: FuzzRequest, response: LightMyRequestResponse): boolean {
  const path = request.url.split('?')[0] ?? ''
  return (
    response.statusCode === 404 &&
    !/^\/api(\/|$)/i.test(path) &&
    String(response.headers['content-type']).startsWith('text/html')
  )
}

const MAX_BATCH = 8

/**
 * Reads that write when they succeed, by design: an export is recorded in the activity log before
 * its rows leave, and the duplicates list queues the pool's first scan when it has
 * never been scanned. A refused one must not write.
 */
const AUDITED_READS = new Set([
  'GET /api/talents/export',
  'POST /api/talents/export',
  'GET /api/duplicates',
  // A hand-over of personal data is logged before its first byte (security rule 54).
  'GET /api/talents/:id/personal-data',
])

/**
 * Runs the route's batches until REQUESTS_PER_ROUTE are sent, or until `signal` says the test
 * ran out of time: a property left running would keep writing while the next route's reads are
 * counted, failing routes that wrote nothing.
 */
async function fuzzRoute(h: Harness, route: RouteEntry, signal: AbortSignal): Promise<number> {
  let sent = 0
  // The write count after the previous run; undefined after a failed run (shrinking re-runs).
  let writes: number | undefined
  const batch = fc.array(requestFor(route), { minLength: 1, maxLength: MAX_BATCH })
  const property = fc.asyncProperty(batch, async (requests) => {
    if (signal.aborted) throw new Error(`${route.method} ${route.url}: out of time, stopped`)
    const before = writes ?? (await h.writeCount())
    writes = undefined
    const responses = await Promise.all(requests.map((request) => h.send(request)))
    sent += requests.length
    requests.forEach((request, i) => {
      const response = responses[i]
      if (response) checkAnswer(request, response)
    })
    const wrote =
      (isWrite(route.method) || AUDITED_READS.has(`${route.method} ${route.url}`)) &&
      responses.some((r) => r.statusCode < 300)
    // Nothing half-written: reads and refused writes leave every row as it was.
    if (!wrote) {
      const after = await h.writeCount()
      expect(after - before, `${route.method} ${route.url} wrote rows without succeeding`).toBe(0)
    }
    // A successful write may have logged out, demoted or deleted a caller, and five wrong current
    // passwords end the caller's session (security rule 30): put them back before the next batch.
    await h.restoreCallers()
    writes = await h.writeCount()
  })
  while (sent < REQUESTS_PER_ROUTE && !signal.aborted) {
    const runs = Math.ceil((REQUESTS_PER_ROUTE - sent) / ((MAX_BATCH + 1) / 2))
    await fc.assert(property, { numRuns: runs })
  }
  return sent
}

/** Fuzzes every PARTS-th route, starting with the part-th (1-based). */
export async function fuzzRoutes(part: number): Promise<void> {
  const h = await createFuzzHarness()
  afterAll(() => h.close())

  // HEAD routes Fastify adds for every GET run the same handler; fuzzing the GET covers them.
  const all = registeredRoutes(h.t.app).filter(
    (route, _i, every) =>
      !(route.method === 'HEAD' && every.some((r) => r.method === 'GET' && r.url === route.url)),
  )
  const routes = all.filter((_route, i) => i % PARTS === part - 1)

  describe(`fuzzing every route on ${testEngine()}, part ${String(part)} of ${String(PARTS)} (security rule 18 and 23)`, () => {
    test('the app has routes to fuzz, and every part has its file', () => {
      expect(all.length).toBeGreaterThan(10)
      expect(routes.length).toBeGreaterThan(0)
      const files = readdirSync(import.meta.dirname).filter((f) =>
        /^fuzz-part-\d+\.test\.ts$/.test(f),
      )
      expect(files.sort()).toEqual(
        Array.from({ length: PARTS }, (_, i) => `fuzz-part-${String(i + 1)}.test.ts`),
      )
    })

    // The route before, if it ran out of time, has stopped sending before this one counts.
    let previous: Promise<unknown> = Promise.resolve()
    test.for(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
      `%s: ≥${REQUESTS_PER_ROUTE.toLocaleString('en')} generated requests, never a 5xx, nothing half-written, still up`,
      // A route's time grows with the machine's load: the limit leaves room for a machine shared
      // with other work (docs/decisions/027-ci-under-ten-minutes.md).
      { timeout: 180_000 },
      async ([, route], { signal }) => {
        await previous.catch(() => undefined)
        const run = fuzzRoute(h, route, signal)
        previous = run
        const sent = await run
        expect(sent).toBeGreaterThanOrEqual(REQUESTS_PER_ROUTE)
        const health = await h.t.app.inject({ url: '/api/health' })
        expect(health.statusCode).toBe(200)
        expect(health.json()).toEqual({ status: 'ok', database: 'up' })
      },
    )
  })
}
