import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'

/** EXPLAIN ANALYZE of one statement: the database's own execution time and the plan lines. */
export async function planOf(db: Db, query: SQL): Promise<{ ms: number; plan: string[] }> {
  const rows = await rawRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, costs off, timing off, summary on) ${query}`,
  )
  const plan = rows.map((r) => r['QUERY PLAN'])
  const exec = plan.find((l) => l.startsWith('Execution Time'))
  return { ms: Number(/([\d.]+) ms/.exec(exec ?? '')?.[1] ?? NaN), plan }
}

/** Median and p95 of `runs` calls, after one warm-up call. */
export async function timed(
  run: () => Promise<unknown>,
  runs: number,
): Promise<{ median: number; p95: number }> {
  await run()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN
  return { median: at(0.5), p95: at(0.95) }
}

/** The index names and scan kinds a plan uses, in one short line. */
export function planSummary(plan: string[]): string {
  const nodes = plan
    .map((l) =>
      /(Index Only Scan|Index Scan Backward|Index Scan|Bitmap Index Scan|Seq Scan|Sort|BitmapOr|Incremental Sort)(?: on| using)? ?(\S+)?/.exec(
        l,
      ),
    )
    .filter((m) => m !== null)
    .map((m) => (m[2] && m[1] !== 'Sort' ? `${m[1]} ${m[2]}` : m[1]))
  return [...new Set(nodes)].join(' · ')
}
