import { describe, expect, test } from 'vitest'
import { parseQuery } from './parse-query.ts'
import { printQuery } from './print-query.ts'
import { queryChips, queryTerms, withoutTerm } from './query-chips.ts'

describe('queryChips', () => {
  test('lists the field terms with their place among all terms', () => {
    const parsed = parseQuery('python level:sen -status:hired OR tag:"high potential" kube')
    expect(queryChips(parsed)).toEqual([
      {
        index: 1,
        term: { kind: 'field', field: 'level', value: 'senior', negated: false },
        text: 'level:senior',
      },
      {
        index: 2,
        term: { kind: 'field', field: 'status', value: 'Hired', negated: true },
        text: '-status:Hired',
      },
      {
        index: 3,
        term: { kind: 'field', field: 'tag', value: 'High Potential', negated: false },
        text: 'tag:"High Potential"',
      },
    ])
  })

  test('a query without field terms has no chips', () => {
    expect(queryChips(parseQuery('python "machine learning" -level:wizard'))).toEqual([])
  })
})

describe('withoutTerm', () => {
  const parsed = parseQuery('python level:senior -status:hired OR rust kube')

  test("removes a chip's term and keeps the rest as typed", () => {
    const chip = queryChips(parsed)[0]!
    expect(printQuery(withoutTerm(parsed, chip.index))).toBe('python -status:Hired OR rust kube')
  })

  test('removing one alternative of an OR keeps the others; an emptied clause goes', () => {
    expect(printQuery(withoutTerm(parsed, 2))).toBe('python level:senior rust kube')
    const alone = parseQuery('a level:senior b ')
    expect(printQuery(withoutTerm(alone, 1))).toBe('a b ')
  })

  test('removing the word being typed leaves the one before it finished', () => {
    const fewer = withoutTerm(parsed, queryTerms(parsed).length - 1)
    expect(printQuery(fewer)).toBe('python level:senior -status:Hired OR rust ')
  })

  test('an index out of range changes nothing, and the query given is not modified', () => {
    const before = structuredClone(parsed)
    expect(withoutTerm(parsed, 99)).toEqual(parsed)
    expect(withoutTerm(parsed, -1)).toEqual(parsed)
    withoutTerm(parsed, 0)
    expect(parsed).toEqual(before)
  })
})
