import type { DuplicateReason } from '#shared/duplicates.ts'
import { turnTaker } from '../jobs/take-turns.ts'
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

/**
 * One entry per pair of talents, with each rule that held for it, filled chunk by chunk as a scan
 * reads. A scan may bring 50,000 rows: the loops take turns with requests (security rule 31).
 */
export class PairCollector {
  readonly #byLow = new Map<number, Map<number, PairHits>>()
  #count = 0

  get size(): number {
    return this.#count
  }

  async add(rows: Pair[]): Promise<void> {
    const turns = turnTaker()
    for (const { low, high, reason, score } of rows) {
      await turns.maybe()
      if (!isDuplicateReason(reason)) continue
      let partners = this.#byLow.get(low)
      if (!partners) this.#byLow.set(low, (partners = new Map<number, PairHits>()))
      let pair = partners.get(high)
      if (!pair) {
        partners.set(high, (pair = { low, high, hits: [] }))
        this.#count += 1
      }
      pair.hits.push({ reason, score })
    }
  }

  pairs(): PairHits[] {
    return [...this.#byLow.values()].flatMap((partners) => [...partners.values()])
  }
}

/** Union-find: the lowest id of each connected set of talents is its root. */
function unionFind() {
  const parent = new Map<number, number>()
  const find = (id: number): number => {
    let root = id
    for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) {
      root = up
    }
    if (root !== id) parent.set(id, root)
    return root
  }
  const join = (a: number, b: number) => {
    const rootA = find(a)
    const rootB = find(b)
    if (rootA !== rootB) parent.set(Math.max(rootA, rootB), Math.min(rootA, rootB))
  }
  return { find, join }
}

/**
 * Each connected set of talents is one group, as likely as its strongest pair, with every pair's
 * reasons; strongest first, then by lowest id. Takes turns with requests, as PairCollector does.
 */
export async function groupPairs(pairs: PairHits[]): Promise<Group[]> {
  const turns = turnTaker()
  const { find, join } = unionFind()
  for (const { low, high } of pairs) {
    await turns.maybe()
    join(low, high)
  }
  const byRoot = new Map<number, { ids: Set<number>; pairs: PairHits[] }>()
  for (const pair of pairs) {
    await turns.maybe()
    const root = find(pair.low)
    let group = byRoot.get(root)
    if (!group) byRoot.set(root, (group = { ids: new Set<number>(), pairs: [] }))
    group.ids.add(pair.low).add(pair.high)
    group.pairs.push(pair)
  }
  const groups: Group[] = []
  for (const { ids, pairs: members } of byRoot.values()) {
    await turns.maybe()
    let confidence = 0
    for (const pair of members) {
      await turns.maybe()
      confidence = Math.max(confidence, combineHits(pair.hits).confidence)
    }
    const { reasons } = combineHits(members.flatMap((pair) => pair.hits))
    groups.push({ ids: [...ids].sort((a, b) => a - b), confidence, reasons, pairs: members })
  }
  return groups.sort((a, b) => b.confidence - a.confidence || (a.ids[0] ?? 0) - (b.ids[0] ?? 0))
}
