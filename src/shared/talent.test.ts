import { describe, expect, test } from 'vitest'
import {
  AREAS,
  DEFAULT_TAGS,
  SENIORITY_LEVELS,
  SORT_OPTIONS,
  SYSTEM_TAGS,
  TALENT_STATUSES,
  talentInputSchema,
  talentUpdateSchema,
} from './talent.ts'

const valid = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  areaOfInterest: 'Science',
  seniorityLevel: 'senior',
}

/** The messages zod reports per field, for a body that should fail. */
function fieldMessages(schema: typeof talentInputSchema | typeof talentUpdateSchema, body: object) {
  const result = schema.safeParse(body)
  expect(result.success).toBe(false)
  return result.error
    ? Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
    : {}
}

describe('spec section 9 constants', () => {
  test('lists are complete and in the spec order', () => {
    expect(AREAS).toHaveLength(13)
    expect(AREAS[5]).toBe('Law & Ethics')
    expect(SENIORITY_LEVELS).toEqual(['intern', 'junior', 'mid', 'senior', 'exec'])
    expect(TALENT_STATUSES).toHaveLength(7)
    expect(DEFAULT_TAGS).toEqual([
      'High Potential',
      'Needs Follow-Up',
      'Interviewed',
      'Management Track',
    ])
    expect(SYSTEM_TAGS).toHaveLength(8)
    expect(SYSTEM_TAGS).toContain('Needs Follow-Up')
    expect(SORT_OPTIONS.map((o) => `${o.value}=${o.label}`)).toEqual([
      'newest=Newest First',
      'oldest=Oldest First',
      'name_asc=Name A-Z',
      'name_desc=Name Z-A',
      'area_asc=Area of Interest A-Z',
      'area_desc=Area of Interest Z-A',
    ])
  })
})

describe('talentInputSchema (spec section 5)', () => {
  test('accepts the minimum and fills defaults', () => {
    expect(talentInputSchema.parse(valid)).toEqual({ ...valid, tags: [], status: [] })
  })

  test('full name: at least 2 characters after trimming, else the spec message', () => {
    expect(fieldMessages(talentInputSchema, { ...valid, fullName: 'A' })).toEqual({
      fullName: 'Full name is required',
    })
    expect(fieldMessages(talentInputSchema, { ...valid, fullName: '  A ' }).fullName).toBe(
      'Full name is required',
    )
    const { fullName: _omit, ...noName } = valid
    expect(fieldMessages(talentInputSchema, noName).fullName).toBe('Full name is required')
    expect(talentInputSchema.parse({ ...valid, fullName: ' Al ' }).fullName).toBe('Al')
    expect(
      fieldMessages(talentInputSchema, { ...valid, fullName: 'x'.repeat(201) }).fullName,
    ).toBeDefined()
  })

  test('email: a valid address, else the spec message', () => {
    for (const email of ['', 'ada', 'ada@', '@example.com', `${'a'.repeat(250)}@x.co`]) {
      expect(fieldMessages(talentInputSchema, { ...valid, email }).email).toBe(
        'Invalid email address',
      )
    }
    expect(talentInputSchema.parse({ ...valid, email: ' Ada@Example.com ' }).email).toBe(
      'Ada@Example.com',
    )
  })

  test('linkedinUrl: an http(s) URL, empty, null or absent; else Invalid URL', () => {
    for (const linkedinUrl of ['https://linkedin.com/in/ada', 'http://x.org', '', null]) {
      expect(talentInputSchema.safeParse({ ...valid, linkedinUrl }).success).toBe(true)
    }
    for (const linkedinUrl of [
      'not a url',
      'javascript:alert(1)',
      'ftp://x.org',
      'data:text/html,x',
    ]) {
      expect(fieldMessages(talentInputSchema, { ...valid, linkedinUrl }).linkedinUrl).toBe(
        'Invalid URL',
      )
    }
  })

  test('cvResumePath: a server path or http(s) URL, nullable', () => {
    for (const cvResumePath of ['/files/cv.pdf', 'https://x.org/cv.pdf', null, '']) {
      expect(talentInputSchema.safeParse({ ...valid, cvResumePath }).success).toBe(true)
    }
    for (const cvResumePath of [
      'javascript:alert(1)',
      '//evil.org/cv.pdf',
      // What a browser reads as another host.
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/%5Cevil.example',
      '/%2f/evil.example',
      'JAVASCRIPT:alert(1)',
    ]) {
      expect(talentInputSchema.safeParse({ ...valid, cvResumePath }).success).toBe(false)
    }
  })

  test('phone and notes are optional and nullable, with length caps', () => {
    expect(talentInputSchema.safeParse({ ...valid, phone: null, notes: null }).success).toBe(true)
    expect(talentInputSchema.safeParse({ ...valid, notes: 'n'.repeat(10_000) }).success).toBe(true)
    expect(talentInputSchema.safeParse({ ...valid, notes: 'n'.repeat(10_001) }).success).toBe(false)
  })

  test('area and level come from the spec lists', () => {
    expect(talentInputSchema.safeParse({ ...valid, areaOfInterest: 'science' }).success).toBe(false)
    expect(talentInputSchema.safeParse({ ...valid, seniorityLevel: 'Senior' }).success).toBe(false)
    expect(talentInputSchema.safeParse({ ...valid, areaOfInterest: 'Law & Ethics' }).success).toBe(
      true,
    )
  })

  test('tags are trimmed, deduplicated ignoring case, ≤ 50 chars each, ≤ 50 in all', () => {
    const parsed = talentInputSchema.parse({ ...valid, tags: [' Go ', 'go', 'Rust', 'GO'] })
    expect(parsed.tags).toEqual(['Go', 'Rust'])
    expect(talentInputSchema.safeParse({ ...valid, tags: ['x'.repeat(51)] }).success).toBe(false)
    expect(talentInputSchema.safeParse({ ...valid, tags: ['  '] }).success).toBe(false)
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`)
    expect(talentInputSchema.safeParse({ ...valid, tags: many }).success).toBe(false)
  })

  test('status: allowed values only, deduplicated, default empty', () => {
    expect(talentInputSchema.parse({ ...valid, status: ['Hired', 'Hired'] }).status).toEqual([
      'Hired',
    ])
    expect(talentInputSchema.safeParse({ ...valid, status: ['Fired'] }).success).toBe(false)
  })

  test('unknown keys are refused (security rule 14)', () => {
    expect(talentInputSchema.safeParse({ ...valid, id: 5 }).success).toBe(false)
    expect(
      talentInputSchema.safeParse({ ...valid, createdAt: '2024-01-01T00:00:00Z' }).success,
    ).toBe(false)
    expect(talentInputSchema.safeParse({ ...valid, addedById: 3 }).success).toBe(true)
  })
})

describe('talentUpdateSchema', () => {
  test('keeps absent tags and status absent, and takes an optional updatedAt', () => {
    const parsed = talentUpdateSchema.parse({ ...valid, updatedAt: '2024-01-05T10:00:00.000Z' })
    expect(parsed.tags).toBeUndefined()
    expect(parsed.status).toBeUndefined()
    expect(parsed.updatedAt).toBe('2024-01-05T10:00:00.000Z')
    expect(talentUpdateSchema.safeParse({ ...valid, updatedAt: 'yesterday' }).success).toBe(false)
    expect(fieldMessages(talentUpdateSchema, { ...valid, fullName: '' }).fullName).toBe(
      'Full name is required',
    )
  })
})
