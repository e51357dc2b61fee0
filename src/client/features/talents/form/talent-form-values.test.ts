import { describe, expect, it } from 'vitest'
import type { Talent } from '#shared/talent.ts'
import {
  capitalizeWords,
  isSystemTag,
  pickableTagNames,
  talentToFormValues,
  toCreateBody,
  toUpdateBody,
  toggleName,
} from './talent-form-values.ts'

const talent: Talent = {
  id: 7,
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  cvResumePath: '/cv/ada.pdf',
  areaOfInterest: 'Science',
  seniorityLevel: 'senior',
  notes: null,
  tags: ['High Potential', 'Needs Updating'],
  status: ['Hired'],
  addedById: 1,
  createdAt: '2024-01-05T10:00:00.000Z',
  updatedAt: '2024-02-01T10:00:00.000Z',
  addedByUser: null,
  cv: null,
  customFields: {},
}

describe('capitalizeWords', () => {
  it('capitalises each word of a level or area', () => {
    expect(capitalizeWords('mid')).toBe('Mid')
    expect(capitalizeWords('exec')).toBe('Exec')
    expect(capitalizeWords('social sciences')).toBe('Social Sciences')
    expect(capitalizeWords('Law & Ethics')).toBe('Law & Ethics')
  })
})

describe('talentToFormValues', () => {
  it('starts a new talent empty, with no area or level chosen', () => {
    expect(talentToFormValues(null)).toEqual({
      fullName: '',
      email: '',
      phone: '',
      linkedinUrl: '',
      notes: '',
      tags: [],
      status: [],
      customFields: {},
    })
  })

  it('fills an edit from the talent, nulls as empty text, and copies the lists', () => {
    const values = talentToFormValues(talent)
    expect(values).toMatchObject({
      fullName: 'Ada Lovelace',
      phone: '',
      notes: '',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      areaOfInterest: 'Science',
      seniorityLevel: 'senior',
      tags: ['High Potential', 'Needs Updating'],
      status: ['Hired'],
    })
    expect(values.tags).not.toBe(talent.tags)
    expect(values).not.toHaveProperty('cvResumePath')
    expect(values).not.toHaveProperty('addedById')
  })
})

describe('request bodies', () => {
  const values = {
    fullName: 'Ada',
    email: 'ada@example.com',
    phone: '  ',
    linkedinUrl: '',
    areaOfInterest: 'Design' as const,
    seniorityLevel: 'mid' as const,
    notes: ' keen ',
    tags: ['High Potential'],
    status: [],
  }

  it('sends blank optional fields as null', () => {
    expect(toCreateBody(values)).toEqual({
      ...values,
      phone: null,
      linkedinUrl: null,
      notes: 'keen',
    })
  })

  it('always sends the updatedAt of the talent being edited', () => {
    expect(toUpdateBody(values, talent.updatedAt).updatedAt).toBe('2024-02-01T10:00:00.000Z')
  })
})

describe('pickableTagNames', () => {
  const loaded = [
    { name: 'High Potential' },
    { name: 'Needs Follow-Up' },
    { name: 'Interviewed' },
    { name: 'Management Track' },
    { name: 'Remote' },
  ]

  it('hides the system labels (spec section 4)', () => {
    expect(pickableTagNames(loaded, [])).toEqual(['High Potential', 'Management Track', 'Remote'])
    expect(isSystemTag(' needs updating ')).toBe(true)
    expect(isSystemTag('Remote')).toBe(false)
  })

  it('adds a selected tag missing from the list once, and never a system one', () => {
    expect(pickableTagNames(loaded, ['remote', 'Brand New', 'Hired'])).toEqual([
      'High Potential',
      'Management Track',
      'Remote',
      'Brand New',
    ])
  })
})

describe('toggleName', () => {
  it('adds and removes ignoring case, never doubling', () => {
    expect(toggleName(['A'], 'b', true)).toEqual(['A', 'b'])
    expect(toggleName(['A', 'b'], 'a', true)).toEqual(['b', 'a'])
    expect(toggleName(['A', 'b'], 'a', false)).toEqual(['b'])
  })
})
