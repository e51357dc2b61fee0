import { describe, expect, it } from 'vitest'
import { labelWithUnit } from './definition.ts'

describe('labelWithUnit', () => {
  it('adds the unit to a label that does not name it', () => {
    expect(labelWithUnit({ label: 'Salary expectation', unit: 'EUR' })).toBe(
      'Salary expectation (EUR)',
    )
  })

  it('leaves a label alone that already names its unit, in any case', () => {
    expect(labelWithUnit({ label: 'Notice period (weeks)', unit: 'weeks' })).toBe(
      'Notice period (weeks)',
    )
    expect(labelWithUnit({ label: 'Notice in Weeks', unit: 'weeks' })).toBe('Notice in Weeks')
  })

  it('answers the bare label without a unit', () => {
    expect(labelWithUnit({ label: 'Notice', unit: null })).toBe('Notice')
    expect(labelWithUnit({ label: 'Notice', unit: '  ' })).toBe('Notice')
  })
})
