import type { FieldTerm, ParsedQuery, SearchTerm } from './parse-query.ts'
import { printTerm } from './print-query.ts'

/**
 * A field term shown as a removable chip beside the search box. `index` is the term's
 * place in `queryTerms` order, for `withoutTerm`; `text` is the term as typed back (`-status:Hired`).
 */
export type QueryChip = { index: number; term: FieldTerm; text: string }

/** Every term of a query in the order typed, OR groups flattened. */
export function queryTerms(parsed: ParsedQuery): SearchTerm[] {
  return parsed.clauses.flatMap((clause) => clause.anyOf)
}

/** The field terms of a query, in the order typed: the chips of the search box. */
export function queryChips(parsed: ParsedQuery): QueryChip[] {
  return queryTerms(parsed).flatMap((term, index) =>
    term.kind === 'field' ? [{ index, term, text: printTerm(term) }] : [],
  )
}

/**
 * The query without its `index`-th term (queryTerms order), as a chip's remove button needs. A
 * clause left empty goes too, so `a OR status:hired` becomes `a`. An index out of range changes
 * nothing. The query given is not modified.
 */
export function withoutTerm(parsed: ParsedQuery, index: number): ParsedQuery {
  let seen = 0
  const clauses = parsed.clauses.flatMap((clause) => {
    const first = seen
    seen += clause.anyOf.length
    const anyOf = clause.anyOf.filter((_, i) => first + i !== index)
    return anyOf.length > 0 ? [{ anyOf }] : []
  })
  return { clauses }
}
