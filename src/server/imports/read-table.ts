import { Readable } from 'node:stream'
import { CsvError, parse } from 'csv-parse'
import iconv from 'iconv-lite'
import {
  BINARY_FILE_MESSAGE,
  EMPTY_FILE_MESSAGE,
  IMPORT_MAX_COLUMNS,
  OLD_EXCEL_MESSAGE,
  SHEET_NOT_FOUND_MESSAGE,
  tooManyColumnsMessage,
  unclosedQuoteMessage,
  type TableFormat,
} from '#shared/imports/import-api.ts'
import { BadRequestError } from '../errors.ts'
import { WorkerTaskError } from '../jobs/worker-pool.ts'
import type { XlsxResult } from './read-xlsx.worker.ts'
import { READ_XLSX_WORKER, spreadsheetPool, XLSX_READ_TIMEOUT_MS } from './spreadsheet-pool.ts'
import { decodeText, detectEncoding, looksBinary, type TextEncoding } from './text-encoding.ts'

/**
 * A spreadsheet file as rows of text cells. CSV/TSV are decoded and parsed as a
 * stream (any common delimiter, the encoding detected); XLSX through SheetJS, one sheet at a time, in a
 * pool child (spreadsheet-pool.ts).
 * Every problem a file can have is a BadRequestError with a message the import screen shows.
 */
export type TableShape = {
  format: TableFormat
  /** XLSX: the workbook's sheets, in order; CSV: none. */
  sheets: string[]
  encoding: TextEncoding | null
  delimiter: string | null
}

/** One row as numbered in a spreadsheet program: the header is row 1. */
export type TableRow = { row: number; cells: string[] }

const SAMPLE_BYTES = 64 * 1024

// iconv-lite loads its table of encodings on the first decode: as the server starts rather than
// inside the first upload's request, where it held the event loop (security rule 47).
iconv.getCodec('utf8')
/** A 1 MB cell is reported on its row; a record past this bound stops the read. */
const MAX_RECORD_BYTES = 8 * 1024 * 1024
const DELIMITERS = [',', ';', '\t', '|'] as const

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0]
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b)

export async function inspectTable(bytes: Buffer, fileName: string): Promise<TableShape> {
  if (startsWith(bytes, OLE_MAGIC)) throw new BadRequestError(OLD_EXCEL_MESSAGE)
  if (startsWith(bytes, ZIP_MAGIC)) {
    const result = await readXlsx(bytes)
    const sheets = 'sheets' in result ? result.sheets : []
    if (sheets.length === 0) throw new BadRequestError(EMPTY_FILE_MESSAGE)
    return { format: 'xlsx', sheets, encoding: null, delimiter: null }
  }
  const sample = bytes.subarray(0, SAMPLE_BYTES)
  const encoding = detectEncoding(sample)
  const text = decodeText(sample, encoding)
  if (looksBinary(text)) throw new BadRequestError(BINARY_FILE_MESSAGE)
  if (text.trim() === '') throw new BadRequestError(EMPTY_FILE_MESSAGE)
  const preferTab = /\.tsv$|\.tab$/i.test(fileName)
  return { format: 'csv', sheets: [], encoding, delimiter: detectDelimiter(text, preferTab) }
}

/**
 * The delimiter that splits the first lines into the same number of cells most often (ties go
 * to more cells). Quoted text is skipped, so "Reyes, Dana" does not vote for the comma.
 */
export function detectDelimiter(text: string, preferTab = false): string {
  const lines = text
    .split(/\r\n|\n|\r/)
    .slice(0, 20)
    .filter((line) => line.trim() !== '')
  const unquoted = lines.map((line) => line.replace(/"[^"]*("|$)/g, ''))
  let best: { delimiter: string; score: number } = { delimiter: preferTab ? '\t' : ',', score: 0 }
  for (const delimiter of DELIMITERS) {
    const counts = unquoted.map((line) => line.split(delimiter).length - 1)
    const first = counts[0] ?? 0
    if (first === 0) continue
    const agreeing = counts.filter((count) => count === first).length / counts.length
    const score = agreeing * 1000 + first + (preferTab && delimiter === '\t' ? 0.5 : 0)
    if (score > best.score) best = { delimiter, score }
  }
  return best.delimiter
}

/** How many rows the table has under its header: the whole of a progress bar. */
export async function countDataRows(
  bytes: Buffer,
  shape: TableShape,
  sheet?: string,
): Promise<number> {
  let rows = 0
  for await (const _ of readTableRows(bytes, shape, sheet)) rows++
  return Math.max(0, rows - 1)
}

/** Every row of the table (the header first), as text cells; empty lines are skipped. */
export async function* readTableRows(
  bytes: Buffer,
  shape: TableShape,
  sheet?: string,
): AsyncGenerator<TableRow> {
  if (shape.format === 'xlsx') {
    // The sheet comes back from the pool thread as CSV, read by the same streaming parser.
    const result = await readXlsx(bytes, sheet ?? shape.sheets[0] ?? '')
    if (!('csv' in result)) throw new BadRequestError(BINARY_FILE_MESSAGE)
    yield* readCsvRows(Buffer.from(result.csv), 'utf8', ',')
    return
  }
  yield* readCsvRows(bytes, shape.encoding ?? 'utf8', shape.delimiter ?? ',')
}

async function* readCsvRows(
  bytes: Buffer,
  encoding: TextEncoding,
  delimiter: string,
): AsyncGenerator<TableRow> {
  const parser = Readable.from(chunks(bytes))
    .pipe(iconv.decodeStream(encoding, { stripBOM: true }))
    .pipe(
      parse({
        delimiter,
        bom: true,
        relax_column_count: true,
        // A quote inside a cell that does not start with one is text (`5'11" tall`, a formula
        // typed by hand), as spreadsheets write and read it; a cell that opens a quote still
        // has to close it.
        relax_quotes: true,
        skip_empty_lines: true,
        max_record_size: MAX_RECORD_BYTES,
      }),
    )
  let row = 0
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++
      checkWidth(record.length)
      yield { row, cells: record }
    }
  } catch (error) {
    if (error instanceof BadRequestError) throw error
    // The parser's own count: records it had parsed may not have reached this loop yet.
    if (error instanceof CsvError)
      throw new BadRequestError(csvProblem(error, recordsBefore(error, row) + 1))
    throw error
  } finally {
    parser.destroy()
  }
}

/**
 * 64 KB at a time, so the parser's stream keeps its pace instead of taking the file at once, and
 * a turn of the event loop between pieces (security rule 47): a stream fed from a synchronous
 * source decodes and parses piece after piece without letting another request in.
 */
async function* chunks(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += SAMPLE_BYTES) {
    yield bytes.subarray(at, at + SAMPLE_BYTES)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

function recordsBefore(error: CsvError, yielded: number): number {
  const records = (error as CsvError & { records?: unknown }).records
  return typeof records === 'number' ? records : yielded
}

function csvProblem(error: CsvError, row: number): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return unclosedQuoteMessage(row)
  if (error.code === 'CSV_MAX_RECORD_SIZE') return `Row ${row} is larger than Scout reads (8 MB).`
  return `Row ${row} could not be read: ${error.message}`
}

function checkWidth(columns: number): void {
  if (columns > IMPORT_MAX_COLUMNS) throw new BadRequestError(tooManyColumnsMessage(columns))
}

/** SheetJS reads a whole workbook at once: one at a time, in the pool's child (security rule 31). */
let xlsxTurn: Promise<unknown> = Promise.resolve()

/**
 * The workbook's sheet names (no sheet), or one sheet as CSV. Tasks are handed to the pool one at
 * a time, so a task's time limit counts its own reading, not a wait behind another workbook.
 */
function readXlsx(bytes: Buffer, sheet?: string): Promise<XlsxResult> {
  const task = async (): Promise<XlsxResult> => {
    const input = { bytes: new Uint8Array(bytes), ...(sheet === undefined ? {} : { sheet }) }
    try {
      return xlsxResult(
        await spreadsheetPool.run(READ_XLSX_WORKER, input, XLSX_READ_TIMEOUT_MS),
        sheet,
      )
    } catch (error) {
      if (error instanceof WorkerTaskError)
        throw new BadRequestError(`Reading this workbook failed: it ${error.message}.`)
      throw error
    }
  }
  const result = xlsxTurn.then(task, task)
  xlsxTurn = result.catch(() => undefined)
  return result
}

/** The child's answer checked (it crossed a process boundary); its problems as the 400s they are. */
function xlsxResult(value: unknown, sheet: string | undefined): XlsxResult {
  if (typeof value !== 'object' || value === null || !('ok' in value))
    throw new Error('read-xlsx.worker.ts answered something else')
  if ('sheets' in value && Array.isArray(value.sheets))
    return { ok: true, sheets: value.sheets.filter((name) => typeof name === 'string') }
  if ('csv' in value && value.csv instanceof Uint8Array) return { ok: true, csv: value.csv }
  if ('problem' in value && value.problem === 'no-sheet')
    throw new BadRequestError(SHEET_NOT_FOUND_MESSAGE(sheet ?? ''))
  // Security rule 41: the zip guard's refusal names its reason (too many parts, too large, a lie).
  if ('reason' in value && typeof value.reason === 'string') throw new BadRequestError(value.reason)
  throw new BadRequestError(BINARY_FILE_MESSAGE)
}
