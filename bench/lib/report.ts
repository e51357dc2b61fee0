import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { REPO_ROOT } from './server.ts'

/** A Markdown table, so the output pastes into docs/performance.md as is. */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')
}

export function machine(): { cpus: number; cpuModel: string; node: string; loadavg: string } {
  const list = cpus()
  return {
    cpus: list.length,
    cpuModel: list[0]?.model ?? 'unknown',
    node: process.version,
    loadavg: loadAverage(),
  }
}

/** Writes `data` to bench/results/<name>-<timestamp>.json (gitignored); returns the path. */
export function writeResults(name: string, data: unknown): string {
  const dir = path.join(REPO_ROOT, 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const file = path.join(dir, `${name}-${stamp}.json`)
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
  return path.relative(REPO_ROOT, file)
}

export const ms = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(n < 10 ? 2 : 1)

/** The nearest-rank percentile `p` (0-100) of ascending `sorted` values; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
