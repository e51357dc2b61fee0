import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { AREAS, SENIORITY_LEVELS } from '#shared/talent.ts'
import { extractCvText } from '../../src/server/cvs/extract-text.ts'
import { composeCv } from './cv-content.ts'
import { renderDocx, renderPdf, type RenderedCv } from './cv-render.ts'
import type { CvPerson } from './cv-sentences.ts'
import { createFaker, generateTalents } from './generate.ts'

const refDate = new Date('2026-01-01T00:00:00Z')

/** People as the seed makes them: the talents' own names, e-mails, phones, areas and levels. */
function people(count: number, seed: number): CvPerson[] {
  const c = generateTalents(createFaker(seed, refDate), count, 0, refDate)
  return c.fullName.map((fullName, i) => ({
    fullName,
    email: c.email[i] ?? '',
    phone: c.phone[i] ?? null,
    linkedinUrl: c.linkedinUrl[i] ?? null,
    area: AREAS.find((a) => a === c.areaOfInterest[i]) ?? 'Science',
    level: SENIORITY_LEVELS.find((l) => l === c.seniorityLevel[i]) ?? 'mid',
  }))
}

/** Search sees words, not line breaks or case: a skill may wrap onto the next line of a PDF. */
const words = (text: string) => text.replace(/\s+/g, ' ').toLowerCase()

async function readBack(file: RenderedCv): Promise<string> {
  const extraction = await extractCvText(file.bytes, file.mimeType)
  if (extraction.status !== 'ready') throw new Error(`unreadable: ${extraction.reason}`)
  return extraction.text
}

describe('seeded CV files (PDF and DOCX) read back as the seed wrote them', () => {
  test("the app's reader gets back exactly the text the seed stores: name, e-mail, phone, skills", async () => {
    const faker = createFaker(11, refDate)
    for (const [i, person] of people(16, 3).entries()) {
      const content = composeCv(faker, person, refDate)
      const files = [renderPdf(content), renderDocx(content, i % 2 === 0)]
      for (const file of files) {
        const text = await readBack(file)
        expect(text).toBe(file.text)
        const found = words(text)
        const expected = [person.fullName, person.email, person.phone ?? '', ...content.skills]
        for (const term of expected) expect(found).toContain(words(term))
      }
    }
  })

  test('1 to 3 pages, more for senior people; the PDF and the DOCX break at the same places', () => {
    const faker = createFaker(12, refDate)
    const pagesByLevel = new Map<string, number[]>()
    for (const person of people(300, 4)) {
      const content = composeCv(faker, person, refDate)
      const pdfPages = Number(
        /\/Count (\d+)/.exec(renderPdf(content).bytes.toString('latin1'))?.[1],
      )
      const document = unzipSync(renderDocx(content, false).bytes)['word/document.xml']
      const docxBreaks = strFromU8(document ?? new Uint8Array()).split('<w:pageBreakBefore/>')
      expect(pdfPages).toBe(content.pages)
      expect(docxBreaks.length).toBe(content.pages)
      pagesByLevel.set(person.level, [...(pagesByLevel.get(person.level) ?? []), content.pages])
    }
    const all = [...pagesByLevel.values()].flat()
    expect(new Set(all)).toEqual(new Set([1, 2, 3]))
    const mean = (level: string) => {
      const pages = pagesByLevel.get(level) ?? []
      return pages.reduce((a, b) => a + b, 0) / pages.length
    }
    expect(mean('exec')).toBeGreaterThan(mean('intern'))
  })

  test('about 1 CV in 40 carries a rare word, in its text, the same ones for the same seed', () => {
    const rareTerms = (seed: number) => {
      const faker = createFaker(seed, refDate)
      return people(2000, 5).map((person) => {
        const content = composeCv(faker, person, refDate)
        if (content.rareTerm) expect(renderPdf(content).text).toContain(content.rareTerm)
        return content.rareTerm
      })
    }
    const terms = rareTerms(13)
    const carried = terms.filter(Boolean)
    expect(carried.length).toBeGreaterThan(20)
    expect(carried.length).toBeLessThan(100)
    expect(new Set(carried).size).toBeGreaterThan(8)
    expect(rareTerms(13)).toEqual(terms)
  })
})
