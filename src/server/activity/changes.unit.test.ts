import { expect, test } from 'vitest'
import { changedFields } from './changes.ts'

test('only differing fields, in the given order; arrays as sets; null and undefined alike', () => {
  const before: Record<string, unknown> = { a: 'x', b: ['1', '2'], c: null, d: 1, e: ['1'] }
  const after: Record<string, unknown> = {
    a: 'y',
    b: ['2', '1'],
    c: undefined,
    d: 1,
    e: ['2', '1', '1'],
  }
  expect(changedFields(before, after, ['e', 'd', 'c', 'b', 'a'])).toEqual([
    { field: 'e', from: ['1'], to: ['2', '1', '1'] },
    { field: 'a', from: 'x', to: 'y' },
  ])
  expect(changedFields({ n: null }, { n: 'set' }, ['n'])).toEqual([
    { field: 'n', from: null, to: 'set' },
  ])
})
