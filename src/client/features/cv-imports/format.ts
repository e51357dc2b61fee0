import type { CvImportItemState, CvImportSummary, CvImportUndoResult } from '#shared/cv-import.ts'

/** How each row's state is named to people. */
export const ITEM_STATE_LABELS: Record<CvImportItemState, string> = {
  queued: 'Queued',
  reading: 'Reading',
  created: 'Created',
  attached: 'Attached to existing talent',
  needs_review: 'Needs review',
  failed: 'Failed',
}

export function importerName(summary: Pick<CvImportSummary, 'createdBy'>): string {
  const person = summary.createdBy
  if (!person) return 'a former user'
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ')
  return name || person.email
}

export { formatDateTime as formatImportDate } from '../../lib/date-time.ts'

/** "3 created · 1 attached · 2 need review · 1 failed" — the counts that are not zero. */
export function countsLine(counts: CvImportSummary['counts']): string {
  const parts = [
    counts.created ? `${counts.created} created` : null,
    counts.attached ? `${counts.attached} attached` : null,
    counts.needs_review ? `${counts.needs_review} need review` : null,
    counts.failed ? `${counts.failed} failed` : null,
  ]
  return parts.filter(Boolean).join(' · ') || 'Nothing read yet'
}

/** The toast after an undo: what went, and what stayed because someone changed it since. */
export function undoneLine({ removedTalents, removedCvs, kept }: CvImportUndoResult): string {
  const parts = [`${removedTalents} talent${removedTalents === 1 ? '' : 's'} removed`]
  if (removedCvs > 0) parts.push(`${removedCvs} CV${removedCvs === 1 ? '' : 's'} taken off`)
  if (kept.length > 0) parts.push(`${kept.length} kept because they were changed since`)
  return `${parts.join(', ')}.`
}
