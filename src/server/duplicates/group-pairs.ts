import type { DuplicateReason } from '#shared/duplicates.ts'
import { combineHits, isDuplicateReason, type RuleHit } from './confidence.ts'

/** One rule that held for two talents, lower id first: a row of the scan's queries. */
export type Pair = { low: number; high: number; reason: string; score: number }

/** Two talents and every rule that held for them. */
export type PairHits = { low: number; high: number; hits: RuleHit[] }

export type Group = {
  ids: number[]
  confidence: number
  reasons: DuplicateReason[]
  pairs: PairHits[]
}

/** One entry per pair of talents, with each rule that held for it. */
export function collectHits(rows: Pair[]): PairHits[] {
  const byKey = new Map<string, PairHits>()
  for (const { low, high, reason, score } of rows) {
    if (!isDuplicateReason(reason)) continue
    const key = `${low}:${high}`
    const pair = byKey.get(key) ?? { low, high, hits: [] }
    pair.hits.push({ reason, score })
    byKey.set(key, pair)
  }
  return [...byKey.values()]
}

/**
 * Union-find over the pairs: each connected set of talents is one group, as likely as its
 * strongest pair, with every pair's reasons; strongest first, then by lowest id.
 */
export function groupPairs(pairs: PairHits[]): Group[] {
  const parent = new Map<number, number>()
  const find = (id: number): number => {
    let root = id
    for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) {
      root = up
    }
    if (root !== id) parent.set(id, root)
    return root
  }
  for (const { low, high } of pairs) {
    const a = find(low)
    const b = find(high)
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b))
  }
  const groups = new Map<number, { ids: Set<number>; pairs: PairHits[] }>()
  for (const pair of pairs) {
    const root = find(pair.low)
    const group = groups.get(root) ?? { ids: new Set<number>(), pairs: [] }
    group.ids.add(pair.low).add(pair.high)
    group.pairs.push(pair)
    groups.set(root, group)
  }
  return [...groups.values()]
    .map(({ ids, pairs: groupPairsOf }) => {
      const confidence = Math.max(...groupPairsOf.map((pair) => combineHits(pair.hits).confidence))
      const { reasons } = combineHits(groupPairsOf.flatMap((pair) => pair.hits))
      return { ids: [...ids].sort((a, b) => a - b), confidence, reasons, pairs: groupPairsOf }
    })
    .sort((a, b) => b.confidence - a.confidence || (a.ids[0] ?? 0) - (b.ids[0] ?? 0))
}
