import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseQuery, termCount, type ParsedQuery } from './parse-query.ts'
import { printQuery, printTerm } from './print-query.ts'
import { queryTerms, withoutTerm } from './query-chips.ts'

/**
 * Pieces a query is made of, and the ones that have tripped parsers: quotes, dashes and colons
 * (ASCII and full-width), operators, field names and values, unicode spaces, combining marks,
 * characters whose NFKC form holds a space or a quote, a ligature, a lone surrogate.
 */
const PIECES = [
  ...['"', '"', '-', '--', ':', ' ', '  ', '\t', '\n', 'OR', 'or', 'a', 'Ab', '9'],
  ...['area:', 'LEVEL:', 'tag:', 'status:', 'addedby:', 'has:', 'foo:', 'cv', 'sen', 'interview'],
  ...['design', 'Law & Ethics', 'high-potential', 'x.test', '&', '…', '🚀', '日本'],
  ...['＂', '－', '：', 'ＯＲ', '\u00a0', '\u3000', '\u0301', 'e\u0301', 'İ', 'ß', 'ﬁ', '\u00a8'],
  ...['\u2033', '=\u0338', '\u200b', '\u0000', '\ud800', '\udc00'],
]

/** Any text: code points from the whole of unicode, or a soup of the pieces above. */
const anyQuery = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 30 })
    .map((pieces) => pieces.join('')),
)

const runs = { numRuns: 2_000 }

/** What every parse result holds, whatever the input. */
function expectWellFormed(parsed: ParsedQuery): void {
  const terms = queryTerms(parsed)
  for (const clause of parsed.clauses) expect(clause.anyOf.length).toBeGreaterThan(0)
  for (const [i, term] of terms.entries()) {
    if (term.kind === 'field') continue
    expect(term.norm).toMatch(/[\p{L}\p{N}]/u)
    expect(term.text).not.toContain('"')
    if (term.kind === 'phrase') {
      expect(term.text).toBe(term.text.trim())
      continue
    }
    expect(term.text).not.toMatch(/^-|\s/)
    if (!term.negated) expect(term.text).not.toBe('OR')
    if (term.prefix) expect([i, term.negated]).toEqual([terms.length - 1, false])
  }
}

describe('property: any text parses', () => {
  test('without throwing, into a well-formed query', () => {
    fc.assert(
      fc.property(anyQuery, (input) => expectWellFormed(parseQuery(input))),
      runs,
    )
  })

  test('printing and re-parsing is stable', () => {
    fc.assert(
      fc.property(anyQuery, (input) => {
        const parsed = parseQuery(input)
        const printed = printQuery(parsed)
        expect(parseQuery(printed)).toEqual(parsed)
        expect(printQuery(parseQuery(printed))).toBe(printed)
      }),
      runs,
    )
  })

  test('removing any term leaves a query that still prints and re-parses stably', () => {
    fc.assert(
      fc.property(anyQuery, fc.nat(40), (input, index) => {
        const parsed = parseQuery(input)
        const fewer = withoutTerm(parsed, index)
        const removed = index < termCount(parsed) ? 1 : 0
        expect(termCount(fewer)).toBe(termCount(parsed) - removed)
        expect(parseQuery(printQuery(fewer))).toEqual(fewer)
      }),
      runs,
    )
  })
})

describe('printQuery', () => {
  test('gives the canonical text of the search language examples', () => {
    const canonical = (input: string) => printQuery(parseQuery(input))
    expect(canonical('python  kubernetes')).toBe('python kubernetes')
    expect(canonical('python OR rust  -recruiter   -"no  relocation"')).toBe(
      'python OR rust -recruiter -"no relocation"',
    )
    expect(
      canonical('AREA:design level:sen tag:high-potential status:hired addedby:rita has:CV'),
    ).toBe('area:Design level:senior tag:"High Potential" status:Hired addedby:rita has:cv')
    expect(canonical('OR a OR OR "b')).toBe('a OR b')
  })

  test('a finished last word keeps its space, a word being typed does not', () => {
    expect(printQuery(parseQuery('kube'))).toBe('kube')
    expect(printQuery(parseQuery('kube   '))).toBe('kube ')
    expect(printQuery(parseQuery('kube OR'))).toBe('kube ')
    expect(printQuery(parseQuery('-kube'))).toBe('-kube')
    expect(printQuery(parseQuery('"kube"'))).toBe('"kube"')
  })

  test('prints an empty query as empty text', () => {
    expect(printQuery({ clauses: [] })).toBe('')
  })

  test('quotes field values with spaces only', () => {
    expect(printTerm({ kind: 'field', field: 'area', value: 'Law & Ethics', negated: true })).toBe(
      '-area:"Law & Ethics"',
    )
    expect(printTerm({ kind: 'field', field: 'tag', value: 'a:b', negated: false })).toBe('tag:a:b')
  })
})
