import { formatLongDate } from './talent-format.ts'

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A moment as people read it in lists of work done ('25 Nov 2026, 15:02'), in their locale. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso))
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** 'just now', '5 min ago', '2 h ago', '3 d ago', then the date ('Jan 5, 2024'). */
export function formatWhen(iso: string, now: number): string {
  const elapsed = now - new Date(iso).getTime()
  if (Number.isNaN(elapsed)) return 'Unknown date'
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} d ago`
  return formatLongDate(iso)
}

/** The exact moment for the tooltip: 'Jan 5, 2024, 3:04 PM' (timeZone for tests; local by default). */
export function formatExactTime(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'Unknown date'
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date)
}
