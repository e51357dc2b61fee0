import { expect, test } from 'vitest'
import { isCvMimeType } from '#shared/cv.ts'
import { extractCvText } from '../../src/server/cvs/extract-text.ts'
import { detectCvType } from '../../src/server/files/detect-type.ts'
import { sha256Of } from '../../src/server/secrets/sha256.ts'
import { generateCvs, pickCvRows } from './generate-cvs.ts'
import { createFaker, generateTalents } from './generate.ts'

const refDate = new Date('2026-01-01T00:00:00Z')

test('exactly the wanted number of talents get a CV, the same ones whatever the batch size', () => {
  const picks = (batch: number) => {
    const faker = createFaker(1, refDate)
    const quota = { cvsLeft: 150, talentsLeft: 1000 }
    const rows: number[] = []
    for (let offset = 0; offset < 1000; offset += batch) {
      rows.push(...pickCvRows(faker, Math.min(batch, 1000 - offset), quota).map((r) => r + offset))
    }
    return rows
  }
  const rows = picks(1000)
  expect(rows).toHaveLength(150)
  expect(new Set(rows).size).toBe(150)
  expect(picks(64)).toEqual(rows)
  // Spread over the pool, not bunched at its start.
  expect(rows.filter((r) => r >= 500).length).toBeGreaterThan(50)
})

test('CV columns: the type detected from the bytes, their sha256, the text the reader gets', async () => {
  const talents = generateTalents(createFaker(2, refDate), 200, 4, refDate)
  const rows = Array.from({ length: 200 }, (_, i) => i)
  const cvs = generateCvs(createFaker(3, refDate), talents, rows, 4, refDate)
  expect(generateCvs(createFaker(3, refDate), talents, rows, 4, refDate)).toEqual(cvs)
  const pdfs = cvs.mimeType.filter((type) => type === 'application/pdf').length
  expect(pdfs).toBeGreaterThan(70)
  expect(pdfs).toBeLessThan(130)
  for (const [i, email] of cvs.email.entries()) {
    const bytes = Buffer.from(cvs.bytesHex[i] ?? '', 'hex')
    const mimeType = cvs.mimeType[i] ?? ''
    const fileName = cvs.fileName[i] ?? ''
    expect(email).toBe(talents.email[i])
    expect(await detectCvType(bytes, fileName)).toBe(mimeType)
    expect(fileName.endsWith(mimeType === 'application/pdf' ? '.pdf' : '.docx')).toBe(true)
    expect(cvs.sha256[i]).toBe(sha256Of(bytes))
    expect(cvs.sizeBytes[i]).toBe(bytes.length)
    const uploaded = Date.parse(cvs.uploadedAt[i] ?? '')
    expect(uploaded).toBeGreaterThanOrEqual(Date.parse(talents.createdAt[i] ?? ''))
    expect(uploaded).toBeLessThanOrEqual(refDate.getTime())
    // The reader on a sample (each read takes a few milliseconds).
    if (i % 10 !== 0 || !isCvMimeType(mimeType)) continue
    const read = await extractCvText(bytes, mimeType)
    expect(read).toEqual({ status: 'ready', text: cvs.text[i] })
    expect(cvs.text[i]?.toLowerCase()).toContain(talents.fullName[i]?.toLowerCase())
    expect(cvs.text[i]).toContain(email)
  }
})
