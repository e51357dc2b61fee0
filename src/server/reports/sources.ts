import { sql } from 'drizzle-orm'
import {
  SOURCE_MONTHS,
  sourcesReportSchema,
  TOP_ADDERS,
  TOP_TAGS,
  type AdderSeries,
  type SourcesReport,
} from '#shared/reports.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { listTags } from '../tags/service.ts'
import { cachedReport } from './cached-report.ts'
import { asTimestamptz, monthStart } from './periods.ts'

type AdderRow = {
  kind: AdderSeries['kind']
  userId: number | null
  /** 1 for the biggest adder; null for others and none. */
  rank: number | null
  firstName: string | null
  lastName: string | null
  email: string | null
  month: string
  count: number
}

/**
 * Talents added per adder and month over the last SOURCE_MONTHS months: grouped by (adder,
 * month) in one range scan, the adders ranked by their total, and everyone past TOP_ADDERS summed
 * as 'others'. Answers at most (TOP_ADDERS + 2) × SOURCE_MONTHS rows.
 */
function addersSql(now: Date) {
  const first = sql`(${monthStart(now)} - make_interval(months => ${SOURCE_MONTHS - 1}))`
  return sql`
    with counts as (
      select added_by_id as user_id,
        date_trunc('month', created_at at time zone 'UTC') as month,
        count(*) as n
      from talents
      where created_at >= ${asTimestamptz(first)}
        and created_at < ${asTimestamptz(sql`${monthStart(now)} + interval '1 month'`)}
      group by 1, 2
    ),
    ranked as (
      select user_id, row_number() over (order by sum(n) desc, user_id) as rank
      from counts where user_id is not null group by user_id
    ),
    grouped as (
      select case when c.user_id is null then 'none'
          when r.rank <= ${TOP_ADDERS} then 'user' else 'others' end as kind,
        case when r.rank <= ${TOP_ADDERS} then c.user_id end as user_id,
        case when r.rank <= ${TOP_ADDERS} then r.rank end as rank,
        c.month, sum(c.n)::int as count
      from counts c left join ranked r on r.user_id = c.user_id
      group by 1, 2, 3, 4
    )
    select g.kind, g.user_id as "userId", g.rank::int as rank, u.first_name as "firstName", u.last_name as "lastName",
      u.email, to_char(g.month, 'YYYY-MM') as month, g.count
    from grouped g left join users u on u.id = g.user_id`
}

/** The month keys of the period, oldest first ('YYYY-MM', UTC). */
export function sourceMonths(now: Date): string[] {
  return Array.from({ length: SOURCE_MONTHS }, (_, index) => {
    const date = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (SOURCE_MONTHS - 1 - index), 1),
    )
    return date.toISOString().slice(0, 7)
  })
}

/** Series order: the top adders by rank, then others, then none. */
function order(row: AdderRow): number {
  if (row.kind === 'user') return row.rank ?? 0
  return row.kind === 'others' ? TOP_ADDERS + 1 : TOP_ADDERS + 2
}

/** Folds the (adder, month) rows into one series per adder. */
function toSeries(rows: AdderRow[], months: string[]): AdderSeries[] {
  const series = new Map<number, AdderSeries>()
  for (const row of rows.toSorted((a, b) => order(a) - order(b))) {
    let entry = series.get(order(row))
    if (!entry) {
      const user =
        row.kind === 'user' && row.userId !== null && row.email !== null
          ? { id: row.userId, firstName: row.firstName, lastName: row.lastName, email: row.email }
          : null
      entry = { kind: row.kind, user, total: 0, perMonth: months.map(() => 0) }
      series.set(order(row), entry)
    }
    const index = months.indexOf(row.month)
    if (index >= 0) entry.perMonth[index] = row.count
    entry.total += row.count
  }
  return [...series.values()]
}

async function computeSources(
  db: Db,
  now: Date,
  dataVersion: number | undefined,
): Promise<SourcesReport> {
  const months = sourceMonths(now)
  // The tag counts are the Tags page's own (one grouped pass over unnest(tags), cached).
  const [rows, tags] = await Promise.all([
    rawRows<AdderRow>(db, addersSql(now)),
    listTags(db, dataVersion),
  ])
  const adders = toSeries(rows, months)
  const used = tags.filter((tag) => tag.count > 0)
  return {
    months,
    adders,
    addedInPeriod: adders.reduce((sum, series) => sum + series.total, 0),
    topTags: used
      .toSorted((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, TOP_TAGS)
      .map(({ name, count }) => ({ name, count })),
    tagsInUse: used.length,
  }
}

/** GET /api/reports/sources: talents, tags and adders' names, all covered by the data version. */
export const getSourcesReport = cachedReport('sources', sourcesReportSchema, computeSources)
