import { pipeline, Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { neutraliseCell } from '#shared/formula-cells.ts'
import { CSV_QUOTING } from './csv-quoting.ts'

/**
 * Security rule 42: the one writer of every CSV file Scout hands out (the talent export, an import's
 * errors.csv, and any export to come), so each gets the same quoting and formula check.
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

async function* neutralised(
  records: AsyncIterable<readonly string[]> | Iterable<readonly string[]>,
): AsyncGenerator<string[]> {
  for await (const record of records) yield record.map(neutraliseCell)
}

/**
 * Records as a CSV file stream: RFC 4180 with CRLF line ends, UTF-8 with a BOM (Excel reads a
 * BOM-less file as the system's code page and garbles names like 'Zoë'), every cell neutralised
 * against formula injection (security rule 21) and quoted as CSV_QUOTING says. Callers pass values
 * as they are; the header row is a record like any other. Records flow through csv-stringify as
 * they are produced, so the file is never held whole; when the client stops reading, the stream's
 * backpressure stops the producer, and closing it ends the generator.
 */
export function csvFileStream(
  records: AsyncIterable<readonly string[]> | Iterable<readonly string[]>,
): Readable {
  const stringifier = stringify({ bom: true, record_delimiter: 'windows', ...CSV_QUOTING })
  // pipeline destroys the source when the stringifier is destroyed (client gone) and passes an
  // error of the producer on to the response, which then ends without its last chunk.
  return pipeline(Readable.from(neutralised(records)), stringifier, () => {})
}
