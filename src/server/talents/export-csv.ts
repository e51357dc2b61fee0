import { pipeline, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { Talent } from '#shared/talent.ts'
import { EXPORT_HEADERS, exportCells } from '#shared/talent-export.ts'

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/** The header row, then one row per talent, batch by batch as they are read. */
async function* csvRecords(batches: AsyncIterable<Talent[]>): AsyncGenerator<string[]> {
  yield [...EXPORT_HEADERS]
  for await (const batch of batches) {
    for (const talent of batch) yield exportCells(talent)
  }
}

/**
 * The export as a CSV stream (issue 18 item 6): RFC 4180 with CRLF line ends, UTF-8 with a BOM
 * (Excel reads a BOM-less file as the system's code page and garbles names like 'Zoë'), every
 * cell neutralised against formula injection (SECURITY.md 21). Rows flow through csv-stringify
 * as they are read, so the file is never held whole; when the client stops reading, the stream's
 * backpressure stops the reading of batches, and closing it ends the generator.
 */
export function csvStream(batches: AsyncIterable<Talent[]>): Readable {
  const stringifier = stringify({ bom: true, record_delimiter: 'windows' })
  // pipeline destroys the source when the stringifier is destroyed (client gone) and passes a
  // database error on to the response, which then ends without its last chunk.
  return pipeline(Readable.from(csvRecords(batches)), stringifier, () => {})
}
