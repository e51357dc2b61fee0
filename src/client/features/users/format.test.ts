import { describe, expect, it } from 'vitest'
import { displayName, formatCreatedDate, formatFullDateTime } from './format.ts'

describe('displayName', () => {
  it('joins the first and last name', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace')
  })

  it('uses whichever part is present', () => {
    expect(displayName({ firstName: null, lastName: 'Lovelace' })).toBe('Lovelace')
    expect(displayName({ firstName: 'Ada', lastName: '  ' })).toBe('Ada')
  })

  it("reads 'Not Set' without a name (spec section 2)", () => {
    expect(displayName({ firstName: null, lastName: null })).toBe('Not Set')
    expect(displayName({ firstName: '', lastName: ' ' })).toBe('Not Set')
  })
})

describe('created dates', () => {
  it('formats a short date and a full date with the time', () => {
    expect(formatCreatedDate('2025-01-05T14:03:04.000Z')).toBe('Jan 5, 2025')
    expect(formatFullDateTime('2025-01-05T14:03:04.000Z')).toMatch(/January 5, 2025 at/)
  })

  it("reads 'Unknown date' for a value that is not a date", () => {
    expect(formatCreatedDate('nope')).toBe('Unknown date')
    expect(formatFullDateTime('nope')).toBe('Unknown date')
  })
})
