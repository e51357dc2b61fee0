/**
 * Scout's paged dashboard against the spec's own design, measured the same way:
 * the spec's client downloads every talent and filters in the browser. Over HTTP to the real
 * server on the seeded database: the time and bytes until the dashboard has its data — Scout's
 * first page of 50 plus the stat cards, against every talent (bare GET /api/talents, following
 * X-Next-Cursor past the 10,000-row cap as a client wanting all of them must).
 *
 *   npm run bench:naive -- --engine postgres|pglite [--talents 100000] [--runs 3]
 */
import { gzipSync } from 'node:zlib'
import { parseCommonArgs } from './lib/cli.ts'
import { prepareDatabase } from './lib/database.ts'
import { loadAverage, markdownTable, ms, writeResults } from './lib/report.ts'
import { signIn, startServer } from './lib/server.ts'

type Fetched = { ms: number; requests: number; jsonBytes: number; gzipBytes: number; rows: number }

type Request = { path: string; followCursor?: boolean }

async function fetchAll(url: string, headers: Record<string, string>, list: Request[]) {
  const started = performance.now()
  let [requests, jsonBytes, gzipBytes, rows] = [0, 0, 0, 0]
  for (const { path, followCursor } of list) {
    let next: string | undefined = path
    while (next) {
      const response: Response = await fetch(`${url}${next}`, { headers })
      if (!response.ok) throw new Error(`${next}: HTTP ${response.status}`)
      const text = await response.text()
      const parsed: unknown = JSON.parse(text)
      requests++
      jsonBytes += Buffer.byteLength(text)
      gzipBytes += gzipSync(text, { level: 6 }).length
      if (Array.isArray(parsed)) rows += parsed.length
      const cursor = response.headers.get('x-next-cursor')
      next = cursor && followCursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : undefined
    }
  }
  return { ms: performance.now() - started, requests, jsonBytes, gzipBytes, rows }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

async function main(): Promise<void> {
  const args = parseCommonArgs()
  const talents = await prepareDatabase(args.target, args.talents)
  const runs = Math.min(args.runs, 5)
  console.log(
    `bench:naive — ${args.target.engine}, ${talents.toLocaleString('en')} talents, ${runs} runs; load average ${loadAverage()}`,
  )
  const server = await startServer(args.target)
  const results: Record<string, Fetched[]> = { scout: [], naive: [] }
  try {
    const { token } = await signIn(server.url)
    const headers = { authorization: `Bearer ${token}` }
    // Each design on its own: a page measured right after 57 MB of JSON would time the
    // garbage collector, not the page. A first, cold run of each is left out.
    const page = [{ path: '/api/talents?limit=50' }, { path: '/api/talents/stats' }]
    const everything = [{ path: '/api/talents', followCursor: true }]
    for (const [name, requests] of [
      ['scout', page],
      ['naive', everything],
    ] as const) {
      await fetchAll(server.url, headers, requests)
      for (let run = 0; run < runs; run++) {
        results[name]?.push(await fetchAll(server.url, headers, requests))
      }
    }
  } finally {
    await server.stop()
  }
  const row = (name: string, list: Fetched[]) => {
    const first = list[0]
    return [
      name,
      String(first?.requests ?? 0),
      (first?.rows ?? 0).toLocaleString('en'),
      ms(median(list.map((r) => r.ms))),
      `${((first?.jsonBytes ?? 0) / 1e6).toFixed(2)} MB`,
      `${((first?.gzipBytes ?? 0) / 1e6).toFixed(2)} MB`,
    ]
  }
  const scout = results.scout ?? []
  const naive = results.naive ?? []
  console.log(
    markdownTable(
      ['design', 'requests', 'talents', 'median ms to the data', 'JSON', 'gzip'],
      [
        row('Scout: first page of 50 + stat cards', scout),
        row('spec: every talent, filtered in the browser', naive),
      ],
    ),
  )
  const ratio = median(naive.map((r) => r.ms)) / Math.max(median(scout.map((r) => r.ms)), 0.01)
  console.log(
    `\nthe naive design takes ${ratio.toFixed(0)}× as long before the dashboard can show anything`,
  )
  console.log(`results: ${writeResults(`naive-${args.target.engine}`, { talents, results })}`)
}

await main()
