/**
 * Retention rules (security rule 56-58): a rule's preview over the pool ≤ 1 s, a daily run acting
 * on 10,000 talents ≤ 60 s, and the talent list's p99 ≤ 50 ms while the run works (autocannon on
 * GET /api/talents?limit=50 for the whole run).
 *
 *   npm run bench:retention -- --engine pglite     (DATA_DIR /tmp/scout-bench-retention unless --data-dir)
 *   npm run bench:retention -- --engine postgres   (database scout_bench_retention unless --database-url)
 *   options: --talents N (the pool, default 100000), --act N (talents the run acts on, default
 *   10000), --mode anonymise|erase (default anonymise), --list-rate N (default 50 req/s)
 *
 * The run is started by moving the server's retention clock (TEST_CLOCK_FILE) a day on, as the
 * daily schedule would: the measure is from the move until the run's privacy-log entry.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { scratchTarget, parseCommonArgs } from './lib/cli.ts'
import { openBenchDatabase, prepareDatabase } from './lib/database.ts'
import { loadAverage } from './lib/report.ts'
import { signIn, startServer } from './lib/server.ts'

const BUDGET = { previewMs: 1_000, runMs: 60_000, listP99Ms: 50 }
const LIST_RATE = 50
const CONNECTIONS = 4
const PREVIEWS = 5

function option(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`)
  return at < 0 ? undefined : argv[at + 1]
}

function whole(argv: string[], name: string, fallback: number): number {
  const text = option(argv, name)
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`)
  return value
}

const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10)

/**
 * `act` talents get a consent that ran out in 2020 (the others none), one rule switched on lists
 * them as due since a fortnight ago, and today's run is marked done: the server acts only when
 * the bench moves its clock to tomorrow.
 */
async function prepareRun(
  target: Parameters<typeof openBenchDatabase>[0],
  act: number,
  mode: string,
) {
  const database = await openBenchDatabase(target)
  try {
    const db = database.db
    await db.execute(sql`DELETE FROM retention_rules`)
    await db.execute(sql`DELETE FROM retention_runs`)
    await db.execute(sql`UPDATE talents SET lawful_basis = 'legitimate interest',
      consent_given_on = NULL, consent_valid_until = NULL WHERE lawful_basis = 'consent'`)
    await db.execute(sql`UPDATE talents SET lawful_basis = 'consent', consent_given_on = '2019-01-01',
      consent_valid_until = '2020-01-01'
      WHERE id IN (SELECT id FROM talents WHERE anonymised_at IS NULL ORDER BY id LIMIT ${act})`)
    const [rule] = (
      (await db.execute(sql`INSERT INTO retention_rules
        (name, condition_kind, condition_amount, action, enabled, notice_days)
        VALUES ('Bench: consent expired', 'consent-expired', 30, ${mode}, true, 14)
        RETURNING id`)) as { rows: { id: number }[] }
    ).rows
    if (!rule) throw new Error('no rule inserted')
    await db.execute(sql`INSERT INTO retention_due (talent_id, rule_id, due_since, act_on)
      SELECT id, ${rule.id}, ${day(-14)}::date, ${day(0)}::date FROM talents
      WHERE lawful_basis = 'consent' AND anonymised_at IS NULL`)
    await db.execute(sql`INSERT INTO retention_runs (day, finished_at) VALUES (${day(0)}, now())`)
    return rule.id
  } finally {
    await database.release()
  }
}

const logSchema = z.array(z.object({ kind: z.string(), count: z.number().nullable() }))

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  // Options of this bench only; the shared parser refuses names it does not know.
  const shared = argv.filter(
    (arg, i) =>
      !['--act', '--mode'].includes(arg) && !['--act', '--mode'].includes(argv[i - 1] ?? ''),
  )
  const common = parseCommonArgs(shared)
  const talents = argv.includes('--talents') ? common.talents : 100_000
  const act = whole(argv, 'act', 10_000)
  const listRate = whole(argv, 'list-rate', LIST_RATE)
  const mode = option(argv, 'mode') ?? 'anonymise'
  if (mode !== 'anonymise' && mode !== 'erase') throw new Error('--mode anonymise|erase')
  const target = scratchTarget(shared, 'retention')
  await prepareDatabase(target, talents)
  const ruleId = await prepareRun(target, act, mode)
  const clockFile = path.join(mkdtempSync(path.join(tmpdir(), 'scout-retention-clock-')), 'now')
  writeFileSync(clockFile, `${day(0)}T09:00:00Z`)
  const server = await startServer(target, { env: { TEST_CLOCK_FILE: clockFile } })
  try {
    const { token } = await signIn(server.url)
    const headers = { authorization: `Bearer ${token}` }

    const previews: number[] = []
    let count = 0
    for (let i = 0; i < PREVIEWS; i++) {
      const started = performance.now()
      const response = await fetch(`${server.url}/api/privacy/rules/${ruleId}/preview`, {
        headers,
      })
      if (!response.ok) throw new Error(`preview answered ${response.status}`)
      count = z.object({ count: z.number() }).parse(await response.json()).count
      previews.push(performance.now() - started)
    }
    previews.sort((a, b) => a - b)
    const previewMs = previews[Math.floor(previews.length / 2)] ?? 0

    let finishList: (result: autocannon.Result) => void = () => undefined
    const listDone = new Promise<autocannon.Result>((resolve) => (finishList = resolve))
    const list = autocannon(
      {
        url: `${server.url}/api/talents?limit=50`,
        headers: { ...headers, 'accept-encoding': common.encoding },
        connections: CONNECTIONS,
        ...(listRate > 0 ? { overallRate: listRate } : {}),
        duration: 3600,
      },
      (_error, result) => finishList(result),
    )
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const started = performance.now()
    writeFileSync(clockFile, `${day(1)}T09:00:00Z`)
    let acted: number | null = null
    while (performance.now() - started < 30 * 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      const response = await fetch(`${server.url}/api/privacy/log?limit=5`, { headers })
      const entry = logSchema.parse(await response.json()).find((e) => e.kind === 'retention-run')
      if (entry) {
        acted = entry.count
        break
      }
    }
    const runMs = performance.now() - started
    list.stop()
    const traffic = await listDone

    console.log(
      `bench:retention on ${target.engine}, ${talents} talents, ${act} due (${mode}), load average ${loadAverage()}`,
    )
    console.log(
      `preview (${count} would be acted on), median of ${PREVIEWS}: ${previewMs.toFixed(0)} ms (budget ${BUDGET.previewMs} ms)`,
    )
    console.log(
      `run: ${acted ?? 'unfinished'} talents in ${(runMs / 1000).toFixed(1)} s (budget ${BUDGET.runMs / 1000} s for 10,000)`,
    )
    console.log(
      `talent list meanwhile (${listRate > 0 ? `${listRate} req/s` : 'as fast as it answers'}): p99 ${traffic.latency.p99} ms (budget ${BUDGET.listP99Ms} ms), non-2xx ${traffic.non2xx}`,
    )
    const pass =
      previewMs <= BUDGET.previewMs &&
      acted === act &&
      runMs <= (BUDGET.runMs * Math.max(act, 1)) / 10_000 &&
      traffic.latency.p99 <= BUDGET.listP99Ms &&
      traffic.non2xx === 0
    console.log(pass ? 'PASS' : 'FAIL')
    process.exitCode = pass ? 0 : 1
  } finally {
    await server.stop()
  }
}

await main()
