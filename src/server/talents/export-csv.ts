import type { Readable } from 'node:stream'
import { EXPORT_HEADERS, exportValues, type ExportTalent } from '#shared/talent-export.ts'
import { csvFileStream } from '../files/csv-writer.ts'

/** The header row, then one row per talent, batch by batch as they are read. */
async function* csvRecords(
  batches: AsyncIterable<ExportTalent[]>,
): AsyncGenerator<readonly string[]> {
  yield EXPORT_HEADERS
  for await (const batch of batches) {
    for (const talent of batch) yield exportValues(talent)
  }
}

/**
 * The export as a CSV stream, written by the one CSV writer (security rule 42:
 * quoting, BOM, CRLF, formula check), batch by batch as the talents are read.
 */
export function csvStream(batches: AsyncIterable<ExportTalent[]>): Readable {
  return csvFileStream(csvRecords(batches))
}
