import { describe, expect, it } from 'vitest'
import { generateCorpus } from '#tests/support/cv-corpus.ts'
import { suggestFields } from './suggest-fields.ts'

describe('suggestFields: a talent form filled from CV text', () => {
  it('reads a plain CV', () => {
    const text = [
      'Dana Reyes',
      'Senior Software Engineer',
      'dana.reyes@example.com | +1 (415) 555-0134 | www.linkedin.com/in/dana-reyes/?locale=en',
      'Experience: Python, Kubernetes, backend services at Acme',
    ].join('\n')
    expect(suggestFields(text)).toEqual({
      fullName: 'Dana Reyes',
      email: 'dana.reyes@example.com',
      phone: '+1 (415) 555-0134',
      linkedinUrl: 'https://www.linkedin.com/in/dana-reyes',
      areaOfInterest: 'Engineering',
      seniorityLevel: 'senior',
    })
  })

  it('finds nothing in an empty text, and never throws', () => {
    expect(suggestFields('')).toEqual({
      fullName: null,
      email: null,
      phone: null,
      linkedinUrl: null,
      areaOfInterest: null,
      seniorityLevel: null,
    })
  })

  it('takes the area and level from a short CV’s title', () => {
    const junior = suggestFields('Ana Lima\nJunior Designer\nana@example.com\nPortfolio on request')
    expect(junior).toMatchObject({ areaOfInterest: 'Design', seniorityLevel: 'junior' })
    const plain = suggestFields('Ana Lima\nProduct Designer\nFigma, user research')
    expect(plain).toMatchObject({ areaOfInterest: 'Design', seniorityLevel: 'mid' })
    // No title, no years: the level stays unknown rather than guessed.
    expect(suggestFields('Ana Lima\nana@example.com\nFigma').seniorityLevel).toBeNull()
  })

  it('skips years and date ranges when looking for a phone', () => {
    expect(suggestFields('Jane Doe\n2015 - 2024\nPhone: 030 1234 5678').phone).toBe('030 1234 5678')
  })

  it('meets the issue’s accuracy on 500 generated CVs in five layouts', () => {
    const corpus = generateCorpus(500)
    const digits = (s: string | null) => s?.replace(/\D/g, '') ?? ''
    let email = 0
    let phone = 0
    let name = 0
    let area = 0
    let level = 0
    for (const { text, truth } of corpus) {
      const found = suggestFields(text)
      if (found.email === truth.email) email++
      if (digits(found.phone) === digits(truth.phone)) phone++
      if (found.fullName === truth.fullName) name++
      if (found.areaOfInterest === truth.area) area++
      if (found.seniorityLevel === truth.level) level++
    }
    const rate = (n: number) => n / corpus.length
    // docs/performance.md records the rates (area and level too): see 'Field extraction'.
    const rates = {
      email: rate(email),
      phone: rate(phone),
      name: rate(name),
      area: rate(area),
      level: rate(level),
    }
    expect(rates.email, JSON.stringify(rates)).toBeGreaterThanOrEqual(0.99)
    expect(rates.phone, JSON.stringify(rates)).toBeGreaterThanOrEqual(0.95)
    expect(rates.name, JSON.stringify(rates)).toBeGreaterThanOrEqual(0.9)
  })
})
