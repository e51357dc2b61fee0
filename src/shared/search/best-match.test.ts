import { describe, expect, test } from 'vitest'
import { bestFieldHits, matchOf, type FieldText } from './best-match.ts'
import { findHits, foldText, termMatchers, termFinder, type TextTerm } from './find-hits.ts'
import { parseQuery } from './parse-query.ts'
import { mergeHits, snippetOf } from './snippet.ts'
import { SNIPPET_LENGTH } from './talent-match.ts'

/** The words and phrases of a typed query, as the server ranks and highlights by. */
function terms(q: string): TextTerm[] {
  return parseQuery(q).clauses.flatMap((clause) =>
    clause.anyOf.filter((t): t is TextTerm => t.kind !== 'field' && !t.negated),
  )
}

function marked(text: string, q: string, inside = false): string[] {
  const folded = foldText(text)
  return terms(q).flatMap((term) => {
    const finder = termFinder(term, inside)
    return finder ? findHits(folded, finder).map(([s, e]) => text.slice(s, e)) : []
  })
}

describe('finding words as the database cuts them', () => {
  test('whole words, any case and accent, offsets into the original text', () => {
    expect(marked('José NÚÑEZ, josé', 'jose nunez ')).toEqual(['José', 'josé', 'NÚÑEZ'])
    expect(marked('Straße and Łódź', 'strasse lodz ')).toEqual(['Straße', 'Łódź'])
    expect(marked('pythonic python', 'python ')).toEqual(['python'])
  })

  test('the last word typed is a prefix; phrases keep order across punctuation', () => {
    // The part typed is what lights up, as search boxes show it.
    expect(marked('Kubernetes, kube', 'kube')).toEqual(['Kube', 'kube'])
    expect(marked('machine-learning; learning machine', '"machine learning"')).toEqual([
      'machine-learning',
    ])
    expect(marked('node.js and node js', 'node.js ')).toEqual(['node.js', 'node js'])
  })

  test('inside words only where asked (names and e-mails: `ann` in Joanna)', () => {
    expect(marked('Joanna', 'ann ')).toEqual([])
    expect(marked('Joanna', 'ann ', true)).toEqual(['ann'])
  })
})

describe('the best field and its snippet', () => {
  const fields = (notes: string | null, cv: string | null = null): FieldText[] => [
    { field: 'name', text: 'Joanna Smith' },
    { field: 'email', text: 'jo@x.test' },
    { field: 'notes', text: notes },
    { field: 'cv', text: cv },
  ]

  test('the field with the most words wins; a tie goes to the better-ranked field', () => {
    const both = bestFieldHits(fields('Rust', 'Rust and Go'), termMatchers(terms('rust go ')))
    expect(both?.field).toBe('cv')
    const tie = bestFieldHits(fields('Rust', 'Rust'), termMatchers(terms('rust ')))
    expect(tie?.field).toBe('notes')
    const name = bestFieldHits(fields(null), termMatchers(terms('ann ')))
    expect(name && matchOf(name)).toEqual({
      field: 'name',
      snippet: 'Joanna Smith',
      highlights: [[2, 5]],
    })
    expect(bestFieldHits(fields('nothing here'), termMatchers(terms('rust ')))).toBeUndefined()
  })

  test('a long text gives a window of about 160 characters around the first hit', () => {
    const text = `${'lorem ipsum dolor '.repeat(20)}the Rust\n\n  rewrite ${'sit amet '.repeat(30)}`
    const hits = findHits(
      foldText(text),
      termFinder(terms('rust ')[0] as TextTerm, false) ?? { pattern: /x/g },
    )
    const { snippet, highlights } = snippetOf(text, hits)
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2)
    expect(snippet.startsWith('…') && snippet.endsWith('…')).toBe(true)
    expect(snippet).toContain('the Rust rewrite')
    expect(highlights.map(([s, e]) => snippet.slice(s, e))).toEqual(['Rust'])
    // Cut between words: no partial word after the ellipsis.
    expect(snippet.slice(1, 7)).toBe('lorem ')
  })

  test('overlapping hits merge into one highlight', () => {
    expect(
      mergeHits([
        [5, 9],
        [0, 3],
        [2, 4],
        [9, 12],
      ]),
    ).toEqual([
      [0, 4],
      [5, 12],
    ])
  })
})
