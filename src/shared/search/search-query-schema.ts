import { z } from 'zod'
import { matchesInsideNames } from './find-hits.ts'
import { parseQuery, termCount, type ParsedQuery } from './parse-query.ts'

// A longer query is a 400 with a message. The bounds keep the SQL one query builds
// (and the typo look-ups it makes, one per word) small whatever a client sends.
export const MAX_SEARCH_LENGTH = 500
export const MAX_SEARCH_TERMS = 32

/**
 * Security rule 43: a word of SUBSTRING_MIN_LENGTH letters or more is also looked up inside every
 * name and e-mail (trigram ILIKE), ranked by a substring test per match, and from five letters
 * looked up for typos: the costly terms. An OR of 32 three-letter fragments held the embedded
 * engine for every other request; the cost grows with each such word (docs/performance.md
 * "Every search has a bound"). Phrases, exclusions, field terms and one- or two-letter words do
 * none of that and are not counted.
 */
export const MAX_SEARCH_WORDS = 8

export const SEARCH_TERMS_MESSAGE = `Search can have at most ${MAX_SEARCH_TERMS} terms`
export const SEARCH_WORDS_MESSAGE = `Search can look for at most ${MAX_SEARCH_WORDS} words at once (phrases in quotes, -exclusions and filters like level:senior do not count)`

/** The words of a query that are looked up inside names and for typos (MAX_SEARCH_WORDS). */
export function costlyWordCount(parsed: ParsedQuery): number {
  return parsed.clauses
    .flatMap((clause) => clause.anyOf)
    .filter((term) => term.kind === 'word' && !term.negated && matchesInsideNames(term)).length
}

/**
 * The `q` parameter of GET /api/talents and the search box. Only the limits are validated: any
 * text within them is a query (parseQuery never fails). The length check aborts, so a huge
 * input is refused without being parsed; one message at a time, the first limit passed.
 */
export const searchQuerySchema = z
  .string()
  .max(MAX_SEARCH_LENGTH, {
    error: `Search must be at most ${MAX_SEARCH_LENGTH} characters`,
    abort: true,
  })
  .superRefine((q, ctx) => {
    const parsed = parseQuery(q)
    if (termCount(parsed) > MAX_SEARCH_TERMS) {
      ctx.addIssue({ code: 'custom', message: SEARCH_TERMS_MESSAGE })
    } else if (costlyWordCount(parsed) > MAX_SEARCH_WORDS) {
      ctx.addIssue({ code: 'custom', message: SEARCH_WORDS_MESSAGE })
    }
  })

/** What is wrong with a query as typed, in the words the API would answer; undefined when fine. */
export function searchProblem(q: string): string | undefined {
  return searchQuerySchema.safeParse(q).error?.issues[0]?.message
}
