import { expect, test } from 'vitest'
import { emptyToNull } from './empty-to-null.ts'

test("'' becomes null; null, undefined and text stay as they are", () => {
  expect(emptyToNull('')).toBeNull()
  expect(emptyToNull(null)).toBeNull()
  expect(emptyToNull(undefined)).toBeUndefined()
  expect(emptyToNull(' Ada ')).toBe(' Ada ')
})
