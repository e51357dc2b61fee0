import type { Readable } from 'node:stream'
import { buffer, text } from 'node:stream/consumers'
import * as XLSX from '@e965/xlsx'
import { describe, expect, test } from 'vitest'
import { defaultPrivacyRecord } from '#shared/privacy.ts'
import { talentSchema } from '#shared/talent.ts'
import type { ExportTalent } from '#shared/talent-export.ts'
import { xlsxStream } from './export-xlsx.ts'
import { columnName, xmlText } from './xlsx-parts.ts'

const talent = (fullName: string, notes: string): ExportTalent => ({
  ...talentSchema.parse({
    id: 1,
    fullName,
    email: 'x@example.com',
    phone: null,
    linkedinUrl: null,
    cvResumePath: null,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
    notes,
    tags: [],
    status: [],
    addedById: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    addedByUser: null,
    cv: null,
    customFields: {},
  }),
  privacy: defaultPrivacyRecord('imported'),
})

/** The stream's chunks as they came (Node 20 has no Array.fromAsync). */
async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = []
  for await (const chunk of stream as AsyncIterable<unknown>) {
    if (!(chunk instanceof Buffer)) throw new Error('not a Buffer chunk')
    chunks.push(chunk)
  }
  return chunks
}

async function* batchesOf(...batches: ExportTalent[][]) {
  for (const batch of batches) yield await Promise.resolve(batch)
}

describe('the hand-written XLSX export', () => {
  test('column names', () => {
    expect([0, 14, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'O', 'Z', 'AA', 'ZZ', 'AAA'])
  })

  test('text XML cannot carry reads back exactly as written', async () => {
    const awkward = [
      'a & b < c > d "e" \'f\'',
      'bell\u0007 nul\u0000 esc\u001b',
      'crlf\r\nlf\ntab\t',
      'literal _x0041_ stays',
      'emoji 👩🏽‍💻 ok',
    ]
    const bytes = await buffer(xlsxStream(batchesOf([talent('Awkward One', awkward.join(' | '))])))
    const sheet = XLSX.read(bytes).Sheets.Talents
    if (!sheet) throw new Error('no sheet')
    const [, row] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: '' })
    // SheetJS reads a carriage return as nothing (its own files too); Excel keeps _x000D_.
    expect(row?.[7]).toBe(awkward.join(' | ').replace('\r\n', '\n'))
    expect(xmlText('crlf\r\n')).toBe('crlf_x000D_\n')
    expect(xmlText('_x0041_')).toBe('_x005F_x0041_')
    // A lone surrogate cannot be UTF-8; escaped, the XML stays well-formed.
    expect(xmlText('lone \uD800 surrogate')).toBe('lone _xD800_ surrogate')
  })

  test('streams: one chunk per batch read, not one at the end', async () => {
    const stream = xlsxStream(
      batchesOf([talent('First Batch', 'x'.repeat(70_000))], [talent('Second', '')]),
    )
    const chunks = await chunksOf(stream)
    expect(chunks.length).toBeGreaterThan(2)
    expect(await text(xlsxStream(batchesOf()))).toContain('PK')
  })
})
