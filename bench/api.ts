/**
 * HTTP benchmark of every dashboard request against the real server. Prints a table with the database floor beside the HTTP latency, writes JSON to
 * bench/results/, and exits 1 when a row is over budget.
 *
 *   npm run bench:api -- --engine postgres|pglite [--talents 100000] [--duration 10] [--connections 20]
 *     [--data-dir /tmp/scout-bench] [--database-url postgres://…/scout_bench] [--encoding identity]
 *
 * Every case repeats one URL, so after its first request a list case is served from the page
 * cache (cache/page-cache.ts); `TALENT_PAGE_CACHE=0 npm run bench:api …` measures every request
 * going to the database, as the first visitor after a write gets it.
 */
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { rawRows } from '../src/server/db/raw-rows.ts'
import { apiCases, type ApiCase } from './api-cases.ts'
import { judge, type Verdict } from './lib/budget.ts'
import { parseCommonArgs } from './lib/cli.ts'
import { cpuPercent, sampleCpu } from './lib/cpu.ts'
import { openBenchDatabase, prepareDatabase } from './lib/database.ts'
import { measureFloors, type Floor } from './lib/floor.ts'
import { hammer, warmUp, type LoadResult } from './lib/load.ts'
import { loadAverage, machine, markdownTable, ms, writeResults } from './lib/report.ts'
import { REPO_ROOT, signIn, startServer } from './lib/server.ts'
import { walkTo } from './lib/walk.ts'

const DEEP_OFFSET = 50_000
const PROCESS_WARM_UP_S = 3

type Measured = {
  c: ApiCase
  load: LoadResult
  cpu: { server: number; postgres: number }
  loadavg: string
}

async function main(): Promise<number> {
  const args = parseCommonArgs()
  const { engine } = args.target
  console.log(
    `bench:api — ${engine}, ${args.talents.toLocaleString('en')} talents, ` +
      `${args.connections} connections × ${args.duration} s, accept-encoding "${args.encoding}"`,
  )
  const talents = await prepareDatabase(args.target, args.talents)
  const before = machine()
  console.log(`  ${talents.toLocaleString('en')} talents; load average ${before.loadavg}`)

  const profileDir = path.join(REPO_ROOT, 'bench', 'results', 'profiles')
  const server = await startServer(args.target, args.profile ? { profileDir } : {})
  const measured: Measured[] = []
  let cases: ApiCase[]
  try {
    const { token, userId } = await signIn(server.url)
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': args.encoding }
    const deep = await walkTo(server.url, headers, DEEP_OFFSET)
    console.log(
      `  walked to talent ${DEEP_OFFSET.toLocaleString('en')} in ${deep.requests} requests`,
    )
    cases = apiCases({ token, userId, deepCursor: deep.cursor, detailId: deep.firstId }).filter(
      (c) => args.only.length === 0 || args.only.some((part) => c.name.includes(part)),
    )
    // V8 optimises the hot paths after thousands of calls, not the 20 of a case's warm-up: without
    // this, the first case measured also paid the process's JIT warm-up in its tail.
    const first = cases[0]
    if (first) {
      console.log(`  warming the process: ${PROCESS_WARM_UP_S} s of ${first.name}, not reported`)
      await hammer({
        url: `${server.url}${first.path}`,
        headers,
        connections: args.connections,
        duration: PROCESS_WARM_UP_S,
      })
    }
    for (const c of cases) {
      const url = `${server.url}${c.path}`
      await warmUp(url, headers)
      const from = sampleCpu(server.pid)
      const load = await hammer({
        url,
        headers,
        connections: args.connections,
        duration: args.duration,
      })
      const cpu = cpuPercent(from, sampleCpu(server.pid))
      measured.push({ c, load, cpu, loadavg: loadAverage() })
      console.log(
        `  ${c.name}: ${Math.round(load.reqPerSec)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms`,
      )
    }
  } finally {
    await server.stop()
  }
  if (args.profile)
    console.log(`  server CPU profile written to ${path.relative(REPO_ROOT, profileDir)}/`)

  // After the server: PGlite admits one process per folder.
  const database = await openBenchDatabase(args.target)
  let floors: Map<string, Floor>
  let version: string
  try {
    floors = await measureFloors(database.db, cases)
    const [row] = await rawRows<{ v: string }>(
      database.db,
      sql`select current_setting('server_version') as v`,
    )
    version = row?.v ?? '?'
  } finally {
    await database.release()
  }
  return report(args, version, talents, before.loadavg, measured, floors)
}

function report(
  args: ReturnType<typeof parseCommonArgs>,
  version: string,
  talents: number,
  loadBefore: string,
  measured: Measured[],
  floors: Map<string, Floor>,
): number {
  const { engine } = args.target
  const newest = measured.find((m) => m.c.name === 'newest page')?.load
  const rows = measured.map((m) => ({
    ...m,
    floor: floors.get(m.c.name),
    verdict: judge(m.c.kind, engine, m.load, newest),
  }))
  const cell = (v: Verdict) =>
    v.pass === undefined ? '—' : v.pass ? 'PASS' : `FAIL (${v.misses.join(', ')})`
  console.log(
    `\n${engine} ${version}, ${talents.toLocaleString('en')} talents, ${args.connections} connections × ${args.duration} s\n`,
  )
  console.log(
    markdownTable(
      [
        'route',
        'req/s',
        'p50 ms',
        'p99 ms',
        'errors/non-2xx',
        'KB/resp',
        'DB exec ms',
        'cached count ms',
        'in-process ms',
        'server CPU',
        'budget',
        'result',
      ],
      rows.map(({ c, load, cpu, floor, verdict }) => [
        c.name,
        Math.round(load.reqPerSec).toLocaleString('en'),
        ms(load.p50),
        ms(load.p99),
        `${load.errors + load.timeouts}/${load.non2xx}`,
        load.kbPerRequest.toFixed(1),
        ms(floor?.dbMs),
        floor && floor.cachedDbMs > 0 ? ms(floor.cachedDbMs) : '—',
        ms(floor?.serviceMs),
        `${Math.round(cpu.server)} %`,
        verdict.budget,
        cell(verdict),
      ]),
    ),
  )
  const loadAfter = loadAverage()
  console.log(`\nload average before ${loadBefore}, after ${loadAfter}`)
  console.log('DB exec = EXPLAIN ANALYZE execution time of the SQL each request runs (median);')
  console.log('cached count = the X-Total-Count / stat counts, run once per filter until a write;')
  console.log(
    'in-process = the service function timed in this process (driver + mapping, no HTTP).',
  )
  const file = writeResults(`api-${engine}`, {
    engine,
    version,
    talents,
    args: { ...args, target: args.target.engine },
    machine: { ...machine(), loadBefore, loadAfter },
    rows: rows.map(({ c, load, cpu, floor, verdict, loadavg }) => ({
      route: c.name,
      kind: c.kind,
      path: c.path.replace(/cursor=[^&]+/, 'cursor=…'),
      load,
      cpu,
      floor,
      verdict,
      loadavg,
    })),
  })
  console.log(`results: ${file}`)
  const failed = rows.filter((r) => r.verdict.pass === false)
  if (failed.length > 0) console.log(`\nOVER BUDGET: ${failed.map((r) => r.c.name).join('; ')}`)
  return failed.length > 0 ? 1 : 0
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 1
  },
)
