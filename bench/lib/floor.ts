import type { SQL } from 'drizzle-orm'
import type { Db } from '../../src/server/db/open.ts'
import type { ApiCase } from '../api-cases.ts'
import { planOf, planSummary, timed } from './plan.ts'

export type Floor = {
  /** EXPLAIN ANALYZE execution time of the SQL each request runs (median of `runs`), ms. */
  dbMs: number
  /** The same for the counts the server caches until a write (run once per filter), ms. */
  cachedDbMs: number
  /** The service function called in this process (driver, row mapping; no HTTP), median ms. */
  serviceMs: number
  plan: string
}

async function medianExec(db: Db, query: SQL, runs: number): Promise<{ ms: number; plan: string }> {
  const times: number[] = []
  let plan: string[] = []
  for (let i = 0; i < runs; i++) {
    const result = await planOf(db, query)
    times.push(result.ms)
    plan = result.plan
  }
  times.sort((a, b) => a - b)
  return { ms: times[Math.floor(times.length / 2)] ?? NaN, plan: planSummary(plan) }
}

async function sumExec(
  db: Db,
  queries: SQL[],
  runs: number,
): Promise<{ ms: number; plan: string }> {
  let ms = 0
  const plans: string[] = []
  for (const query of queries) {
    const one = await medianExec(db, query, runs)
    ms += one.ms
    plans.push(one.plan)
  }
  return { ms, plan: plans.join(' + ') }
}

/** The database floor under each case: what the query costs the database itself. */
export async function measureFloors(
  db: Db,
  cases: ApiCase[],
  runs = 7,
): Promise<Map<string, Floor>> {
  const floors = new Map<string, Floor>()
  for (const c of cases) {
    const sql = c.sql(db)
    const perRequest = await sumExec(db, sql.perRequest, runs)
    const cached = await sumExec(db, sql.cached, Math.min(runs, 3))
    const service = await timed(sql.run, runs * 3)
    floors.set(c.name, {
      dbMs: perRequest.ms,
      cachedDbMs: cached.ms,
      serviceMs: service.median,
      plan: perRequest.plan,
    })
  }
  return floors
}
