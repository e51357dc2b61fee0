import { describe, expect, test } from 'vitest'
import { parseQuery, termCount, type SearchTerm } from './parse-query.ts'

/** A term in short: `-` for an exclusion, `*` for a prefix, `"…"` a phrase, `field=value`. */
function describeTerm(term: SearchTerm): string {
  const sign = term.negated ? '-' : ''
  if (term.kind === 'word') return `${sign}${term.text}${term.prefix ? '*' : ''}`
  if (term.kind === 'phrase') return `${sign}"${term.text}"`
  return `${sign}${term.field}=${term.value}`
}

/** The clauses of a query in short; a clause's alternatives are joined by ' | '. */
function shape(input: string): string[] {
  return parseQuery(input).clauses.map((clause) => clause.anyOf.map(describeTerm).join(' | '))
}

describe('the search language examples of the README', () => {
  test('words: all must match, each a clause of its own', () => {
    expect(parseQuery('python kubernetes ')).toEqual({
      clauses: [
        {
          anyOf: [{ kind: 'word', text: 'python', norm: 'python', negated: false, prefix: false }],
        },
        {
          anyOf: [
            { kind: 'word', text: 'kubernetes', norm: 'kubernetes', negated: false, prefix: false },
          ],
        },
      ],
    })
  })

  test('a phrase', () => {
    expect(parseQuery('"machine learning"')).toEqual({
      clauses: [
        {
          anyOf: [
            { kind: 'phrase', text: 'machine learning', norm: 'machine learning', negated: false },
          ],
        },
      ],
    })
  })

  test('alternatives and exclusions', () => {
    expect(shape('python OR rust ')).toEqual(['python | rust'])
    expect(shape('-recruiter -"no relocation"')).toEqual(['-recruiter', '-"no relocation"'])
  })

  test('field terms, mapped to the spec spelling of enum values', () => {
    expect(
      shape('area:design level:senior tag:"High Potential" status:hired addedby:rita has:cv'),
    ).toEqual([
      'area=Design',
      'level=senior',
      'tag=High Potential',
      'status=Hired',
      'addedby=rita',
      'has=cv',
    ])
  })

  test('"python and kubernetes, senior, not already hired", with a typo', () => {
    expect(shape('pyhton kubernetes level:senior -status:hired')).toEqual([
      'pyhton',
      'kubernetes',
      'level=senior',
      '-status=Hired',
    ])
  })

  test('the last word is a prefix while it is being typed', () => {
    expect(shape('kube')).toEqual(['kube*'])
    expect(shape('python kube')).toEqual(['python', 'kube*'])
    expect(shape('kube ')).toEqual(['kube'])
    expect(shape('kube\t')).toEqual(['kube'])
  })
})

describe('OR binds tighter than the implicit AND', () => {
  test('a b OR c is a AND (b OR c)', () => {
    expect(shape('a b OR c ')).toEqual(['a', 'b | c'])
    expect(shape('a OR b c OR d OR e ')).toEqual(['a | b', 'c | d | e'])
  })

  test('OR mixes exclusions, phrases and fields', () => {
    expect(shape('status:hired OR -"no relocation" OR rust ')).toEqual([
      'status=Hired | -"no relocation" | rust',
    ])
  })

  test('only upper-case OR is an operator; `or` and `-OR` are words', () => {
    expect(shape('a or b ')).toEqual(['a', 'or', 'b'])
    expect(shape('a -OR b ')).toEqual(['a', '-OR', 'b'])
    expect(shape('"OR"')).toEqual(['"OR"'])
  })

  test('a lone, leading, trailing or doubled OR is ignored', () => {
    expect(shape('OR')).toEqual([])
    expect(shape('OR python ')).toEqual(['python'])
    expect(shape('python OR')).toEqual(['python'])
    expect(shape('python OR ')).toEqual(['python'])
    expect(shape('python OR OR rust ')).toEqual(['python | rust'])
    expect(shape('OR OR OR')).toEqual([])
  })

  test('a dropped piece of punctuation does not break an OR', () => {
    expect(shape('python OR & rust ')).toEqual(['python | rust'])
  })
})

describe('exclusions', () => {
  test('a query of exclusions only is kept as such', () => {
    expect(shape('-foo -"bar baz" -status:hired')).toEqual(['-foo', '-"bar baz"', '-status=Hired'])
  })

  test('more dashes mean the same; a dash inside or after a word is part of it', () => {
    expect(shape('--foo ---"a b"')).toEqual(['-foo', '-"a b"'])
    expect(shape('e-mail foo- ')).toEqual(['e-mail', 'foo-'])
  })

  test('a lone dash is no term', () => {
    expect(shape('python - ')).toEqual(['python'])
    expect(shape('-')).toEqual([])
    expect(shape('--')).toEqual([])
  })

  test('an excluded word is never a prefix', () => {
    expect(shape('python -recr')).toEqual(['python', '-recr'])
  })
})

describe('quotes', () => {
  test('an unmatched quote is not an operator: it reads as a space', () => {
    expect(shape('"machine lea')).toEqual(['machine', 'lea*'])
    expect(shape('"a b" "c d')).toEqual(['"a b"', 'c', 'd*'])
    expect(shape('python"')).toEqual(['python'])
    expect(shape('don"t')).toEqual(['don', 't*'])
    expect(shape('"')).toEqual([])
    expect(shape('-"foo')).toEqual(['foo*'])
  })

  test('quotes pair from the left; the odd one out is the last', () => {
    expect(shape('"a" b" c')).toEqual(['"a"', 'b', 'c*'])
  })

  test('text glued to a quote is a word then a phrase, as if a space were between', () => {
    expect(shape('foo"bar baz"')).toEqual(['foo', '"bar baz"'])
    expect(shape('"bar baz"foo')).toEqual(['"bar baz"', 'foo*'])
    expect(shape('-foo"bar"')).toEqual(['-foo', '"bar"'])
  })

  test('spaces inside a phrase are collapsed; an empty phrase is no term', () => {
    expect(shape('"  machine \t learning "')).toEqual(['"machine learning"'])
    expect(shape('"" " " -""')).toEqual([])
  })

  test('operators inside quotes are text', () => {
    expect(shape('"python OR -rust level:senior"')).toEqual(['"python OR -rust level:senior"'])
  })
})

describe('field terms', () => {
  test('field names ignore case', () => {
    expect(shape('AREA:design Level:SENIOR AddedBy:Rita')).toEqual([
      'area=Design',
      'level=senior',
      'addedby=Rita',
    ])
  })

  test('a value may be a prefix or a slug of one option only', () => {
    expect(
      shape('level:sen area:env area:law-ethics area:"LAW & ETHICS" status:open-for-hiring'),
    ).toEqual([
      'level=senior',
      'area=Environment & Sustainability',
      'area=Law & Ethics',
      'area=Law & Ethics',
      'status=Open for Hiring',
    ])
  })

  test('a known tag is spelt as the spec does; any other tag is kept as typed', () => {
    expect(shape('tag:high-potential tag:NEEDS_FOLLOW_UP tag:Remote tag:"remote first"')).toEqual([
      'tag=High Potential',
      'tag=Needs Follow-Up',
      'tag=Remote',
      'tag=remote first',
    ])
  })

  test('an ambiguous or unknown value is searched as typed', () => {
    expect(shape('status:interview area:e level:wizard ')).toEqual([
      'status:interview',
      'area:e',
      'level:wizard',
    ])
    expect(shape('level:"wizard king" -area:"deep sea"')).toEqual([
      '"level:wizard king"',
      '-"area:deep sea"',
    ])
  })

  test('an unknown field is searched as typed', () => {
    expect(shape('skill:python http://x.test foo:"a b" ')).toEqual([
      'skill:python',
      'http://x.test',
      '"foo:a b"',
    ])
  })

  test('a field with no value yet is left out', () => {
    expect(shape('python tag:')).toEqual(['python'])
    expect(shape('python tag:"" level:" "')).toEqual(['python'])
  })

  test('a value runs to the next space and may hold colons', () => {
    expect(shape('addedby:rita@x.test tag:a:b')).toEqual(['addedby=rita@x.test', 'tag=a:b'])
  })
})

describe('normalisation', () => {
  test('words match in lower case and NFKC; the text keeps the case typed', () => {
    const [clause] = parseQuery('Ｐｙｔｈｏｎ ').clauses
    expect(clause?.anyOf[0]).toMatchObject({ kind: 'word', text: 'Python', norm: 'python' })
    const [phrase] = parseQuery('"Machine ﬁtting"').clauses
    expect(phrase?.anyOf[0]).toMatchObject({ text: 'Machine fitting', norm: 'machine fitting' })
  })

  test('full-width quotes, dashes and colons act as ASCII ones', () => {
    expect(shape('＂a b＂ －foo ＡＲＥＡ：design')).toEqual(['"a b"', '-foo', 'area=Design'])
  })

  test('unicode spaces separate words', () => {
    expect(shape('python\u00a0rust\u3000go ')).toEqual(['python', 'rust', 'go'])
  })

  test('punctuation and symbols alone are no term; letters in any script are', () => {
    expect(shape('& … !!! 🚀 ')).toEqual([])
    expect(shape('c++ c# 日本語 Ωμέγα ')).toEqual(['c++', 'c#', '日本語', 'Ωμέγα'])
  })

  test('empty and blank queries have no terms', () => {
    expect(parseQuery('')).toEqual({ clauses: [] })
    expect(parseQuery('  \n\t ')).toEqual({ clauses: [] })
  })
})

test('termCount counts terms, not operators or clauses', () => {
  expect(termCount(parseQuery(''))).toBe(0)
  expect(termCount(parseQuery('a b OR c -d OR OR'))).toBe(4)
})
