import { sql, type SQL } from 'drizzle-orm'
import type { ParsedQuery } from '#shared/search/parse-query.ts'
import type { TextTerm } from '#shared/search/find-hits.ts'
import { typoBudget } from '#shared/search/typo.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'

/**
 * Issue 17 item 1's corrections, looked up once per request: each typed word the rules may
 * correct (a positive word of 5+ letters, typo.ts) → the dictionary words it may be a typo of
 * (none: an empty list). The page, its rank and its count then carry them as constants: as one
 * subquery per word in each of those statements the lookup ran 2-3 times a request, ~8-17 ms of
 * PostgreSQL CPU each (docs/performance.md "Typo tolerance").
 */
export type Corrections = ReadonlyMap<string, readonly string[]>

/** For a query with no word to correct (and filters without a search). */
export const NO_CORRECTIONS: Corrections = new Map()

/**
 * How many dictionary words, nearest to a typed word by trigrams, are checked for being what it
 * meant. Nearest first through the GiST index (KNN), so no similarity threshold has to be set on
 * the session: `pyhton` is only 0.273 similar to python, under pg_trgm's default 0.3.
 */
const TYPO_CANDIDATES = 30

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
 * Every correctable word's corrections in ONE query (none when there is no such word): for each,
 * the TYPO_CANDIDATES nearest dictionary words (search_words, migration 0019, GiST KNN in a
 * lateral join), kept when optimal-string-alignment distance is within the word's budget (an
 * adjacent swap is one typo). The typed word is folded as the documents are (search_unaccent).
 */
export async function lookUpCorrections(
  db: Db,
  parsed: ParsedQuery | undefined,
): Promise<Corrections> {
  const words = correctableWords(parsed)
  if (words.length === 0) return NO_CORRECTIONS
  const typed = sql.join(
    words.map((word) => sql`(${word}::text, ${typoBudget(word)}::int)`),
    sql`, `,
  )
  const rows = await rawRows<{ typed: string; word: string }>(
    db,
    sql`select t.typed, c.word
      from (values ${typed}) as t(typed, budget)
      cross join lateral (select search_unaccent(t.typed) as folded) f
      cross join lateral (select w.word from search_words w
        order by w.word <-> f.folded limit ${TYPO_CANDIDATES}) c
      where c.word <> f.folded and abs(length(c.word) - length(f.folded)) <= t.budget
        and search_osa_distance(c.word, f.folded) <= t.budget
      order by t.typed, c.word`,
  )
  const corrections = new Map<string, string[]>(words.map((word) => [word, []]))
  for (const row of rows) corrections.get(row.typed)?.push(row.word)
  return corrections
}

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
