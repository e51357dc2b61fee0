import type { DryRunProgress, SpreadsheetImport } from '#shared/imports/import-api.ts'

// How an import reads in a sentence, on its page and in the list of imports.

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

export function outcomeLine(item: SpreadsheetImport): string {
  return [
    `${plural(item.created, 'talent')} added`,
    `${plural(item.updated, 'talent')} updated`,
    `${plural(item.skipped, 'row')} skipped`,
    `${plural(item.invalid, 'row')} refused`,
  ].join(' · ')
}

export function stateLine(item: SpreadsheetImport): string {
  const undo = item.undo
  if (undo && (undo.state === 'queued' || undo.state === 'running'))
    return `Undoing… ${undo.done.toLocaleString('en-US')} of ${plural(undo.total, 'talent')}`
  switch (item.state) {
    case 'mapping':
      return 'Not run yet: the columns are being mapped.'
    case 'queued':
      return 'Waiting to start…'
    case 'running':
      return `Importing ${item.done.toLocaleString('en-US')} of ${item.total.toLocaleString('en-US')} rows…`
    case 'done':
      return outcomeLine(item)
    case 'failed':
      return `Stopped after ${plural(item.done, 'row')}: ${outcomeLine(item)}`
    case 'undone':
      return 'This import was undone.'
  }
}

/** Where a dry run running on the server stands. */
export function dryRunLine(progress: DryRunProgress): string {
  if (progress.state === 'queued') return 'Waiting to check the rows…'
  if (progress.total === 0) return 'Counting the rows…'
  return `Checked ${progress.done.toLocaleString('en-US')} of ${plural(progress.total, 'row')}…`
}

/** Rows a second and the time left, from the rows done since the run began. */
export function rateLine(item: SpreadsheetImport, now: number): string | null {
  if (item.state !== 'running' || item.done === 0) return null
  const seconds = Math.max(1, (now - new Date(item.createdAt).getTime()) / 1000)
  const rate = item.done / seconds
  const left = Math.max(0, Math.round((item.total - item.done) / Math.max(rate, 0.001)))
  return `${Math.round(rate).toLocaleString('en-US')} rows a second · about ${left} s left`
}

/** An undo that ran out of attempts; asked again, it goes on where it stopped (undo-job.ts). */
export function undoFailedLine(item: SpreadsheetImport): string | null {
  if (item.undo?.state !== 'failed' || item.state === 'undone') return null
  return `The undo stopped after ${plural(item.undo.done, 'talent')} of ${item.undo.total.toLocaleString('en-US')}. Undo the import again to finish it.`
}
