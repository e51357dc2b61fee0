import { sql, type SQL } from 'drizzle-orm'
import {
  ACTIVITY_WEEKS,
  engagementReportSchema,
  REPORT_LIST_LIMIT,
  STALE_DAYS,
  type EngagementReport,
  type ReportTalent,
} from '#shared/reports.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import { cachedReport } from './cached-report.ts'
import { statsConditions } from '../talents/stats.ts'
import { asTimestamptz, weekStart } from './periods.ts'

type WeekRow = { week: string; created: number; updated: number; deleted: number }
type TalentRow = Omit<ReportTalent, 'updatedAt'> & { updatedAt: Date | string }

/**
 * Talent adds, edits and deletes per UTC week over the last ACTIVITY_WEEKS weeks, from the
 * activity log: a range scan of activity_log_created_at_idx grouped by week, the weeks without
 * activity filled in by generate_series.
 */
function activitySql(now: Date) {
  const first = sql`(${weekStart(now)} - make_interval(weeks => ${ACTIVITY_WEEKS - 1}))`
  return sql`
    with counts as (
      select date_trunc('week', created_at at time zone 'UTC') as week,
        count(*) filter (where action = 'talent.created') as created,
        count(*) filter (where action = 'talent.updated') as updated,
        count(*) filter (where action = 'talent.deleted') as deleted
      from activity_log
      where created_at >= ${asTimestamptz(first)}
        and created_at < ${asTimestamptz(sql`${weekStart(now)} + interval '1 week'`)}
        and action in ('talent.created', 'talent.updated', 'talent.deleted')
      group by 1
    )
    select to_char(weeks.week, 'YYYY-MM-DD') as week,
      coalesce(counts.created, 0)::int as created,
      coalesce(counts.updated, 0)::int as updated,
      coalesce(counts.deleted, 0)::int as deleted
    from generate_series(${first}, ${weekStart(now)}, interval '1 week') as weeks(week)
    left join counts using (week)
    order by weeks.week`
}

/** Stale: the last update (updatedAt, which starts equal to createdAt) is STALE_DAYS or more ago. */
function staleCondition(now: Date): SQL {
  return sql`updated_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${STALE_DAYS})`
}

/** How many talents match, and the REPORT_LIST_LIMIT least recently updated of them. */
async function talentList(db: Db, where: SQL) {
  const [counted, talents] = await Promise.all([
    rawRows<{ count: number }>(db, sql`select count(*)::int as count from talents where ${where}`),
    rawRows<TalentRow>(
      db,
      sql`select id, full_name as "fullName", area_of_interest as "areaOfInterest",
            updated_at as "updatedAt"
          from talents where ${where}
          order by updated_at, id limit ${REPORT_LIST_LIMIT}`,
    ),
  ])
  return {
    count: counted[0]?.count ?? 0,
    talents: talents.map((row) => ({ ...row, updatedAt: new Date(row.updatedAt).toISOString() })),
  }
}

async function computeEngagement(db: Db, now: Date): Promise<EngagementReport> {
  const [activity, stale, needsUpdating] = await Promise.all([
    rawRows<WeekRow>(db, activitySql(now)),
    talentList(db, staleCondition(now)),
    // The dashboard card's own condition, so the two always agree (and the partial index serves it).
    talentList(db, statsConditions(0).needsUpdating),
  ])
  const totals = { created: 0, updated: 0, deleted: 0 }
  for (const week of activity) {
    totals.created += week.created
    totals.updated += week.updated
    totals.deleted += week.deleted
  }
  return { activity, totals, stale, needsUpdating }
}

/**
 * GET /api/reports/engagement. The only log entries counted (talent.created/updated/deleted) are
 * written in the transaction of a talent write; what moves with the clock alone (a profile
 * turning 90 days stale, a new week) is caught up within the report's minute.
 */
export const getEngagementReport = cachedReport(
  'engagement',
  engagementReportSchema,
  computeEngagement,
)
