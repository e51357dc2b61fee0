import { DUPLICATE_REASONS, type DuplicateReason } from '#shared/duplicates.ts'

/** One rule that held for a pair of talents, with its weight (0–1). */
export type RuleHit = { reason: DuplicateReason; score: number }

/**
 * Several rules together are stronger than the strongest alone: 1 − Π(1 − score), two decimals.
 * Reasons come back strongest rule first, each once.
 */
export function combineHits(hits: RuleHit[]): { confidence: number; reasons: DuplicateReason[] } {
  const best = new Map<DuplicateReason, number>()
  for (const hit of hits) best.set(hit.reason, Math.max(best.get(hit.reason) ?? 0, hit.score))
  const miss = [...best.values()].reduce((product, score) => product * (1 - score), 1)
  return {
    confidence: Math.round((1 - miss) * 100) / 100,
    reasons: DUPLICATE_REASONS.filter((reason) => best.has(reason)),
  }
}

const REASON_SET: ReadonlySet<string> = new Set(DUPLICATE_REASONS)

/** Rows are text in the database; only our own reasons pass. */
export function isDuplicateReason(value: string): value is DuplicateReason {
  return REASON_SET.has(value)
}
