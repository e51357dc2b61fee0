import { expect, test } from 'vitest'
import { defaultMergePicks } from './duplicates.ts'

const talent = (id: number, updatedAt: string, values: Record<string, string | null> = {}) => ({
  id,
  updatedAt,
  fullName: `Talent ${id}`,
  email: `t${id}@example.com`,
  phone: null,
  linkedinUrl: null,
  cvResumePath: null,
  areaOfInterest: 'Engineering',
  seniorityLevel: 'mid',
  ...values,
})

test('each field defaults to the newest talent that has a value, else the first', () => {
  const picks = defaultMergePicks([
    talent(1, '2026-01-01T00:00:00.000Z', { phone: '+1 555 0100' }),
    talent(2, '2026-03-01T00:00:00.000Z', { linkedinUrl: '' }),
    talent(3, '2026-02-01T00:00:00.000Z', { linkedinUrl: 'https://linkedin.com/in/three' }),
  ])
  expect(picks).toEqual({
    fullName: 2,
    email: 2,
    phone: 1,
    linkedinUrl: 3,
    cvResumePath: 1,
    areaOfInterest: 2,
    seniorityLevel: 2,
  })
})
