import { sql, type SQL } from 'drizzle-orm'
import type { ParsedQuery } from '#shared/search/parse-query.ts'
import type { TextTerm } from '#shared/search/find-hits.ts'
import { osaDistance, typoBudget } from '#shared/search/typo.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'

/**
 * Looked up once per request: each typed word the rules may
 * correct (a positive word of 5+ letters, typo.ts) → the dictionary words it may be a typo of
 * (none: an empty list). The page, its rank and its count then carry them as constants: as one
 * subquery per word in each of those statements the lookup ran 2-3 times a request, ~8-17 ms of
 * PostgreSQL CPU each (docs/performance.md "Typo tolerance").
 */
export type Corrections = ReadonlyMap<string, readonly string[]>

/** For a query with no word to correct (and filters without a search). */
export const NO_CORRECTIONS: Corrections = new Map()

/**
 * At most this many corrections per typed word, the nearest first: a short common word may be
 * one letter away from dozens of words, and each becomes a term of every statement of the page.
 */
const MAX_CORRECTIONS = 30

/** Whether the rules correct this term: a positive word (not a phrase) with a typo budget. */
export function isCorrectable(term: TextTerm): boolean {
  return term.kind === 'word' && !term.negated && typoBudget(term.norm) > 0
}

/** The distinct typed words of a query the rules correct, in the order typed. */
export function correctableWords(parsed: ParsedQuery | undefined): string[] {
  const words = new Set<string>()
  for (const clause of parsed?.clauses ?? []) {
    for (const term of clause.anyOf) {
      if (term.kind !== 'field' && isCorrectable(term)) words.add(term.norm)
    }
  }
  return [...words]
}

/**
 * Every correctable word's corrections in ONE query (none when there is no such word): the
 * dictionary words sharing a deletion with the typed word (search_word_variants, migration 0027,
 * decision 014), kept when optimal-string-alignment distance is within the word's budget (an
 * adjacent swap is one typo). The typed word is folded as the documents are (search_unaccent).
 * Each deletion probes the primary key in a subquery of its own (`offset 0` keeps the planner from
 * flattening it into a join): one plan, whatever the statistics. As a join, the embedded engine
 * (which never analyzes the table by itself) hashed every row (320 ms a word); as `variant =
 * any(…)`, PostgreSQL without statistics scanned the whole table for a single long word's 106
 * deletions (34 ms, against 3.6 ms probed; docs/performance.md "The typo lookup, probed").
 */
export async function lookUpCorrections(
  db: Db,
  parsed: ParsedQuery | undefined,
): Promise<Corrections> {
  const words = correctableWords(parsed)
  if (words.length === 0) return NO_CORRECTIONS
  const budgets = new Map(words.map((word) => [word, typoBudget(word)]))
  const typed = sql.join(
    words.map((word) => sql`(${word}::text, ${budgets.get(word)}::int)`),
    sql`, `,
  )
  const rows = await rawRows<{ typed: string; folded: string; word: string }>(
    db,
    sql`select distinct t.typed, f.folded, v.word
      from (values ${typed}) as t(typed, budget)
      cross join lateral (select search_unaccent(t.typed) as folded) f
      cross join lateral unnest(search_word_deletions(f.folded, t.budget)) d(variant)
      cross join lateral (select v.word, v.variant from search_word_variants v
        where v.variant = d.variant offset 0) v
      where length(v.word) - length(v.variant) <= t.budget
        and v.word <> f.folded and abs(length(v.word) - length(f.folded)) <= t.budget`,
  )
  const found = new Map<string, { word: string; distance: number }[]>(words.map((w) => [w, []]))
  for (const row of rows) {
    const budget = budgets.get(row.typed) ?? 0
    const distance = osaDistance(row.folded, row.word, budget)
    if (distance <= budget) found.get(row.typed)?.push({ word: row.word, distance })
  }
  const corrections = new Map<string, string[]>()
  for (const [word, candidates] of found) {
    const nearest = candidates
      .sort((a, b) => a.distance - b.distance || compare(a.word, b.word))
      .slice(0, MAX_CORRECTIONS)
    corrections.set(word, nearest.map((c) => c.word).sort(compare))
  }
  return corrections
}

/** Code-point order: the same on both engines, whatever their collation. */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** A lexeme as tsquery text: quoted, its quotes and backslashes escaped. */
function lexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}

/**
 * A term's corrections as one OR-ed tsquery, a constant: undefined when the rules do not correct
 * the term or the dictionary has nothing within reach. A correctable word missing from
 * `corrections` is a caller that skipped lookUpCorrections: an error, not a silent exact search.
 */
export function correctionQuery(term: TextTerm, corrections: Corrections): SQL | undefined {
  if (!isCorrectable(term)) return undefined
  const words = corrections.get(term.norm)
  if (words === undefined) throw new Error(`Corrections for "${term.norm}" were not looked up`)
  if (words.length === 0) return undefined
  return sql`${words.map(lexeme).join(' | ')}::tsquery`
}
