import type { Readable } from 'node:stream'
import { EXPORT_HEADERS, exportValues, type ExportTalent } from '#shared/talent-export.ts'
import { csvFileStream } from '../files/csv-writer.ts'
import type { FieldColumn } from './export-fields.ts'

/** The header row, then one row per talent, batch by batch as they are read. */
async function* csvRecords(
  batches: AsyncIterable<ExportTalent[]>,
  fields: readonly FieldColumn[],
): AsyncGenerator<readonly string[]> {
  yield [...EXPORT_HEADERS, ...fields.map((f) => f.header)]
  for await (const batch of batches) {
    for (const talent of batch)
      yield [...exportValues(talent), ...fields.map((f) => f.cell(talent))]
  }
}

/**
 * The export as a CSV stream, the custom fields' columns after the built-in ones, written by the one CSV writer (security rule 42:
 * quoting, BOM, CRLF, formula check), batch by batch as the talents are read.
 */
export function csvStream(
  batches: AsyncIterable<ExportTalent[]>,
  fields: readonly FieldColumn[] = [],
): Readable {
  return csvFileStream(csvRecords(batches, fields))
}
