import { describe, expect, test } from 'vitest'
import { adderLabel, formatMonth, formatWeek, pluralTalents } from './format.ts'

describe('report labels', () => {
  test('months and weeks read in UTC', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026')
    expect(formatMonth('2026-01', 'axis')).toBe('Jan 26')
    expect(formatWeek('2026-11-16')).toBe('Week of Nov 16, 2026')
    expect(formatWeek('2026-11-16', 'axis')).toBe('Nov 16')
    expect(formatMonth('nonsense')).toBe('nonsense')
  })

  test('adders are named like the detail view, groups by what they hold', () => {
    const user = { id: 1, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.test' }
    expect(adderLabel({ kind: 'user', user })).toBe('Ada Lovelace')
    expect(adderLabel({ kind: 'user', user: { ...user, firstName: null } })).toBe('ada@x.test')
    expect(adderLabel({ kind: 'others', user: null })).toBe('Everyone else')
    expect(adderLabel({ kind: 'none', user: null })).toBe('No recorded adder')
  })

  test('counts of talents', () => {
    expect(pluralTalents(1)).toBe('1 talent')
    expect(pluralTalents(12345)).toBe('12,345 talents')
  })
})
