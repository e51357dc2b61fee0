import { describe, expect, test } from 'vitest'
import { formatExactTime, formatWhen } from './date-time.ts'

describe('formatWhen', () => {
  const now = Date.parse('2024-03-10T12:00:00.000Z')
  const ago = (ms: number) => new Date(now - ms).toISOString()
  test.each([
    [ago(20_000), 'just now'],
    [ago(-5_000), 'just now'],
    [ago(5 * 60_000), '5 min ago'],
    [ago(2 * 3_600_000 + 59 * 60_000), '2 h ago'],
    [ago(3 * 86_400_000), '3 d ago'],
    ['2024-01-05T12:00:00.000Z', 'Jan 5, 2024'],
    ['not a date', 'Unknown date'],
  ])('%s → %s', (iso, text) => {
    expect(formatWhen(iso, now)).toBe(text)
  })

  test('the exact time for the tooltip', () => {
    expect(formatExactTime('2024-01-05T15:04:00.000Z', 'UTC')).toBe('Jan 5, 2024, 3:04 PM')
  })
})
