import {
  findHits,
  findTypoHits,
  foldText,
  termMatchers,
  type Hit,
  type TextTerm,
} from './find-hits.ts'
import { parseQuery } from './parse-query.ts'
import { queryTerms } from './query-chips.ts'
import { mergeHits } from './snippet.ts'

/** The words and phrases of a query that a text is searched for: exclusions and fields left out. */
export function textTermsOf(query: string): TextTerm[] {
  return queryTerms(parseQuery(query)).filter(
    (term): term is TextTerm => term.kind !== 'field' && !term.negated,
  )
}

/**
 * Every hit of a query's words and phrases in `text` (the detail view's CV tab marks all
 * of them), found as the search finds them: whole words without regard to case or accents, the
 * last word also as a prefix, and a word within its typo budget where the word as typed is not
 * in the text (what the server corrected it to). Sorted and merged, [start, end) into `text`.
 */
export function queryHits(text: string, query: string): Hit[] {
  const matchers = termMatchers(textTermsOf(query))
  if (matchers.length === 0 || text === '') return []
  const folded = foldText(text)
  const hits: Hit[] = []
  for (const { whole, typo } of matchers) {
    const found = whole ? findHits(folded, whole) : []
    hits.push(...(found.length === 0 && typo !== undefined ? findTypoHits(folded, typo) : found))
  }
  return mergeHits(hits)
}
