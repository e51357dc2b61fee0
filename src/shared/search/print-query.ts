import type { ParsedQuery, SearchTerm } from './parse-query.ts'

const SPACE = /\s/

/** One term as the user would type it: `-"no relocation"`, `tag:"High Potential"`, `level:senior`. */
export function printTerm(term: SearchTerm): string {
  const sign = term.negated ? '-' : ''
  switch (term.kind) {
    case 'word':
      return `${sign}${term.text}`
    case 'phrase':
      return `${sign}"${term.text}"`
    case 'field': {
      if (term.field === 'custom' && term.condition.test === 'has') return `${sign}has:${term.key}`
      // Values never hold a quote (quotes delimit them), so quoting is needed only for spaces.
      const value = SPACE.test(term.value) ? `"${term.value}"` : term.value
      const name = term.field === 'custom' ? term.key : term.field
      return `${sign}${name}:${value}`
    }
  }
}

/**
 * The canonical text of a parsed query: `parseQuery(printQuery(q))` deep-equals `q` for every `q`
 * that parseQuery returns. A finished last word is followed by a space, because without it the
 * word would read back as still being typed (a prefix).
 */
export function printQuery(parsed: ParsedQuery): string {
  const text = parsed.clauses.map((clause) => clause.anyOf.map(printTerm).join(' OR ')).join(' ')
  const last = parsed.clauses.at(-1)?.anyOf.at(-1)
  return last?.kind === 'word' && !last.negated && !last.prefix ? `${text} ` : text
}
