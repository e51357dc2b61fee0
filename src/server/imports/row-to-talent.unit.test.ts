import { describe, expect, test } from 'vitest'
import { importMappingSchema } from '#shared/imports/import-api.ts'
import { AREA_REQUIRED_MESSAGE, readRow, unplacedValueMessage } from './row-to-talent.ts'

const mapping = importMappingSchema.parse({
  columns: [
    'firstName',
    'lastName',
    'email',
    'areaOfInterest',
    'seniorityLevel',
    'tags',
    'status',
    'ignore',
  ],
})

describe('readRow', () => {
  test('joins the name, splits tags and statuses, reads listed values it can tell', () => {
    const reading = readRow(
      ['Dana', 'Reyes', 'Dana.Reyes@Example.com', 'Eng', 'Sr.', 'Python; Go, SQL', 'hired', 'x'],
      2,
      mapping,
    )
    expect(reading).toMatchObject({
      ok: true,
      emailKey: 'dana.reyes@example.com',
      talent: {
        fullName: 'Dana Reyes',
        email: 'Dana.Reyes@Example.com',
        areaOfInterest: 'Engineering',
        seniorityLevel: 'senior',
        tags: ['Python', 'Go', 'SQL'],
        status: ['Hired'],
      },
    })
  })

  test('a value Scout cannot place is reported and offered for mapping', () => {
    const unplaced: unknown[] = []
    const reading = readRow(
      ['Dana', 'Reyes', 'dana@example.com', 'Design', 'wizard', '', 'maybe', ''],
      7,
      mapping,
      (value) => unplaced.push(value),
    )
    expect(reading.ok).toBe(false)
    expect(reading.ok ? [] : reading.problems).toEqual([
      {
        row: 7,
        field: 'seniorityLevel',
        message: unplacedValueMessage('Seniority Level', 'wizard'),
      },
      { row: 7, field: 'status', message: unplacedValueMessage('Status', 'maybe') },
    ])
    expect(unplaced).toEqual([
      { field: 'seniorityLevel', value: 'wizard' },
      { field: 'status', value: 'maybe' },
    ])
  })

  test("the form's own messages for what the form refuses; exported formulas come back as typed", () => {
    const reading = readRow(
      ['D', '', 'not-an-email', '', 'junior', "'=SUM(A1)", '', ''],
      3,
      mapping,
    )
    expect(reading.ok ? [] : reading.problems).toEqual([
      { row: 3, field: 'areaOfInterest', message: AREA_REQUIRED_MESSAGE },
      { row: 3, field: 'fullName', message: 'Full name is required' },
      { row: 3, field: 'email', message: 'Invalid email address' },
    ])
    const formula = readRow(
      ['Dana', 'Reyes', 'd@example.com', 'Design', 'mid', "'=SUM(A1)", '', ''],
      4,
      mapping,
    )
    expect(formula).toMatchObject({ ok: true, talent: { tags: ['=SUM(A1)'] } })
  })
})
