/**
 * Issue 15 item 4, SECURITY.md 31: "no request holds the event loop for more than 100 ms". The
 * probe that froze the server: 3,000 talents with 10,000-character notes, 4 bare GET /api/talents
 * at once (each asking for brotli, as a browser does), while /api/health is asked every 20 ms from
 * a worker thread (so reading the big answers here does not delay the probe). Budget: no health
 * answer slower than 100 ms. Exit code 1 when it is missed.
 *
 *   npm run bench:freeze -- --engine pglite        (a scratch DATA_DIR, /tmp/scout-bench-freeze)
 *   npm run bench:freeze -- --engine postgres      (the scout_bench_freeze database)
 */
import { sql } from 'drizzle-orm'
import { scratchTarget, type BenchTarget } from './lib/cli.ts'
import { openBenchDatabase, prepareDatabase } from './lib/database.ts'
import { healthProbe, percentile } from './lib/health-probe.ts'
import { loadAverage } from './lib/report.ts'
import { signIn, startServer } from './lib/server.ts'

const TALENTS = 3_000
const NOTES_CHARS = 10_000
const BARE_CALLS = 4
const HEALTH_EVERY_MS = 20
const BUDGET_MS = 100

/** Exactly TALENTS talents with long notes, whatever the database held before. */
async function seed(target: BenchTarget): Promise<void> {
  // At least one talent: a fresh scratch database is then migrated and has the bench account.
  await prepareDatabase(target, 1)
  const database = await openBenchDatabase(target)
  try {
    await database.db.execute(sql`DELETE FROM talents`)
    await database.db.execute(sql`
      INSERT INTO talents (full_name, email, area_of_interest, seniority_level, notes)
      SELECT 'Freeze ' || i, 'freeze' || i || '@bench.test', 'Design', 'mid',
             repeat(md5(i::text), ${Math.round(NOTES_CHARS / 32)}::int)
      FROM generate_series(1, ${TALENTS}) AS i`)
  } finally {
    await database.release()
  }
}

/**
 * The seed's 3,000 similar names queue a duplicate scan (seconds of database work, issue 19) that
 * would otherwise run inside the measured window: this bench measures the bare lists alone.
 */
async function settleDuplicateScan(url: string, token: string): Promise<void> {
  const started = performance.now()
  for (;;) {
    const response = await fetch(`${url}/api/duplicates`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const state = (await response.json()) as { scannedAt: string | null; scanning: boolean }
    if (state.scannedAt !== null && !state.scanning) break
    await new Promise((r) => setTimeout(r, 250))
  }
  console.log(
    `duplicate scan of the seed settled after ${(performance.now() - started).toFixed(0)} ms`,
  )
}

async function main(): Promise<void> {
  const target = scratchTarget(process.argv.slice(2), 'freeze')
  console.log(`bench:freeze on ${target.engine}: seeding ${TALENTS} talents with long notes…`)
  await seed(target)
  const server = await startServer(target, { loopDelay: true })
  try {
    const { token } = await signIn(server.url)
    await settleDuplicateScan(server.url, token)
    const probe = healthProbe(server.url, HEALTH_EVERY_MS)
    await new Promise((r) => setTimeout(r, 200))
    await server.loopDelay() // start the server's window with the calls
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: BARE_CALLS }, async () => {
        const response = await fetch(`${server.url}/api/talents`, {
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
        })
        const body = await response.arrayBuffer()
        return {
          status: response.status,
          jsonBytes: body.byteLength,
          next: response.headers.get('x-next-cursor') !== null,
          ms: performance.now() - started,
        }
      }),
    )
    const loop = await server.loopDelay()
    await new Promise((r) => setTimeout(r, 200))
    const latencies = await probe.stop()
    const max = Math.max(...latencies)
    console.log(`\nload average ${loadAverage()}`)
    for (const [i, a] of answers.entries()) {
      console.log(
        `bare GET #${i + 1}: ${a.status}, ${(a.jsonBytes / 1024 / 1024).toFixed(2)} MB JSON` +
          `, more pages: ${a.next ? 'yes' : 'no'}, answered after ${a.ms.toFixed(0)} ms`,
      )
    }
    console.log(
      `/api/health during them: ${latencies.length} answers, median ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${max.toFixed(1)} ms (budget ${BUDGET_MS} ms)`,
    )
    // A blocked loop shows here as a long gap; a slow health answer over a loop that kept
    // turning is CPU starvation (2 cores: server, its thread pool, PostgreSQL, this client) or a
    // queue (PGlite answers one query at a time, health's `select 1` included).
    console.log(
      `server event loop while answering: ${loop.ms.toFixed(0)} ms, gaps between 10 ms ticks ` +
        `median ${loop.p50.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms` +
        `; loop busy ${(100 * loop.busy).toFixed(0)} %, server CPU ${loop.cpu.toFixed(0)} % of a core`,
    )
    const pass = max <= BUDGET_MS && answers.every((a) => a.status === 200)
    console.log(pass ? 'PASS' : 'FAIL')
    process.exitCode = pass ? 0 : 1
  } finally {
    await server.stop()
  }
}

await main()
