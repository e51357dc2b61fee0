import { describe, expect, test } from 'vitest'
import { importMappingSchema, unstorableCellMessage } from '#shared/imports/import-api.ts'
import {
  CHOOSE_LAWFUL_BASIS,
  CHOOSE_SOURCE,
  CONSENT_DATES_NEED_CONSENT,
  CONSENT_IN_FUTURE,
  INVALID_DATE,
  VALID_BEFORE_GIVEN,
} from '#shared/privacy.ts'
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
  test('security rule 45: a NUL or a lone surrogate in any cell refuses the row, with the column and nothing else', () => {
    const unplaced: unknown[] = []
    const reading = readRow(
      ['Da\uD800na', 'Reyes', 'dana@example.com', 'Nowhere\u0000', 'Sr.', '', '', 'x\u0000'],
      7,
      mapping,
      (value) => unplaced.push(value),
    )
    expect(reading).toEqual({
      ok: false,
      emailKey: null,
      problems: [
        {
          row: 7,
          field: 'firstName',
          message: unstorableCellMessage(1, 'half of a character (U+D800)'),
        },
        { row: 7, field: 'areaOfInterest', message: unstorableCellMessage(4, 'NUL (U+0000)') },
        // An ignored column too: nothing of the row is read past a corrupt cell.
        { row: 7, field: null, message: unstorableCellMessage(8, 'NUL (U+0000)') },
      ],
    })
    // The value is not offered for mapping: it would carry the character into the kept result.
    expect(unplaced).toEqual([])
    // A pair of surrogates is one character (an emoji), and stored as it is.
    expect(
      readRow(['Dana 😀', 'Reyes', 'd@example.com', 'Eng', 'Sr.', '', '', ''], 2, mapping),
    ).toMatchObject({ ok: true })
  })

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

describe('readRow: the privacy record (security rule 49)', () => {
  const withPrivacy = importMappingSchema.parse({
    columns: [
      'fullName',
      'email',
      'areaOfInterest',
      'seniorityLevel',
      'privacySource',
      'privacySourceDetail',
      'lawfulBasis',
      'consentGivenOn',
      'consentValidUntil',
      'informedOn',
    ],
    privacy: { source: 'referred', lawfulBasis: 'contract' },
  })
  const row = (privacy: string[]) =>
    readRow(['Dana Reyes', 'dana@example.com', 'Design', 'mid', ...privacy], 3, withPrivacy)

  test("the row's own columns, by value or label in any case; dates as written or Excel serials", () => {
    const reading = row(['Event', 'Career fair', 'Consent', '2024-12-02', '45658', '2025-01-03'])
    expect(reading.ok && reading.talent.privacy).toEqual({
      source: 'event',
      sourceDetail: 'Career fair',
      lawfulBasis: 'consent',
      consentGivenOn: '2024-12-02',
      consentValidUntil: '2025-01-01',
      informedOn: '2025-01-03',
    })
    const legitimate = row(['applied', '', 'LEGITIMATE-INTEREST', '', '', ''])
    expect(legitimate.ok && legitimate.talent.privacy).toMatchObject({
      source: 'applied',
      lawfulBasis: 'legitimate interest',
    })
  })

  test("empty cells take the import's defaults; a sheet without the columns too", () => {
    const reading = row(['', '', '', '', '', ''])
    expect(reading.ok && reading.talent.privacy).toEqual({
      source: 'referred',
      sourceDetail: null,
      lawfulBasis: 'contract',
      consentGivenOn: null,
      consentValidUntil: null,
      informedOn: null,
    })
    const plain = readRow(['Dana', '', 'dana@example.com', 'Design', 'mid', '', '', ''], 2, mapping)
    expect(plain.ok && plain.talent.privacy).toMatchObject({
      source: 'imported',
      lawfulBasis: 'legitimate interest',
    })
  })

  test("bad values refuse the row with the Privacy tab's messages, on the mapping's field", () => {
    const problems = (cells: string[]) => {
      const reading = row(cells)
      return reading.ok ? [] : reading.problems.map((p) => [p.field, p.message])
    }
    expect(problems(['LinkedIn', '', 'whim', '', '', ''])).toEqual([
      ['privacySource', CHOOSE_SOURCE],
      ['lawfulBasis', CHOOSE_LAWFUL_BASIS],
    ])
    expect(problems(['', '', 'consent', '2025-02-30', '', '01/02/2025'])).toEqual([
      ['consentGivenOn', INVALID_DATE],
      ['informedOn', INVALID_DATE],
    ])
    expect(problems(['', '', 'consent', '2025-02-10', '2025-02-01', ''])).toEqual([
      ['consentValidUntil', VALID_BEFORE_GIVEN],
    ])
    expect(problems(['', '', 'consent', '2999-01-01', '', ''])).toEqual([
      ['consentGivenOn', CONSENT_IN_FUTURE],
    ])
    expect(problems(['', '', '', '2025-01-01', '', ''])).toEqual([
      ['consentGivenOn', CONSENT_DATES_NEED_CONSENT],
    ])
  })
})
