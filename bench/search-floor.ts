/**
 * What PostgreSQL alone needs to answer bench:search's queries, with no server in
 * between. Each query of each class runs once through the list's own service (the route's
 * options) while its statements are recorded; pgbench then replays every request's statements as
 * one script, `--connections` clients at once, for `--duration` seconds a class. Prints per class
 * the latency of a request's statements, the PostgreSQL CPU a request took, and the budget the
 * whole request (server included) must meet: a class whose floor misses it cannot meet it with
 * any server in front of these statements. The session check (one primary-key read) is left out.
 *
 *   npm run bench:search-floor -- [--talents 100000] [--connections 20] [--runs 30]
 *     [--duration 10] [--database-url postgres://…/scout_bench]   (PostgreSQL only; needs pgbench)
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { talentListQuerySchema } from '../src/shared/talent-list-query.ts'
import * as schema from '../src/server/db/schema.ts'
import type { Db } from '../src/server/db/open.ts'
import { listTalentsJson, RANK_CANDIDATES } from '../src/server/talents/list.ts'
import { parseCommonArgs } from './lib/cli.ts'
import { prepareDatabase } from './lib/database.ts'
import { loadAverage, markdownTable, ms, percentile, writeResults } from './lib/report.ts'
import { sampleQueries } from './lib/search-queries.ts'

/** bench/search.ts's budgets for PostgreSQL at 100,000 talents (p99, ms). */
const BUDGETS = { word: 50, prefix: 50, typo: 100 } as const
/** The server's default COUNT_EXACT_UP_TO. */
const EXACT_COUNT_UP_TO = 10_000

type Recorded = { text: string; values: unknown[] }

/** A parameter as node-postgres sends it: text, an array literal, or null. */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (Array.isArray(value)) {
    const items = value.map((item) => {
      const text = textOf(item)
      return text === null ? 'NULL' : `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`
    })
    return `{${items.join(',')}}`
  }
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  return JSON.stringify(value)
}

/** A statement with its parameters written in, as pgbench's simple protocol sends it. */
function literalSql({ text, values }: Recorded): string {
  let out = text
  for (let i = values.length; i >= 1; i--) {
    const value = textOf(values[i - 1])
    const literal = value === null ? 'NULL' : pg.escapeLiteral(value)
    out = out.replace(new RegExp(`\\$${i}(?!\\d)`, 'g'), () => literal)
  }
  // One line per statement: pgbench reads a script statement by statement, ended by ';'.
  return `${out.replace(/\s+/g, ' ').trim()};`
}

/** A pool whose every query is also written down. */
function recordingPool(url: string, recorded: Recorded[]): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>
  ;(pool as unknown as { query: typeof query }).query = (config, values) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text
    const given = values ?? (config as { values?: unknown[] }).values ?? []
    recorded.push({ text, values: given })
    return query(config, values)
  }
  return pool
}

/**
 * The machine's busy CPU seconds so far (/proc/stat): pgbench's backends exit with it, so their
 * own counters are gone when it ends. Includes pgbench itself, a small share.
 */
function busySeconds(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  // user nice system idle iowait irq softirq steal: everything but idle and iowait.
  const [user, nice, system, , , irq, softirq, steal] = cpu.split(/\s+/).slice(1).map(Number)
  const ticks = [user, nice, system, irq, softirq, steal].reduce<number>((a, b) => a + (b ?? 0), 0)
  return ticks / 100
}

type Replay = { requests: number; p50: number; p99: number; cpuMs: number }

/** pgbench over the scripts in `dir`, `clients` at once for `seconds`; per-request latencies. */
function replay(url: string, dir: string, clients: number, seconds: number): Replay {
  const scripts = readdirSync(dir).filter((f) => f.endsWith('.sql'))
  const logDir = mkdtempSync(path.join(tmpdir(), 'floor-log-'))
  const from = busySeconds()
  const run = spawnSync(
    'pgbench',
    [
      '--no-vacuum',
      `--client=${clients}`,
      '--jobs=2',
      `--time=${seconds}`,
      '--log',
      `--log-prefix=${path.join(logDir, 'txn')}`,
      ...scripts.flatMap((f) => ['--file', path.join(dir, f)]),
      url,
    ],
    { encoding: 'utf8' },
  )
  const to = busySeconds()
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr || run.error?.message}`)
  // Each line: client, transaction, latency in µs, script, epoch, µs.
  const latencies = readdirSync(logDir)
    .flatMap((f) => readFileSync(path.join(logDir, f), 'utf8').trim().split('\n'))
    .map((line) => Number(line.split(' ')[2]) / 1000)
    .sort((a, b) => a - b)
  rmSync(logDir, { recursive: true, force: true })
  return {
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMs: (1000 * (to - from)) / Math.max(latencies.length, 1),
  }
}

async function main(): Promise<number> {
  // PostgreSQL only: pgbench speaks to a server.
  const args = parseCommonArgs(['--engine', 'postgres', ...process.argv.slice(2)])
  if (args.target.engine !== 'postgres') throw new Error('bench:search-floor: PostgreSQL only')
  const { url } = args.target
  const perClass = process.argv.includes('--runs') ? args.runs : 30
  const talents = await prepareDatabase(args.target, args.talents)
  const recorded: Recorded[] = []
  const pool = recordingPool(url, recorded)
  const db = drizzle(pool, { schema }) as unknown as Db
  const root = mkdtempSync(path.join(tmpdir(), 'search-floor-'))
  const rows: string[][] = []
  const results = []
  let missed = 0
  try {
    const classes = (await sampleQueries(db, perClass)).filter(
      (c) => args.only.length === 0 || args.only.some((only) => c.name.includes(only)),
    )
    for (const c of classes) {
      const dir = path.join(root, c.kind + c.name.replace(/\W+/g, '-'))
      mkdirSync(dir)
      for (const [i, q] of c.queries.entries()) {
        recorded.length = 0
        const query = talentListQuerySchema.parse({ q, limit: '50' })
        // The route's options, with no cache: every request is a first request.
        await listTalentsJson(db, query, {
          exactCountUpTo: EXACT_COUNT_UP_TO,
          rankWithin: RANK_CANDIDATES,
        })
        writeFileSync(path.join(dir, `${i}.sql`), recorded.map(literalSql).join('\n'))
      }
      const floor = replay(url, dir, args.connections, args.duration)
      const budget = BUDGETS[c.kind]
      const meets = floor.p99 <= budget
      if (!meets) missed += 1
      results.push({ name: c.name, budget, ...floor })
      rows.push([
        c.name,
        String(c.queries.length),
        String(floor.requests),
        ms(floor.p50),
        ms(floor.p99),
        ms(floor.cpuMs),
        `p99≤${budget}`,
        meets ? 'under' : 'OVER',
      ])
      console.log(`  ${c.name}: p50 ${ms(floor.p50)} ms, p99 ${ms(floor.p99)} ms`)
    }
  } finally {
    await pool.end()
    rmSync(root, { recursive: true, force: true })
  }
  console.log(
    `\nPostgreSQL alone, ${talents.toLocaleString('en')} talents, ${args.connections} clients, ` +
      `${args.duration} s a class, load average after ${loadAverage()}\n`,
  )
  console.log(
    markdownTable(
      [
        'query class',
        'queries',
        'requests replayed',
        'p50 ms',
        'p99 ms',
        'CPU ms/req (PostgreSQL + pgbench)',
        'budget (whole request)',
        'floor',
      ],
      rows,
    ),
  )
  console.log(`\nresults: ${writeResults('search-floor', { talents, results })}`)
  return missed === 0 ? 0 : 1
}

process.exitCode = await main()
