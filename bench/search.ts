/**
 * Search latency at 100,000 talents, `--connections` requests at a time,
 * against the real server. Each query is sent once (a first request: no page or count cache
 * answers it; the budgets are judged on these), then once more (a repeat, answered from the
 * caches until the next write). Prints p50/p99 per query class, the CPU each request cost the
 * server and PostgreSQL, and the issue's budgets; exits 1 when one is missed.
 *
 *   npm run bench:search -- --engine postgres|pglite [--talents 100000] [--connections 20]
 *     [--runs 200] [--data-dir /tmp/scout-bench] [--database-url postgres://…/scout_bench]
 *
 * `--runs` is the number of distinct queries per class. `--rate N` sends N requests a second in
 * all (at most `--connections` in flight; a request's latency counts from when it was due, so a
 * wait for a free connection counts too) instead of each connection asking again as soon as it
 * is answered: the latency at a given load rather than at saturation, where on two cores it is
 * about connections ÷ cores × the CPU a request takes (docs/performance.md).
 *
 *   npm run bench:search -- --engine pglite --talents 10000 --relevance
 *
 * Last, security rule 43's worst case (`--only worst` runs it alone): rounds of ten of the
 * costliest searches at once (an OR of three-letter fragments: below the word cap, at it, and
 * the 32 the issue found, now refused), each round probing /api/health and a colleague's list,
 * which must answer within BESIDE_WORST_BUDGET_MS.
 *
 * scores the relevance set instead (scripts/seed/relevance-set.ts, planted if missing):
 * recall@10 and MRR against the goals, each failing query printed; exits 1 when a goal is missed.
 */
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseCommonArgs } from './lib/cli.ts'
import { sampleCpu } from './lib/cpu.ts'
import { openBenchDatabase, prepareDatabase } from './lib/database.ts'
import { describeFailure, hasFailed, RELEVANCE_GOALS, scoreRelevance } from './lib/relevance.ts'
import { loadAverage, markdownTable, ms, percentile, writeResults } from './lib/report.ts'
import { sampleQueries, type QueryClass } from './lib/search-queries.ts'
import { REPO_ROOT, signIn, startServer } from './lib/server.ts'
import { BESIDE_WORST_BUDGET_MS, worstRound, type WorstRound } from './lib/worst-load.ts'
import { worstSearches } from './lib/worst-searches.ts'
import { MAX_SEARCH_TERMS, MAX_SEARCH_WORDS } from '../src/shared/search/search-query-schema.ts'

/** The budgets (p99, ms): words, phrases and field terms; prefixes as typed; typos. */
const BUDGETS = {
  postgres: { word: 50, prefix: 50, typo: 100 },
  pglite: { word: 150, prefix: 50, typo: 250 },
} as const

/** At 1,000,000 talents (PostgreSQL), one budget for every query class. */
const MILLION = 1_000_000
const MILLION_BUDGET_MS = 150

function budgetFor(
  engine: keyof typeof BUDGETS,
  talents: number,
  kind: QueryClass['kind'],
): number {
  return talents >= MILLION ? MILLION_BUDGET_MS : BUDGETS[engine][kind]
}

type Result = {
  name: string
  requests: number
  errors: number
  p50: number
  p99: number
  max: number
  /** CPU milliseconds per request, the server's and PostgreSQL's (PGlite's is the server's). */
  serverCpu: number
  postgresCpu: number
  /** The same queries again: answered from the page and count caches (no write in between). */
  repeatP50: number
  repeatP99: number
}

/**
 * Sends every query once, `connections` in flight; the latency of each, in ms. With `rate`, the
 * i-th query is due i ÷ rate seconds after the start and its latency counts from then.
 */
async function run(
  url: string,
  headers: Record<string, string>,
  queries: string[],
  connections: number,
  rate = 0,
): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const start = performance.now()
  const worker = async () => {
    while (next < queries.length) {
      const i = next++
      const q = queries[i] ?? ''
      const due = rate > 0 ? start + (1000 * i) / rate : performance.now()
      if (due > performance.now()) await sleep(due - performance.now())
      const started = due
      const response = await fetch(
        `${url}/api/talents?${new URLSearchParams({ q, limit: '50' })}`,
        {
          headers,
        },
      )
      await response.arrayBuffer()
      latencies.push(performance.now() - started)
      if (!response.ok) errors += 1
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  return { latencies, errors }
}

/** --relevance: recall@10 and MRR of the planted set, in this process (the list's own service). */
async function relevance(args: ReturnType<typeof parseCommonArgs>): Promise<number> {
  const talents = await prepareDatabase(args.target, args.talents)
  const database = await openBenchDatabase(args.target)
  try {
    const report = await scoreRelevance(database.db)
    const failing = report.scores.filter(hasFailed)
    for (const score of failing) console.log(describeFailure(score))
    const { recallAt10, mrr } = report
    const met = recallAt10 >= RELEVANCE_GOALS.recallAt10 && mrr >= RELEVANCE_GOALS.mrr
    console.log(
      `\n${args.target.engine}, ${talents.toLocaleString('en')} talents, ${report.scores.length} queries: ` +
        `recall@10 ${recallAt10.toFixed(3)} (goal ≥ ${RELEVANCE_GOALS.recallAt10}), ` +
        `MRR ${mrr.toFixed(3)} (goal ≥ ${RELEVANCE_GOALS.mrr}), ${failing.length} failing — ${met ? 'PASS' : 'FAIL'}`,
    )
    return met ? 0 : 1
  } finally {
    await database.release()
  }
}

/** --rate N: requests a second in all; 0 (the default): each connection asks when answered. */
function rateOf(argv: string[]): number {
  const at = argv.indexOf('--rate')
  if (at < 0) return 0
  const rate = Number(argv[at + 1])
  if (!Number.isFinite(rate) || rate < 0) throw new Error('--rate takes a number ≥ 0')
  return rate
}

/** Security rule 43: fragments per worst-case search: under the cap, at it, and refused. */
const WORST_TERMS = [MAX_SEARCH_WORDS - 2, MAX_SEARCH_WORDS, MAX_SEARCH_TERMS]

function printWorst(rounds: WorstRound[]): void {
  console.log(`\nsecurity rule 43: ten of the costliest searches at once, and beside them:\n`)
  console.log(
    markdownTable(
      [
        'fragments OR-ed',
        'answers',
        'searches p50 / max ms',
        '/api/health ms',
        "a colleague's list ms",
        'budget',
        'verdict',
      ],
      rounds.map((r) => {
        const sorted = [...r.searchMs].sort((a, b) => a - b)
        return [
          String(r.terms),
          Object.entries(r.statuses)
            .map(([status, n]) => `${n}× ${status}`)
            .join(', '),
          `${ms(percentile(sorted, 50))} / ${ms(sorted.at(-1))}`,
          ms(r.healthMs),
          ms(r.listMs),
          `≤${BESIDE_WORST_BUDGET_MS}`,
          r.pass ? 'PASS' : 'FAIL',
        ]
      }),
    ),
  )
}

async function main(): Promise<number> {
  const args = parseCommonArgs()
  if (args.relevance) return relevance(args)
  const { engine } = args.target
  // --runs is shared with the other benches (default 5 there); here it counts queries per class.
  const perClass = process.argv.includes('--runs') ? args.runs : 200
  const rate = rateOf(process.argv)
  console.log(
    `bench:search — ${engine}, ${args.talents.toLocaleString('en')} talents, ${args.connections} connections`,
  )
  const talents = await prepareDatabase(args.target, args.talents)
  const database = await openBenchDatabase(args.target)
  let classes: QueryClass[]
  const worst = new Map<number, string[]>()
  const withWorst = args.only.length === 0 || args.only.includes('worst')
  try {
    if (withWorst) {
      for (const terms of WORST_TERMS) worst.set(terms, await worstSearches(database.db, 30, terms))
    }
    // --only word,typo: the classes whose name contains one of these.
    classes = (await sampleQueries(database.db, perClass)).filter(
      (c) => args.only.length === 0 || args.only.some((only) => c.name.includes(only)),
    )
  } finally {
    await database.release()
  }
  const loadBefore = loadAverage()
  // --profile: a V8 CPU profile of the server, for bench/profile.ts.
  const profileDir = path.join(REPO_ROOT, 'bench', 'results', 'profiles')
  const server = await startServer(args.target, args.profile ? { profileDir } : {})
  const results: Result[] = []
  const worstRounds: WorstRound[] = []
  try {
    const { token } = await signIn(server.url)
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': args.encoding }
    // Warm the process and the database's caches on queries not measured.
    await run(server.url, headers, ['warm ', 'up ', 'level:mid', '"the process"'], 4)
    for (const c of classes) {
      const from = sampleCpu(server.pid)
      const { latencies, errors } = await run(
        server.url,
        headers,
        c.queries,
        args.connections,
        rate,
      )
      const to = sampleCpu(server.pid)
      const perRequest = (seconds: number) => (1000 * seconds) / Math.max(latencies.length, 1)
      const sorted = [...latencies].sort((a, b) => a - b)
      const result = {
        name: c.name,
        requests: latencies.length,
        errors,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        serverCpu: perRequest(to.server - from.server),
        postgresCpu: perRequest(to.postgres - from.postgres),
      }
      const repeat = await run(server.url, headers, c.queries, args.connections, rate)
      const again = [...repeat.latencies].sort((a, b) => a - b)
      results.push({
        ...result,
        errors: errors + repeat.errors,
        repeatP50: percentile(again, 50),
        repeatP99: percentile(again, 99),
      })
      console.log(`  ${c.name}: p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms`)
    }
    let round = 0
    for (const [terms, queries] of worst) {
      // Three rounds per size, each with queries of its own.
      for (let r = 0; r < 3; r++) {
        const result = await worstRound(server.url, headers, queries.slice(r * 10), terms, round++)
        worstRounds.push(result)
        console.log(
          `  worst, ${terms} fragments ×10: health ${ms(result.healthMs)} ms, list ${ms(result.listMs)} ms, ${JSON.stringify(result.statuses)}`,
        )
      }
    }
  } finally {
    await server.stop()
  }
  const budgetOf = (c: QueryClass) => budgetFor(engine, talents, c.kind)
  const rows = results.map((r, i) => {
    const c = classes[i]
    const budget = c ? budgetOf(c) : Number.NaN
    const pass = r.errors === 0 && r.p99 <= budget
    return { ...r, budget, pass }
  })
  console.log(
    `\n${engine}, ${talents.toLocaleString('en')} talents, ${args.connections} connections${rate > 0 ? `, ${rate} requests/s` : ' (each asks again when answered)'}, load average before ${loadBefore}, after ${loadAverage()}\n`,
  )
  console.log(
    markdownTable(
      [
        'query class',
        'requests',
        'errors',
        'p50 ms',
        'p99 ms',
        'max ms',
        'CPU ms/req (server + PostgreSQL)',
        'repeat p50 / p99 ms',
        'budget',
        'verdict',
      ],
      rows.map((r) => [
        r.name,
        String(r.requests),
        String(r.errors),
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        `${ms(r.serverCpu)} + ${ms(r.postgresCpu)}`,
        `${ms(r.repeatP50)} / ${ms(r.repeatP99)}`,
        `p99≤${r.budget}`,
        r.pass ? 'PASS' : 'FAIL',
      ]),
    ),
  )
  if (worstRounds.length > 0) printWorst(worstRounds)
  console.log(
    `\nresults: ${writeResults(`search-${engine}`, { engine, talents, rows, classes, worstRounds })}`,
  )
  return rows.every((r) => r.pass) && worstRounds.every((r) => r.pass) ? 0 : 1
}

process.exitCode = await main()
