import { describe, expect, test } from 'vitest'
import { EXPORT_HEADERS } from '../talent-export.ts'
import {
  NO_EMAIL_COLUMN_MESSAGE,
  NO_NAME_COLUMN_MESSAGE,
  mappingProblems,
  suggestColumnMapping,
} from './column-mapping.ts'
import { resolveListedValue, suggestListedValue } from './value-mapping.ts'

describe('suggestColumnMapping', () => {
  test('reads the headers people write', () => {
    expect(
      suggestColumnMapping([
        'E-mail Address',
        'First',
        'Last',
        'Skills',
        'Stage',
        'Mobile',
        'LinkedIn',
        'Comments',
        'Favourite colour',
      ]),
    ).toEqual([
      'email',
      'firstName',
      'lastName',
      'tags',
      'status',
      'phone',
      'linkedinUrl',
      'notes',
      'ignore',
    ])
  })

  test("maps Scout's own export back field by field, and leaves the read-only columns out", () => {
    expect(suggestColumnMapping(EXPORT_HEADERS)).toEqual([
      'fullName',
      'email',
      'phone',
      'areaOfInterest',
      'seniorityLevel',
      'tags',
      'status',
      'notes',
      'linkedinUrl',
      'cvResumePath',
      'ignore', // CV File Name
      'ignore', // Created At
      'ignore', // Updated At
      'ignore', // Added By Name
      'ignore', // Added By Email
      'privacySource',
      'privacySourceDetail',
      'lawfulBasis',
      'consentGivenOn',
      'consentValidUntil',
      'informedOn',
    ])
  })

  test('a field named twice goes to the first column only', () => {
    expect(suggestColumnMapping(['Email', 'Work e-mail', 'Name'])).toEqual([
      'email',
      'ignore',
      'fullName',
    ])
  })
})

describe('mappingProblems', () => {
  test('e-mail and a name are needed; a field mapped twice is refused', () => {
    expect(mappingProblems(['fullName', 'email'])).toEqual([])
    expect(mappingProblems(['firstName', 'lastName', 'email'])).toEqual([])
    expect(mappingProblems(['fullName'])).toEqual([NO_EMAIL_COLUMN_MESSAGE])
    expect(mappingProblems(['email', 'ignore'])).toEqual([NO_NAME_COLUMN_MESSAGE])
    expect(mappingProblems(['email', 'email', 'fullName'])).toEqual([
      'Email is mapped from two columns; pick one.',
    ])
  })
})

describe('listed values', () => {
  test('suggests what is sure and leaves the rest to the person', () => {
    expect(suggestListedValue('seniorityLevel', 'Sr.')).toBe('senior')
    expect(suggestListedValue('seniorityLevel', 'SENIOR')).toBe('senior')
    expect(suggestListedValue('seniorityLevel', 'Jr')).toBe('junior')
    expect(suggestListedValue('seniorityLevel', 'wizard')).toBeUndefined()
    expect(suggestListedValue('areaOfInterest', 'Eng')).toBe('Engineering')
    expect(suggestListedValue('areaOfInterest', 'engineering')).toBe('Engineering')
    // "E" starts three areas: the person decides.
    expect(suggestListedValue('areaOfInterest', 'E')).toBeUndefined()
    expect(suggestListedValue('status', 'hired')).toBe('Hired')
    expect(suggestListedValue('status', 'interview scheduled')).toBe('Interview Scheduled')
  })

  test("the person's mapping wins over a suggestion, and can leave a value empty", () => {
    const values = {
      areaOfInterest: {},
      seniorityLevel: { Sr: 'mid' as const },
      status: { Maybe: null },
    }
    expect(resolveListedValue('seniorityLevel', 'Sr', values)).toBe('mid')
    expect(resolveListedValue('seniorityLevel', 'Senior', values)).toBe('senior')
    expect(resolveListedValue('status', 'Maybe', values)).toBeNull()
    expect(resolveListedValue('status', 'Perhaps', values)).toBeUndefined()
  })
})
