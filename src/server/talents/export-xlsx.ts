import { Readable } from 'node:stream'
import { strToU8, Zip, ZipDeflate } from 'fflate'
import {
  EXPORT_HEADERS,
  exportCells,
  neutraliseCell,
  type ExportTalent,
} from '#shared/talent-export.ts'
import type { FieldColumn } from './export-fields.ts'
import {
  FIXED_PARTS,
  HEADER_STYLE,
  rowXml,
  SHEET_HEAD,
  SHEET_PATH,
  SHEET_TAIL,
} from './xlsx-parts.ts'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Deflate level: 6 is zlib's default; 9 was measured no smaller on this XML and slower. */
const LEVEL = 6

/**
 * The workbook's zip, chunk by chunk. fflate's streaming Zip takes the sheet's XML a batch at a
 * time and hands back compressed bytes as they are ready; they are yielded before the next batch
 * is read, so only one batch and its compressed bytes are ever held.
 */
async function* xlsxChunks(
  batches: AsyncIterable<ExportTalent[]>,
  fields: readonly FieldColumn[],
): AsyncGenerator<Buffer> {
  const headers = [...EXPORT_HEADERS, ...fields.map((f) => f.header)]
  const cells = (talent: ExportTalent) => [
    ...exportCells(talent),
    ...fields.map((f) => neutraliseCell(f.cell(talent))),
  ]
  const ready: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else ready.push(chunk)
  })
  const take = () => {
    if (failure) throw failure
    return ready.splice(0).map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length))
  }

  for (const [name, xml] of FIXED_PARTS) {
    const part = new ZipDeflate(name, { level: LEVEL })
    zip.add(part)
    part.push(strToU8(xml), true)
  }
  const sheet = new ZipDeflate(SHEET_PATH, { level: LEVEL })
  zip.add(sheet)
  sheet.push(strToU8(SHEET_HEAD + rowXml(1, headers.map(neutraliseCell), HEADER_STYLE)))
  let rowNumber = 1
  for await (const batch of batches) {
    const xml = batch.map((talent) => rowXml(++rowNumber, cells(talent))).join('')
    sheet.push(strToU8(xml))
    yield* take()
  }
  sheet.push(strToU8(SHEET_TAIL), true)
  zip.end()
  yield* take()
}

/**
 * The export as an XLSX stream: one sheet 'Talents', a bold frozen header,
 * every cell an inline string (no shared-strings table, which would have to be complete before
 * the sheet could be written) and neutralised against formula injection (security rule 21).
 *
 * Why not @e965/xlsx (the usual pick): it has no streaming writer. At 100,000 talents its
 * sheet_add_aoa took 11.7 s, its write() held the event loop for 12.0 s and the process grew to
 * 598 MB (docs/performance.md); this stream stays at one batch. SheetJS still reads the result
 * (export.test.ts), as will the importer.
 */
export function xlsxStream(
  batches: AsyncIterable<ExportTalent[]>,
  fields: readonly FieldColumn[] = [],
): Readable {
  return Readable.from(xlsxChunks(batches, fields))
}
