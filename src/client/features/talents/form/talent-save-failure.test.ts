import { describe, expect, it } from 'vitest'
import { saveFailureDescription } from './talent-save-failure.ts'

const conflict = new Error(
  `409: ${JSON.stringify({
    message: 'A talent with this email already exists',
    fieldErrors: { email: ['A talent with this email already exists'] },
  })}`,
)
const serverDown = new Error('502: Bad Gateway')

describe('saveFailureDescription (spec section 8)', () => {
  it('names a network failure of an update', () => {
    expect(saveFailureDescription(new TypeError('Failed to fetch'), true)).toBe(
      'Network error when updating talent',
    )
  })

  it("says 'Failed to update talent' for any refused update", () => {
    expect(saveFailureDescription(conflict, true)).toBe('Failed to update talent')
    expect(saveFailureDescription(serverDown, true)).toBe('Failed to update talent')
  })

  it("gives a create the server's message, else the generic sentence", () => {
    expect(saveFailureDescription(conflict, false)).toBe('A talent with this email already exists')
    expect(saveFailureDescription(serverDown, false)).toBe(
      'Failed to save talent. Please try again.',
    )
    expect(saveFailureDescription(new TypeError('Failed to fetch'), false)).toBe(
      'Failed to save talent. Please try again.',
    )
  })

  it("uses another error's own message", () => {
    expect(saveFailureDescription(new Error('Bad answer shape'), false)).toBe('Bad answer shape')
    expect(saveFailureDescription(undefined, false)).toBe(
      'Failed to save talent. Please try again.',
    )
  })
})
