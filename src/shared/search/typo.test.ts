import fc from 'fast-check'
import { expect, test } from 'vitest'
import { isCorrection, osaDistance, typoBudget } from './typo.ts'

test('budgets: none under 5 letters, one for 5 to 8, two from 9; letters only', () => {
  expect(
    ['java', 'pyhton', 'kubernet', 'kubernets', 'node2', 'a.b.c.d.e', ''].map(typoBudget),
  ).toEqual([0, 1, 1, 2, 0, 0, 0])
  // Code points: accented letters count once.
  expect(typoBudget('zoëe')).toBe(0)
  expect(typoBudget('élixir')).toBe(1)
})

test('an adjacent swap is one typo; the issue examples', () => {
  expect(osaDistance('pyhton', 'python')).toBe(1)
  expect(osaDistance('kubernets', 'kubernetes')).toBe(1)
  expect(osaDistance('ca', 'abc')).toBe(3) // OSA, not Damerau: no edit inside a swapped pair
  expect(osaDistance('', 'abc')).toBe(3)
  expect(osaDistance('kitten', 'sitting')).toBe(3)
  expect(isCorrection('pyhton', 'python')).toBe(true)
  expect(isCorrection('kubernets', 'kubernetes')).toBe(true)
  expect(isCorrection('java', 'jaba')).toBe(false)
  expect(isCorrection('python', 'python')).toBe(false)
  expect(isCorrection('pyhtno', 'python')).toBe(false)
})

/** The definition, written plainly: the full table, no early stop. */
function reference(a: string, b: string): number {
  const s = [...a]
  const t = [...b]
  const d = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const row = d[i] ?? []
      const up = d[i - 1] ?? []
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      row[j] = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        row[j] = Math.min(row[j] ?? 0, (d[i - 2]?.[j - 2] ?? 0) + 1)
      }
    }
  }
  return d[s.length]?.[t.length] ?? 0
}

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), maxLength: 9 })

test('property: the distance is the definition, symmetric, and the early stop only caps it', () => {
  fc.assert(
    fc.property(word, word, fc.nat(3), (a, b, max) => {
      const full = osaDistance(a, b)
      expect(full).toBe(reference(a, b))
      expect(osaDistance(b, a)).toBe(full)
      expect(osaDistance(a, b, max)).toBe(full <= max ? full : max + 1)
    }),
  )
})
