import { MAX_SEARCH_WORDS } from '../../src/shared/search/search-query-schema.ts'

/**
 * Security rule 43's budget: while ten of the costliest searches run at once, /api/health and a
 * colleague's list each answer within this (ms), on both engines.
 */
export const BESIDE_WORST_BUDGET_MS = 1_000

/** How many costly searches are sent at once in each round. */
const AT_ONCE = 10

export type WorstRound = {
  /** Fragments OR-ed in each search of the round. */
  terms: number
  /** Each search's latency (ms) and how many were answered 200, 400 (over the cap) and 503. */
  searchMs: number[]
  statuses: Record<string, number>
  healthMs: number
  listMs: number
  pass: boolean
}

async function timed(url: string, headers: Record<string, string>): Promise<[number, number]> {
  const started = performance.now()
  const response = await fetch(url, { headers })
  await response.arrayBuffer()
  return [performance.now() - started, response.status]
}

/**
 * One round: AT_ONCE distinct searches of `terms` fragments sent together; as soon as they are
 * on their way, /api/health and a list no one asked for yet (a filter of its own per round, so
 * no cache answers it: what a colleague opening the dashboard waits for).
 */
export async function worstRound(
  url: string,
  headers: Record<string, string>,
  queries: string[],
  terms: number,
  round: number,
): Promise<WorstRound> {
  const searches = queries
    .slice(0, AT_ONCE)
    .map((q) => timed(`${url}/api/talents?${new URLSearchParams({ q, limit: '50' })}`, headers))
  // The colleague's list: one of the six levels × sorts, different in every round.
  const sorts = ['newest', 'oldest', 'name_asc', 'name_desc', 'area_asc', 'area_desc']
  const list = `${url}/api/talents?limit=50&sort=${sorts[round % sorts.length]}&seniorityLevel=${['junior', 'mid', 'senior'][round % 3]}`
  const [[healthMs], [listMs]] = await Promise.all([
    timed(`${url}/api/health`, {}),
    timed(list, headers),
  ])
  const answered = await Promise.all(searches)
  const statuses: Record<string, number> = {}
  for (const [, status] of answered) statuses[status] = (statuses[status] ?? 0) + 1
  // The budget is the others' wait. A search is answered, or stopped at its deadline (503, the
  // bound doing its job on a busy machine); over the cap it is refused (400).
  const allowed = terms > MAX_SEARCH_WORDS ? [400] : [200, 503]
  const pass =
    healthMs <= BESIDE_WORST_BUDGET_MS &&
    listMs <= BESIDE_WORST_BUDGET_MS &&
    answered.every(([, status]) => allowed.includes(status))
  return { terms, searchMs: answered.map(([ms]) => ms), statuses, healthMs, listMs, pass }
}
