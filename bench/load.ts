/**
 * Mixed-traffic load test: many connections of list, search, detail, create,
 * edit and delete against the real server on 100,000 talents; then, straight from the database,
 * every acknowledged write is checked. Prints per-route throughput and latency, errors and lost
 * writes; writes JSON to bench/results/; exits 1 on any error or lost write.
 *
 *   npm run bench:load -- --engine postgres|pglite [--duration 60] [--connections 50]
 *     [--talents 100000] [--data-dir /tmp/scout-bench] [--database-url postgres://…/scout_bench]
 */
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { rawRows } from '../src/server/db/raw-rows.ts'
import { parseCommonArgs, type BenchTarget } from './lib/cli.ts'
import { cpuPercent, sampleCpu } from './lib/cpu.ts'
import { openBenchDatabase, prepareDatabase } from './lib/database.ts'
import { loadReport } from './lib/load-report.ts'
import { MixedTraffic } from './lib/mixed-traffic.ts'
import { loadAverage, machine, writeResults } from './lib/report.ts'
import { signIn, startServer } from './lib/server.ts'
import { verifyWrites } from './lib/verify-writes.ts'
import { WriteLedger } from './lib/write-ledger.ts'

/** Talents created before the clock starts, so edits and deletes have targets from second one. */
const FIXTURE_TALENTS = 300

/** Random existing talents the detail route reads (never ones this run may delete). */
async function sampleIds(target: BenchTarget): Promise<number[]> {
  const database = await openBenchDatabase(target)
  try {
    const rows = await rawRows<{ id: number }>(
      database.db,
      sql`select id from talents where email not like 'load-%' order by random() limit 5000`,
    )
    return rows.map((r) => r.id)
  } finally {
    await database.release()
  }
}

async function createFixtures(url: string, token: string, ledger: WriteLedger): Promise<void> {
  const one = async () => {
    const body = ledger.newBody()
    const response = await fetch(`${url}/api/talents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    if (response.status !== 201)
      throw new Error(`fixture create answered ${response.status}: ${text}`)
    ledger.created(body, text)
  }
  for (let i = 0; i < FIXTURE_TALENTS; i += 10) await Promise.all(Array.from({ length: 10 }, one))
}

async function main(): Promise<number> {
  // This script's own defaults (the 50 connections × 60 s); flags given later win.
  const args = parseCommonArgs([
    '--duration',
    '60',
    '--connections',
    '50',
    ...process.argv.slice(2),
  ])
  const { engine } = args.target
  console.log(
    `bench:load — ${engine}, ${args.talents.toLocaleString('en')} talents, ` +
      `${args.connections} connections × ${args.duration} s of mixed traffic`,
  )
  const talents = await prepareDatabase(args.target, args.talents)
  const readIds = await sampleIds(args.target)
  const ledger = new WriteLedger(Date.now().toString(36))
  const server = await startServer(args.target)
  const loadBefore = loadAverage()
  let result: autocannon.Result
  let cpu: { server: number; postgres: number }
  let traffic: MixedTraffic
  let unanswered: number
  try {
    const { token } = await signIn(server.url)
    await createFixtures(server.url, token, ledger)
    traffic = new MixedTraffic({ ledger, token, readIds, encoding: args.encoding })
    console.log(`  ${talents.toLocaleString('en')} talents; load average ${loadBefore}; running…`)
    const from = sampleCpu(server.pid)
    result = await autocannon({
      url: server.url,
      connections: args.connections,
      duration: args.duration,
      pipelining: 1,
      timeout: 20,
      requests: [traffic.request()],
    })
    cpu = cpuPercent(from, sampleCpu(server.pid))
    unanswered = traffic.settleUnanswered()
  } finally {
    await server.stop()
  }
  const loadAfter = loadAverage()
  // After the server stops: PGlite admits one process per folder.
  const verification = await verifyWrites(args.target, ledger)
  const summary = loadReport({
    args,
    talents,
    result,
    traffic,
    ledger,
    verification,
    cpu,
    unanswered,
    loadBefore,
    loadAfter,
  })
  const file = writeResults(`load-${engine}`, {
    ...summary,
    machine: machine(),
    loadBefore,
    loadAfter,
  })
  console.log(`results: ${file}`)
  return summary.failed ? 1 : 0
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
