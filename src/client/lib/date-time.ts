const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A moment as people read it in lists of work done ('25 Nov 2026, 15:02'), in their locale. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso))
}
