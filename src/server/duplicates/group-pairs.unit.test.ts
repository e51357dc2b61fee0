import { describe, expect, it } from 'vitest'
import { PairCollector, groupPairs, type Pair } from './group-pairs.ts'

const SIMILAR = 'similar name in the same area'

/** `count` pairs among 3,000 talents, every one linked to the next: one big group. */
function manyPairs(count: number): Pair[] {
  return Array.from({ length: count }, (_, i) => {
    const low = 1 + (i % 3_000)
    return { low, high: low + 1 + Math.floor(i / 3_000), reason: SIMILAR, score: 0.6 }
  })
}

describe('grouping a scan’s pairs', () => {
  it('joins rules per pair and connected pairs into groups, strongest first', async () => {
    const collector = new PairCollector()
    await collector.add([
      { low: 1, high: 2, reason: SIMILAR, score: 0.6 },
      { low: 2, high: 3, reason: SIMILAR, score: 0.6 },
      { low: 7, high: 9, reason: 'same phone number', score: 0.9 },
      { low: 7, high: 9, reason: SIMILAR, score: 0.6 },
      { low: 4, high: 5, reason: 'not a rule of ours', score: 1 },
    ])
    expect(collector.size).toBe(3)
    const groups = await groupPairs(collector.pairs())
    expect(groups.map((group) => [group.ids, group.confidence, group.reasons])).toEqual([
      [[7, 9], 0.96, ['same phone number', SIMILAR]],
      [[1, 2, 3], 0.6, [SIMILAR]],
    ])
  })

  // Security rule 31: a scan of a pool full of look-alike names brings 50,000 pairs; grouping them
  // in one go held the event loop for 150–250 ms (bench:freeze on PostgreSQL, 2026-11-27).
  it('gives the event loop turns while it works through 50,000 pairs', async () => {
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 1)
    try {
      const collector = new PairCollector()
      await collector.add(manyPairs(50_000))
      const groups = await groupPairs(collector.pairs())
      expect(groups).toHaveLength(1)
      expect(groups[0]?.pairs).toHaveLength(50_000)
      expect(ticks).toBeGreaterThan(0)
    } finally {
      clearInterval(timer)
    }
  })
})
