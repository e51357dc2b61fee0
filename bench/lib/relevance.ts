import { talentListQuerySchema } from '#shared/talent-list-query.ts'
import type { Db } from '../../src/server/db/open.ts'
import { listTalents } from '../../src/server/talents/list.ts'
import {
  plantRelevanceSet,
  RELEVANCE_QUERIES,
  type RelevanceQuery,
} from '../../scripts/seed/relevance-set.ts'

/** The goals for the relevance set. */
export const RELEVANCE_GOALS = { recallAt10: 0.95, mrr: 0.8 } as const

const TOP = 10

export type QueryScore = {
  query: RelevanceQuery
  /** The known answers among the first 10, over how many there are (at most 10). */
  recall: number
  /** 1 / the rank of the first known answer; 0 when none is in the first 10. */
  reciprocalRank: number
  /** Talents that must not be found but were, in the first 10. */
  intruders: string[]
  /** The first 10 results, planted ones by key, others as `·`. */
  top: string[]
}

export type RelevanceReport = { recallAt10: number; mrr: number; scores: QueryScore[] }

const keyOf = (email: string) => /^(t\d+)@relevance\.scout\.test$/.exec(email)?.[1] ?? '·'

/** A query failed when it missed an answer, found an excluded talent or ranked no answer first. */
export const hasFailed = (s: QueryScore) =>
  s.recall < 1 || s.intruders.length > 0 || s.reciprocalRank < 1

/**
 * Plants the relevance set (those not there yet) and runs each query as the dashboard does (the
 * list's own service, relevance order, first page of 10), scoring recall@10 and MRR.
 */
export async function scoreRelevance(db: Db): Promise<RelevanceReport> {
  await plantRelevanceSet(db)
  const scores: QueryScore[] = []
  for (const query of RELEVANCE_QUERIES) {
    const page = await listTalents(db, talentListQuerySchema.parse({ q: query.q, limit: '10' }))
    const top = page.rows.slice(0, TOP).map((talent) => keyOf(talent.email))
    const expected = new Set(query.expect)
    const found = top.filter((key) => expected.has(key)).length
    const firstHit = top.findIndex((key) => expected.has(key))
    scores.push({
      query,
      recall: found / Math.min(expected.size, TOP),
      reciprocalRank: firstHit < 0 ? 0 : 1 / (firstHit + 1),
      intruders: top.filter((key) => query.absent?.includes(key) ?? false),
      top,
    })
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
  return {
    recallAt10: mean(scores.map((s) => s.recall)),
    mrr: mean(scores.map((s) => s.reciprocalRank)),
    scores,
  }
}

/** One line per failing query: what was asked, what was expected, what came back. */
export function describeFailure(s: QueryScore): string {
  const absent = s.query.absent ? `, not ${s.query.absent.join(' ')}` : ''
  return `  FAIL [${s.query.kind}] ${JSON.stringify(s.query.q)}: expected ${s.query.expect.join(' ')}${absent}; recall ${s.recall.toFixed(2)}, RR ${s.reciprocalRank.toFixed(2)}; top 10: ${s.top.join(' ') || '(none)'}`
}
