import type { Engine } from '../../src/server/db/open.ts'
import type { CaseKind } from '../api-cases.ts'
import type { LoadResult } from './load.ts'

/**
 * Budgets at 100,000 talents, with autocannon's
 * 20 connections beside the server on this 2-core machine:
 * - pages and search: PostgreSQL p99 ≤ 25 ms and ≥ 1,500 req/s; PGlite p99 ≤ 100 ms;
 * - the deep page (50,000th talent): the page budget, and a median within 1.5× of the newest page;
 * - stats: p99 ≤ 20 ms (no engine named, so both);
 * - detail: the engine's page latency (p99) budget; the baseline has none.
 * Any socket error, timeout or non-2xx answer fails the row.
 */
export const BUDGET = {
  postgres: { p99: 25, minReqPerSec: 1500 },
  pglite: { p99: 100, minReqPerSec: 0 },
  deepRatio: 1.5,
  statsP99: 20,
} as const

export type Verdict = { budget: string; pass: boolean | undefined; misses: string[] }

export function judge(
  kind: CaseKind,
  engine: Engine,
  result: LoadResult,
  newest: LoadResult | undefined,
): Verdict {
  const limits = BUDGET[engine]
  const rules: { text: string; ok: boolean }[] = []
  const p99 = (max: number) => ({ text: `p99≤${max}`, ok: result.p99 <= max })
  if (kind === 'page' || kind === 'deep') {
    rules.push(p99(limits.p99))
    if (limits.minReqPerSec > 0) {
      rules.push({ text: `≥${limits.minReqPerSec}/s`, ok: result.reqPerSec >= limits.minReqPerSec })
    }
  }
  if (kind === 'deep' && newest) {
    const ratio = result.p50 / Math.max(newest.p50, 0.01)
    rules.push({
      text: `p50≤${BUDGET.deepRatio}×newest (${ratio.toFixed(2)}×)`,
      ok: ratio <= BUDGET.deepRatio,
    })
  }
  if (kind === 'stats') rules.push(p99(BUDGET.statsP99))
  if (kind === 'detail') rules.push(p99(limits.p99))
  const failures = result.errors + result.timeouts + result.non2xx
  if (kind !== 'baseline' || failures > 0) rules.push({ text: 'no errors', ok: failures === 0 })
  if (kind === 'baseline' && rules.length === 0) return { budget: '—', pass: undefined, misses: [] }
  return {
    budget: rules.map((r) => r.text).join(', '),
    pass: rules.every((r) => r.ok),
    misses: rules.filter((r) => !r.ok).map((r) => r.text),
  }
}
