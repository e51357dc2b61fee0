import { count, eq, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { printQuery } from '#shared/search/print-query.ts'
import { todayIso } from '#shared/privacy.ts'
import { cached, cachedCount } from '../cache/count-cache.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { rowCounts, talents } from '../db/schema.ts'
import { NO_CORRECTIONS, lookUpCorrections, type Corrections } from '../search/corrections.ts'
import { talentWhere, type TalentFilter } from './where.ts'

/** A stable cache key: the same filter in any key order or case of e-mail maps to one entry. */
export function filterKey(filter: TalentFilter): string {
  return JSON.stringify([
    filter.areaOfInterest,
    filter.seniorityLevel,
    filter.tag,
    filter.status,
    filter.addedBy?.toLowerCase(),
    filter.search?.toLowerCase(),
    // The canonical text: `ann  lee` and `ann lee` are one query.
    filter.query && printQuery(filter.query),
    filter.consent,
    filter.informed,
    filter.source,
    filter.fields,
    // consent:expired and expiring move with the calendar, not only with writes.
    usesToday(filter) ? todayIso() : undefined,
  ])
}

function usesToday(filter: TalentFilter): boolean {
  if (filter.consent) return true
  return (
    filter.query?.clauses.some((c) =>
      c.anyOf.some((t) => t.kind === 'field' && t.field === 'consent'),
    ) ?? false
  )
}

const NO_FILTER_KEY = filterKey({})

/** The count behind X-Total-Count (exported so bench/explain.ts explains the same SQL). */
export function countQuery(db: Db, filter: TalentFilter, corrections: Corrections) {
  return db.select({ n: count() }).from(talents).where(talentWhere(filter, corrections))
}

/** The lookup of a filter's typo corrections, asked for only when the database must be read. */
type LookUp = () => Promise<Corrections>

/**
 * The exact total for a filter, counted once per data version, not per page: the
 * stat cards, saved views and exports. `corrections` is asked for only when the count is not
 * cached.
 */
export async function countTalents(
  db: Db,
  filter: TalentFilter,
  dataVersion: number | undefined,
  corrections: LookUp = () => lookUpCorrections(db, filter.query),
): Promise<number> {
  const key = filterKey(filter)
  return cachedCount(db, dataVersion, key, async () => {
    if (key === NO_FILTER_KEY && filter.ids === undefined) return poolSize(db)
    const [row] = await countQuery(db, filter, await corrections())
    return row?.n ?? 0
  })
}

/** The whole pool, as the database keeps it (migration 0024), not counted row by row. */
async function poolSize(db: Db): Promise<number> {
  const [kept] = await db
    .select({ rows: rowCounts.rows })
    .from(rowCounts)
    .where(eq(rowCounts.name, 'talents'))
  if (kept) return kept.rows
  const [row] = await countQuery(db, {}, NO_CORRECTIONS)
  return row?.n ?? 0
}

/** The list's X-Total-Count, and whether it is the planner's estimate (X-Total-Count-Estimated). */
export type ListTotal = { total: number; isEstimated: boolean }

const listTotalSchema = z.object({ total: z.number(), isEstimated: z.boolean() })
const isListTotal = (value: unknown): value is ListTotal => listTotalSchema.safeParse(value).success

/** 41,237 → 41,200: an estimate shows three significant digits, no false precision. */
export function roundEstimate(n: number): number {
  if (n < 1000) return Math.round(n)
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2)
  return Math.round(n / unit) * unit
}

/**
 * The total to answer, given `counted` (the matches counted up to `exactUpTo + 1`) and the
 * planner's estimate. Exact whenever the count stopped short of the bound; the estimate when the
 * planner also sees more than `exactUpTo`; otherwise (`undefined`) the planner has no statistics
 * worth the name and the caller counts in full.
 */
export function chooseTotal(
  counted: number,
  planned: number,
  exactUpTo: number,
): ListTotal | undefined {
  if (counted <= exactUpTo) return { total: counted, isEstimated: false }
  return planned > exactUpTo ? { total: roundEstimate(planned), isEstimated: true } : undefined
}

const explainSchema = z.array(z.object({ Plan: z.object({ 'Plan Rows': z.number() }) }))

/** The planner's row estimate for the talents matching `where` (EXPLAIN: nothing is read). */
async function plannedRows(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await rawRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${talents} where ${where ?? sql`true`}`,
  )
  const plan = row?.['QUERY PLAN']
  // node-postgres parses json columns; PGlite may hand over the text.
  const parsed = explainSchema.parse(typeof plan === 'string' ? JSON.parse(plan) : plan)
  return parsed[0]?.Plan['Plan Rows'] ?? 0
}

/**
 * How many talents match `where`, by the planner: its selectivity (matches over the whole table,
 * both planned) times the pool's exact size (the stat cards' cached count). Its own row counts
 * scale with the table's pages, dead rows included: on a 20,000-talent table after bulk tests it
 * planned 73,160 rows for a word in 11,989 talents and 122,046 for the table; the ratio gave
 * 11,989 exactly (PostgreSQL 15, statistics from ANALYZE).
 */
async function estimatedRows(db: Db, where: SQL | undefined, pool: number): Promise<number> {
  const [matching, all] = [await plannedRows(db, where), await plannedRows(db, undefined)]
  return all > 0 ? Math.min(pool, (pool * matching) / all) : 0
}

/**
 * Past this many times the exact bound, the planner's estimate is answered without counting: a
 * word in 20,000 of 100,000 talents cost 112 ms to count to 10,001, as much as its ranked page
 * (docs/performance.md). Twice the bound leaves room for the planner to be wrong: its
 * estimates of a word kept in ANALYZE's statistics were within 10 %.
 */
const SURELY_PAST_BOUND = 2

/**
 * X-Total-Count for a list request ("exact where it is cheap; for broad queries on
 * large pools it may be an estimate"). The planner's estimate comes first (estimatedRows, from
 * the statistics ANALYZE keeps: EXPLAIN, nothing read): far past `exactUpTo`, it is the answer,
 * rounded. Otherwise the matches are counted up to `exactUpTo + 1` — what a selective query costs
 * anyway — so any total up to `exactUpTo` is exact; past it the estimate is answered. Without
 * statistics (never analyzed: the estimate stays under the bound the count just exceeded) it
 * counts in full, as before. The whole pool's total stays exact: the stat cards count it anyway
 * (the same cache entry).
 */
export async function listTotal(
  db: Db,
  filter: TalentFilter,
  dataVersion: number | undefined,
  corrections: LookUp,
  exactUpTo: number,
): Promise<ListTotal> {
  const key = filterKey(filter)
  if (key === NO_FILTER_KEY && filter.ids === undefined) {
    return { total: await countTalents(db, filter, dataVersion, corrections), isEstimated: false }
  }
  const load = async (): Promise<ListTotal> => {
    const where = talentWhere(filter, await corrections())
    const planned = await estimatedRows(db, where, await countTalents(db, {}, dataVersion))
    if (planned > SURELY_PAST_BOUND * exactUpTo) {
      return { total: roundEstimate(planned), isEstimated: true }
    }
    const [row] = await rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${talents} where ${where ?? sql`true`}
        limit ${exactUpTo + 1}) matches`,
    )
    const chosen = chooseTotal(row?.n ?? 0, planned, exactUpTo)
    if (chosen) return chosen
    return { total: await countTalents(db, filter, dataVersion, corrections), isEstimated: false }
  }
  return cached(db, dataVersion, `total:${key}`, load, isListTotal)
}
