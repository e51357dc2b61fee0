/**
 * Issue 19 "Measured": a bulk tag of 10,000 talents ≤ 2 s, its undo ≤ 2 s, and the talent list
 * keeps p99 ≤ 50 ms meanwhile (autocannon on GET /api/talents?limit=50 for the whole time).
 *
 *   npm run bench:bulk -- --engine postgres   (database bulk19 unless --database-url)
 *   npm run bench:bulk -- --engine pglite     (DATA_DIR /tmp/bulk-bench unless --data-dir)
 *   options: --talents N (the pool, default 20000; at least 10,000)
 */
import autocannon from 'autocannon'
import { z } from 'zod'
import { parseCommonArgs, type BenchTarget } from './lib/cli.ts'
import { prepareDatabase } from './lib/database.ts'
import { loadAverage } from './lib/report.ts'
import { signIn, startServer } from './lib/server.ts'

const SELECTED = 10_000
const BUDGET = { bulkMs: 2_000, undoMs: 2_000, listP99Ms: 50 }
const CONNECTIONS = 4

function bulkTarget(argv: string[]): BenchTarget {
  const { target } = parseCommonArgs(argv)
  if (argv.includes('--data-dir') || argv.includes('--database-url')) return target
  return target.engine === 'pglite'
    ? { engine: 'pglite', dataDir: process.env.DATA_DIR ?? '/tmp/bulk-bench' }
    : {
        engine: 'postgres',
        url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bulk19',
      }
}

const idRows = z.array(z.object({ id: z.number() }))

/** SELECTED talent ids, read page by page as the dashboard does. */
async function someIds(url: string, headers: Record<string, string>): Promise<number[]> {
  const ids: number[] = []
  let cursor = ''
  while (ids.length < SELECTED) {
    const page = await fetch(`${url}/api/talents?limit=200${cursor ? `&cursor=${cursor}` : ''}`, {
      headers,
    })
    ids.push(...idRows.parse(await page.json()).map((row) => row.id))
    const next = page.headers.get('x-next-cursor')
    if (!next) break
    cursor = encodeURIComponent(next)
  }
  return ids.slice(0, SELECTED)
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await run()
  return { ms: performance.now() - started, value }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const common = parseCommonArgs(argv)
  const talents = argv.includes('--talents') ? common.talents : 20_000
  const { encoding } = common
  const target = bulkTarget(argv)
  await prepareDatabase(target, Math.max(talents, SELECTED))
  const server = await startServer(target)
  try {
    const { token } = await signIn(server.url)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const tag = `Bench ${Date.now().toString(36)}`
    const created = await fetch(`${server.url}/api/tags`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: tag }),
    })
    if (created.status !== 201) throw new Error(`creating the tag answered ${created.status}`)
    const ids = await someIds(server.url, headers)
    // Warm-up: the first bulk request of a process compiles its code paths.
    await fetch(`${server.url}/api/talents/bulk`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: 'addTags', ids: ids.slice(0, 10), payload: { tags: [tag] } }),
    })

    let finishList: (result: autocannon.Result) => void = () => undefined
    const listDone = new Promise<autocannon.Result>((resolve) => (finishList = resolve))
    const list = autocannon(
      {
        url: `${server.url}/api/talents?limit=50`,
        // As the dashboard asks (--encoding identity for an uncompressed client).
        headers: { authorization: headers.authorization, 'accept-encoding': encoding },
        connections: CONNECTIONS,
        duration: 600,
      },
      (_error, result) => finishList(result),
    )
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const bulk = await timed(async () => {
      const response = await fetch(`${server.url}/api/talents/bulk`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ action: 'addTags', ids, payload: { tags: [tag] } }),
      })
      return z.object({ bulkId: z.number(), affected: z.number() }).parse(await response.json())
    })
    const undo = await timed(async () => {
      const response = await fetch(`${server.url}/api/bulk/${bulk.value.bulkId}/undo`, {
        method: 'POST',
        // As the dashboard asks (--encoding identity for an uncompressed client).
        headers: { authorization: headers.authorization, 'accept-encoding': encoding },
      })
      return z.object({ restored: z.number() }).parse(await response.json())
    })
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    list.stop()
    const traffic = await listDone

    console.log(`bench:bulk on ${target.engine}, ${talents} talents, load average ${loadAverage()}`)
    console.log(
      `bulk tag of ${ids.length} talents (${bulk.value.affected} changed): ${bulk.ms.toFixed(0)} ms (budget ${BUDGET.bulkMs} ms)`,
    )
    console.log(
      `undo (${undo.value.restored} restored): ${undo.ms.toFixed(0)} ms (budget ${BUDGET.undoMs} ms)`,
    )
    console.log(
      `talent list meanwhile (accept-encoding "${encoding}"): ${traffic.requests.average.toFixed(0)} req/s, p50 ${traffic.latency.p50} ms, ` +
        `p99 ${traffic.latency.p99} ms (budget ${BUDGET.listP99Ms} ms), non-2xx ${traffic.non2xx}`,
    )
    const pass =
      ids.length === SELECTED &&
      bulk.ms <= BUDGET.bulkMs &&
      undo.ms <= BUDGET.undoMs &&
      traffic.latency.p99 <= BUDGET.listP99Ms &&
      traffic.non2xx === 0
    console.log(pass ? 'PASS' : 'FAIL')
    process.exitCode = pass ? 0 : 1
  } finally {
    await server.stop()
  }
}

await main()
