import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseQuery, termCount } from './parse-query.ts'
import {
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_TERMS,
  MAX_SEARCH_WORDS,
  SEARCH_WORDS_MESSAGE,
  searchProblem,
  searchQuerySchema,
} from './search-query-schema.ts'

function messages(q: unknown): string[] {
  const result = searchQuerySchema.safeParse(q)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

/**
 * Texts that are exactly one term each, short enough for 40 of them to stay under 500. Words of
 * three letters or more have a cap of their own (MAX_SEARCH_WORDS, tested below): none here.
 */
const oneTerm = fc.constantFrom('a', 'py', '-b', '"c d"', '-"no go"', 'level:sen', 'tag:x', 'ü')

/** `n` terms joined by spaces or ` OR `, and stray operators that add no term. */
function queryOf(n: number) {
  return fc
    .tuple(
      fc.array(oneTerm, { minLength: n, maxLength: n }),
      fc.array(fc.constantFrom(' ', ' OR ', ' - '), { minLength: n, maxLength: n }),
    )
    .map(([terms, gaps]) => terms.map((term, i) => `${term}${gaps[i] ?? ''}`).join(''))
}

describe('searchQuerySchema (at most 500 characters and 32 terms)', () => {
  test('any query of at most 32 terms is accepted as it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SEARCH_TERMS }).chain(queryOf), (q) => {
        expect(termCount(parseQuery(q))).toBeLessThanOrEqual(MAX_SEARCH_TERMS)
        expect(searchQuerySchema.parse(q)).toBe(q)
      }),
    )
  })

  test('any query of 33 terms or more is refused with the terms message', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_SEARCH_TERMS + 1, max: 40 }).chain(queryOf), (q) => {
        expect(q.length).toBeLessThanOrEqual(MAX_SEARCH_LENGTH)
        expect(messages(q)).toEqual(['Search can have at most 32 terms'])
      }),
    )
  })

  test('exactly 32 and 33 words', () => {
    expect(messages(Array(32).fill('w').join(' '))).toEqual([])
    expect(messages(Array(33).fill('w').join(' '))).toEqual(['Search can have at most 32 terms'])
    // Operators and dropped punctuation are no terms.
    expect(messages(`${Array(32).fill('w').join(' OR ')} OR - & OR`)).toEqual([])
  })

  test('500 characters are accepted, 501 refused with the length message only', () => {
    expect(messages('x'.repeat(500))).toEqual([])
    expect(messages('x'.repeat(501))).toEqual(['Search must be at most 500 characters'])
    expect(messages('w '.repeat(300))).toEqual(['Search must be at most 500 characters'])
  })

  test('the empty query is valid; a non-string is not', () => {
    expect(messages('')).toEqual([])
    expect(messages(42)).toHaveLength(1)
  })
})

describe('security rule 43: at most 8 words looked up inside names', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `ab${String(i)}`)

  test('8 words pass; a 9th is refused with the message naming the limit, AND or OR alike', () => {
    expect(MAX_SEARCH_WORDS).toBe(8)
    expect(messages(words(8).join(' OR '))).toEqual([])
    expect(messages(words(9).join(' OR '))).toEqual([SEARCH_WORDS_MESSAGE])
    expect(messages(words(9).join(' '))).toEqual([SEARCH_WORDS_MESSAGE])
    expect(SEARCH_WORDS_MESSAGE).toMatch(/^Search can look for at most 8 words/)
  })

  test('phrases, exclusions, field terms and words of one or two letters do not count', () => {
    const others = '"machine learning" -java -"no go" level:senior tag:python ab OR c'
    expect(messages(`${words(8).join(' OR ')} ${others}`)).toEqual([])
  })

  test('over both limits, only the terms message', () => {
    expect(messages(words(33).join(' '))).toEqual(['Search can have at most 32 terms'])
  })
})

test('searchProblem: the message the search box shows is the API one', () => {
  expect(searchProblem('ann OR mar')).toBeUndefined()
  const nine = Array.from({ length: 9 }, (_, i) => `ab${String(i)}`).join(' OR ')
  expect(searchProblem(nine)).toBe(SEARCH_WORDS_MESSAGE)
  expect(searchProblem('x'.repeat(501))).toBe('Search must be at most 500 characters')
})
