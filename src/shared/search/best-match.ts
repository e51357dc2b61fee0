import { findHits, findTypoHits, foldText, type Hit, type TermMatcher } from './find-hits.ts'
import { snippetOf } from './snippet.ts'
import type { MatchField, TalentMatch } from './talent-match.ts'

/** One field's text as shown to the user (tags joined with ', '), or null when empty. */
export type FieldText = { field: MatchField; text: string | null }

/** Fields where a word may match inside another word (the spec's `ann` finds Joanna). */
const NAME_FIELDS: ReadonlySet<MatchField> = new Set(['name', 'email'])

/** A field's hits for a search, and how many of its words and phrases they cover. */
export type FieldHits = { field: MatchField; text: string; hits: Hit[]; termsHit: number }

function hitsIn({ field, text }: FieldText, matchers: TermMatcher[]): FieldHits | undefined {
  if (text === null || text === '') return undefined
  const folded = foldText(text)
  const hits: Hit[] = []
  let termsHit = 0
  for (const matcher of matchers) {
    const finder = NAME_FIELDS.has(field) ? (matcher.inside ?? matcher.whole) : matcher.whole
    let found = finder ? findHits(folded, finder) : []
    // Only where the word as typed is absent: what the server matched through a correction.
    if (found.length === 0 && matcher.typo !== undefined) found = findTypoHits(folded, matcher.typo)
    if (found.length > 0) termsHit += 1
    hits.push(...found)
  }
  return { field, text, hits, termsHit }
}

/**
 * The field with the most of the search's words and phrases in it (termMatchers) (fields given best first: a
 * tie goes to the earlier one), or undefined when none shows a hit.
 */
export function bestFieldHits(fields: FieldText[], matchers: TermMatcher[]): FieldHits | undefined {
  let best: FieldHits | undefined
  for (const field of fields) {
    const found = hitsIn(field, matchers)
    if (found && found.termsHit > (best?.termsHit ?? 0)) best = found
  }
  return best
}

/** Why a talent matched: the best field, a snippet of it, the hits in the snippet. */
export function matchOf({ field, text, hits }: FieldHits): TalentMatch {
  return { field, ...snippetOf(text, hits) }
}
