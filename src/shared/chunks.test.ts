import { describe, expect, test } from 'vitest'
import { chunksOf } from './chunks.ts'

describe('chunksOf', () => {
  test('runs of the size, in order, the last one shorter', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
  })

  test('one run without a size, none for no items', () => {
    expect(chunksOf([1, 2, 3], undefined)).toEqual([[1, 2, 3]])
    expect(chunksOf([], 2)).toEqual([])
  })
})
