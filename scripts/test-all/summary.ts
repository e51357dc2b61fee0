/** The machine's one-minute load average when a stage started and when it ended. */
export type Load = { start: number; end: number }

export type StageResult = {
  name: string
  ok: boolean
  seconds: number
  lines?: string[]
  load?: Load
}

/**
 * A stage time means little without the machine's load beside it: the same stage takes twice as
 * long while other work shares the two cores (docs/decisions/027-ci-under-ten-minutes.md).
 */
export function formatLoad(load: Load | undefined): string {
  return load ? `  (load ${load.start.toFixed(1)} → ${load.end.toFixed(1)})` : ''
}

const EXCERPT_LINES = 40
// Where each runner's failure report starts: Vitest's heading, Playwright's first failure.
const FAILURE_HEADING = /Failed Tests \d+|^\s+1\) \[/
// eslint-disable-next-line no-control-regex -- colour codes are control characters by definition
const COLOUR = /\u001b\[[0-9;]*m/g

/**
 * What a failed stage said about its failure, kept short: CI shows only the end of the log, and a
 * failure printed before two more stages' output was out of sight there.
 */
export function failureExcerpt(lines: string[]): string[] {
  const plain = lines.map((line) => line.replace(COLOUR, ''))
  const heading = plain.findIndex((line) => FAILURE_HEADING.test(line))
  const from = heading >= 0 ? heading : Math.max(0, plain.length - EXCERPT_LINES)
  return plain.slice(from, from + EXCERPT_LINES)
}

/**
 * The text `npm test` ends with: what each failed stage said, then each stage, its verdict and its
 * time, then the wall time.
 */
export function formatSummary(results: StageResult[], wallSeconds: number, load?: Load): string {
  const width = Math.max(...results.map((r) => r.name.length), 'total'.length)
  const rows = results.map(
    (r) =>
      `  ${r.name.padEnd(width)}  ${r.ok ? 'passed' : 'FAILED'}  ${r.seconds.toFixed(1)} s` +
      formatLoad(r.load),
  )
  const failed = results.filter((r) => !r.ok)
  const excerpts = failed.flatMap((r) => [
    '',
    `What ${r.name} said about its failure:`,
    ...failureExcerpt(r.lines ?? []).map((line) => `  ${line}`),
  ])
  const verdict = failed.length
    ? `FAILED: ${failed.map((r) => r.name).join(', ')}`
    : 'all stages passed'
  return [
    ...excerpts,
    '',
    'Stage times:',
    ...rows,
    `  ${'total'.padEnd(width)}  ${verdict}  ${wallSeconds.toFixed(1)} s (wall)${formatLoad(load)}`,
    '',
  ].join('\n')
}
