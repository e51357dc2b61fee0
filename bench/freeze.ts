/**
 * Security rule 31 and 47: "no request holds the event loop for more than 100 ms".
 * The probe that froze the server: 3,000 talents with 10,000-character notes, 4 bare GET
 * /api/talents at once, while /api/health is asked every 20 ms from a worker thread (so reading the
 * big answers here does not delay the probe). One round per Accept-Encoding a client may send
 * (none, gzip as curl or a script does, brotli as a browser does), each first right after a write
 * (the page cache is per data version) and then again; one more reads its bodies slowly. Brotli
 * alone hid the other two paths (security rule 47). Budget: no health answer slower than 100 ms in
 * any round. Exit code 1 when it is missed.
 *
 *   npm run bench:freeze -- --engine pglite        (a scratch DATA_DIR, /tmp/scout-bench-freeze)
 *   npm run bench:freeze -- --engine postgres      (the scout_bench_freeze database)
 */
import { sql } from 'drizzle-orm'
import { parseCommonArgs, scratchTarget, type BenchTarget } from './lib/cli.ts'
import { openBenchDatabase, prepareDatabase } from './lib/database.ts'
import { healthProbe, percentile } from './lib/health-probe.ts'
import { loadAverage } from './lib/report.ts'
import { signIn, startServer } from './lib/server.ts'

const TALENTS = 3_000
const NOTES_CHARS = 10_000
const BARE_CALLS = 4
const HEALTH_EVERY_MS = 20
const BUDGET_MS = 100
/** What each round asks for: `identity` stands for no encoding (fetch adds gzip when none is set). */
const ENCODINGS = ['identity', 'gzip, deflate', 'br, gzip'] as const
/** The slow reader waits this long between the chunks it takes. */
const SLOW_READ_PAUSE_MS = 5

type Round = { encoding: string; cold: boolean; slow: boolean }

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
 * The seed's 3,000 similar names queue a duplicate scan (seconds of database work) that
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

/** `gzip`, `br after a write`, `identity read slowly`: what --only names. */
const describe = (round: Round) =>
  `${round.encoding.split(',')[0]}${round.cold ? ' after a write' : ''}${round.slow ? ' read slowly' : ''}`

/** A write through the API: the next requests see a new data version, every cache cold. */
async function write(url: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const created = await fetch(`${url}/api/talents`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      fullName: 'Cold Cache Writer',
      email: 'cold-cache@bench.test',
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    }),
  })
  if (created.status !== 201) throw new Error(`the write answered ${created.status}`)
  const { id } = (await created.json()) as { id: number }
  const deleted = await fetch(`${url}/api/talents/${id}`, { method: 'DELETE', headers })
  if (!deleted.ok) throw new Error(`the delete answered ${deleted.status}`)
}

async function readBody(response: Response, slow: boolean): Promise<number> {
  if (!slow || !response.body) return (await response.arrayBuffer()).byteLength
  const reader = response.body.getReader()
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return bytes
    bytes += value.byteLength
    await new Promise((r) => setTimeout(r, SLOW_READ_PAUSE_MS))
  }
}

/** One round: the 4 bare lists at once, health probed from its own thread; true when in budget. */
async function runRound(
  server: Awaited<ReturnType<typeof startServer>>,
  token: string,
  round: Round,
): Promise<boolean> {
  if (round.cold) {
    await write(server.url, token)
    await settleDuplicateScan(server.url, token)
  }
  const probe = healthProbe(server.url, HEALTH_EVERY_MS)
  await new Promise((r) => setTimeout(r, 200))
  await server.loopDelay() // start the server's window with the calls
  const started = performance.now()
  const answers = await Promise.all(
    Array.from({ length: BARE_CALLS }, async () => {
      const response = await fetch(`${server.url}/api/talents`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': round.encoding },
      })
      const bytes = await readBody(response, round.slow)
      return { status: response.status, bytes, ms: performance.now() - started }
    }),
  )
  const loop = await server.loopDelay()
  await new Promise((r) => setTimeout(r, 200))
  const latencies = await probe.stop()
  const max = Math.max(...latencies)
  const pass = max <= BUDGET_MS && answers.every((a) => a.status === 200)
  const name = describe(round)
  console.log(
    `\n[${pass ? 'PASS' : 'FAIL'}] ${name}, accept-encoding ${round.encoding} (load average ${loadAverage()})` +
      `\n  bare GETs: ${answers.map((a) => `${a.status} ${(a.bytes / 1024 / 1024).toFixed(2)} MB in ${a.ms.toFixed(0)} ms`).join('; ')}` +
      `\n  /api/health: ${latencies.length} answers, median ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${max.toFixed(1)} ms (budget ${BUDGET_MS} ms)` +
      // A blocked loop shows here as a long gap; a slow health answer over a loop that kept
      // turning is CPU starvation (2 cores: server, its thread pool, PostgreSQL, this client) or a
      // queue (PGlite answers one query at a time, health's `select 1` included).
      `\n  server event loop: gaps between 10 ms ticks median ${loop.p50.toFixed(1)} ms, ` +
      `p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms; loop busy ` +
      `${(100 * loop.busy).toFixed(0)} %, server CPU ${loop.cpu.toFixed(0)} % of a core`,
  )
  return pass
}

async function main(): Promise<void> {
  const target = scratchTarget(process.argv.slice(2), 'freeze')
  console.log(`bench:freeze on ${target.engine}: seeding ${TALENTS} talents with long notes…`)
  await seed(target)
  const server = await startServer(target, { loopDelay: true })
  try {
    const { token } = await signIn(server.url)
    await settleDuplicateScan(server.url, token)
    const rounds: Round[] = [
      ...ENCODINGS.flatMap((encoding) => [
        { encoding, cold: true, slow: false },
        { encoding, cold: false, slow: false },
      ]),
      { encoding: 'identity', cold: false, slow: true },
    ]
    // --only "identity,gzip after a write": only the rounds so described (describe).
    const { only } = parseCommonArgs(process.argv.slice(2))
    const chosen = rounds.filter((r) => only.length === 0 || only.includes(describe(r)))
    let pass = true
    for (const round of chosen) pass = (await runRound(server, token, round)) && pass
    console.log(pass ? '\nPASS' : '\nFAIL')
    process.exitCode = pass ? 0 : 1
  } finally {
    await server.stop()
  }
}

await main()
