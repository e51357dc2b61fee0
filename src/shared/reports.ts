import { z } from 'zod'
import { AREAS, SENIORITY_LEVELS, TALENT_STATUSES } from './talent.ts'

// Reports (spec section 2 "Reports": tabs Overview, Sources, Engagement). Every number is
// an aggregate computed in SQL; months and weeks are calendar periods in UTC.

/** Months of "pool size over time", the current one included (older talents fold into the first). */
export const GROWTH_MONTHS = 24
/** Months of "who adds talents", the current one included. */
export const SOURCE_MONTHS = 12
/** Adders shown by name in Sources; the rest are summed as others. */
export const TOP_ADDERS = 6
/** Tags in "most used tags". */
export const TOP_TAGS = 10
/** Weeks of "activity over time", the current one included. */
export const ACTIVITY_WEEKS = 26
/** A profile not updated for this many days counts as stale. */
export const STALE_DAYS = 90
/** Talents listed under each Engagement count, the longest untouched first. */
export const REPORT_LIST_LIMIT = 20

const count = z.number().int().nonnegative()
/** 'YYYY-MM', a calendar month in UTC. */
const monthKey = z.string().regex(/^\d{4}-\d{2}$/)

/** GET /api/reports/overview. */
export const overviewReportSchema = z.object({
  total: count,
  /** Talents added per month and the pool's size at the end of it, oldest month first. */
  growth: z.array(z.object({ month: monthKey, added: count, total: count })),
  /** Every area, level and status of spec section 9 in its order, zeros included. */
  byArea: z.array(z.object({ area: z.enum(AREAS), count })),
  bySeniority: z.array(z.object({ level: z.enum(SENIORITY_LEVELS), count })),
  /** A talent with two statuses counts once under each. */
  byStatus: z.array(z.object({ status: z.enum(TALENT_STATUSES), count })),
  withoutStatus: count,
})
export type OverviewReport = z.infer<typeof overviewReportSchema>

const adderUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
})

/**
 * One series of "who adds talents": a user among the top adders, everyone else together
 * ('others'), or talents without a recorded adder ('none': added before adders were kept, or by a
 * deleted user).
 */
export const adderSeriesSchema = z.object({
  kind: z.enum(['user', 'others', 'none']),
  user: adderUserSchema.nullable(),
  total: count,
  /** Talents added in each month of `months`, same order. */
  perMonth: z.array(count),
})
export type AdderSeries = z.infer<typeof adderSeriesSchema>

/** GET /api/reports/sources. */
export const sourcesReportSchema = z.object({
  months: z.array(monthKey),
  /** Top adders by total (then others, then none); only series with talents in the period. */
  adders: z.array(adderSeriesSchema),
  addedInPeriod: count,
  /** The most used tags, most used first; only tags that some talent carries. */
  topTags: z.array(z.object({ name: z.string(), count })),
  tagsInUse: count,
})
export type SourcesReport = z.infer<typeof sourcesReportSchema>

/** A talent in an Engagement list, linked to its profile. */
export const reportTalentSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  areaOfInterest: z.enum(AREAS),
  updatedAt: z.iso.datetime({ offset: true }),
})
export type ReportTalent = z.infer<typeof reportTalentSchema>

const talentListSchema = z.object({
  count,
  /** The first REPORT_LIST_LIMIT, least recently updated first. */
  talents: z.array(reportTalentSchema),
})

/** GET /api/reports/engagement. */
export const engagementReportSchema = z.object({
  /** Talent adds, edits and deletes from the activity log per week (weeks start on Monday). */
  activity: z.array(
    z.object({ week: z.iso.date(), created: count, updated: count, deleted: count }),
  ),
  totals: z.object({ created: count, updated: count, deleted: count }),
  /** Profiles whose last update is STALE_DAYS or more ago. */
  stale: talentListSchema,
  /** Profiles tagged 'Needs Updating' (spec section 4, like the dashboard card). */
  needsUpdating: talentListSchema,
})
export type EngagementReport = z.infer<typeof engagementReportSchema>
