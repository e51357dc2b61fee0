import { z } from 'zod'
import { parseQuery, termCount } from './parse-query.ts'

// Issue 17 API: a longer query is a 400 with a message. The bounds keep the SQL one query builds
// (and the typo look-ups it makes, one per word) small whatever a client sends.
export const MAX_SEARCH_LENGTH = 500
export const MAX_SEARCH_TERMS = 32

/**
 * The `q` parameter of GET /api/talents and the search box. Only the limits are validated: any
 * text within them is a query (parseQuery never fails). The length check aborts, so a huge
 * input is refused without being parsed.
 */
export const searchQuerySchema = z
  .string()
  .max(MAX_SEARCH_LENGTH, {
    error: `Search must be at most ${MAX_SEARCH_LENGTH} characters`,
    abort: true,
  })
  .refine(
    (q) => termCount(parseQuery(q)) <= MAX_SEARCH_TERMS,
    `Search can have at most ${MAX_SEARCH_TERMS} terms`,
  )
