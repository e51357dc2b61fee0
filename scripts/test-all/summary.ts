export type StageResult = { name: string; ok: boolean; seconds: number }

/** The table `npm test` ends with: each stage, its verdict and its time, then the wall time. */
export function formatSummary(results: StageResult[], wallSeconds: number): string {
  const width = Math.max(...results.map((r) => r.name.length), 'total'.length)
  const rows = results.map(
    (r) => `  ${r.name.padEnd(width)}  ${r.ok ? 'passed' : 'FAILED'}  ${r.seconds.toFixed(1)} s`,
  )
  const failed = results.filter((r) => !r.ok).map((r) => r.name)
  const verdict = failed.length ? `FAILED: ${failed.join(', ')}` : 'all stages passed'
  return [
    '',
    'Stage times:',
    ...rows,
    `  ${'total'.padEnd(width)}  ${verdict}  ${wallSeconds.toFixed(1)} s (wall)`,
    '',
  ].join('\n')
}
