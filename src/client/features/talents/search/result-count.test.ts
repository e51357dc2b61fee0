import { expect, test } from 'vitest'
import { resultCountText, totalText } from './result-count.ts'

test('an estimated total reads "about 41,200"; an exact one as counted', () => {
  expect(totalText(41_200, true)).toBe('about 41,200')
  expect(totalText(41_237, false)).toBe('41,237')
  expect(resultCountText(41_200, true)).toBe('about 41,200 talents found')
  expect(resultCountText(1, false)).toBe('1 talent found')
  expect(resultCountText(0, false)).toBe('0 talents found')
})
