import type { AdderSeries } from '#shared/reports.ts'
import { addedByFullName } from '../../lib/talent-format.ts'

// Labels for report periods and series. Periods are UTC calendar months and weeks (server side),
// so they are formatted in UTC too, whatever the viewer's time zone.

const numberFormat = new Intl.NumberFormat('en-US')
const monthShort = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
})
const monthLong = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const dayShort = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})
const dayLong = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** 1234 → '1,234'. */
export function formatCount(value: number): string {
  return numberFormat.format(value)
}

function utcDate(key: string): Date | undefined {
  const date = new Date(key.length === 7 ? `${key}-01T00:00:00Z` : `${key}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** '2026-11' → 'Nov 26' (axis) or 'Nov 2026' (tables, tooltips). */
export function formatMonth(key: string, style: 'axis' | 'full' = 'full'): string {
  const date = utcDate(key)
  if (!date) return key
  return (style === 'axis' ? monthShort : monthLong).format(date)
}

/** '2026-11-16' (a Monday) → 'Nov 16' (axis) or 'Week of Nov 16, 2026'. */
export function formatWeek(key: string, style: 'axis' | 'full' = 'full'): string {
  const date = utcDate(key)
  if (!date) return key
  return style === 'axis' ? dayShort.format(date) : `Week of ${dayLong.format(date)}`
}

/** A series of "who adds talents": the user's name (as on the detail view) or the group. */
export function adderLabel(series: Pick<AdderSeries, 'kind' | 'user'>): string {
  if (series.kind === 'others') return 'Everyone else'
  if (series.kind === 'none' || series.user === null) return 'No recorded adder'
  return addedByFullName(series.user)
}

/** '3 talents' / '1 talent'. */
export function pluralTalents(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'talent' : 'talents'}`
}
