import * as XLSX from '@e965/xlsx'
import { stringify } from 'csv-stringify/sync'
import { CSV_QUOTING } from '../files/csv-quoting.ts'

/*
 * A pool task (jobs/worker-pool.ts, spreadsheet-pool.ts): SheetJS reads a whole workbook at once,
 * seconds of CPU for a large one, so it runs on a pool thread and never on the request thread
 * (SECURITY.md 31). The thread hands back plain data: the sheet names, or one sheet as UTF-8
 * CSV bytes, which the caller streams through the same parser as an uploaded CSV.
 */
export type XlsxTask = { bytes: Uint8Array; sheet?: string }

export type XlsxResult =
  | { ok: true; sheets: string[] }
  | { ok: true; csv: Uint8Array }
  | { ok: false; problem: 'unreadable' | 'no-sheet' }

function readTask(input: unknown): XlsxTask {
  if (
    typeof input === 'object' &&
    input !== null &&
    'bytes' in input &&
    input.bytes instanceof Uint8Array
  ) {
    const sheet = 'sheet' in input && typeof input.sheet === 'string' ? input.sheet : undefined
    return sheet === undefined ? { bytes: input.bytes } : { bytes: input.bytes, sheet }
  }
  throw new Error('read-xlsx.worker.ts needs { bytes: Uint8Array, sheet?: string }')
}

function readWorkbook(bytes: Uint8Array, options: XLSX.ParsingOptions): XLSX.WorkBook | undefined {
  try {
    return XLSX.read(bytes, { type: 'buffer', dense: true, cellHTML: false, ...options })
  } catch {
    return undefined
  }
}

/** SheetJS gives formatted text with raw: false; anything else is read as its text or left empty. */
function cellText(cell: unknown): string {
  if (typeof cell === 'string') return cell
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell)
  return ''
}

/** Without a sheet: the workbook's sheet names. With one: that sheet's rows, as CSV. */
export default function readXlsxInWorker(input: unknown): XlsxResult {
  const { bytes, sheet } = readTask(input)
  if (sheet === undefined) {
    const workbook = readWorkbook(bytes, { bookSheets: true })
    return workbook
      ? { ok: true, sheets: workbook.SheetNames }
      : { ok: false, problem: 'unreadable' }
  }
  const workbook = readWorkbook(bytes, { sheets: [sheet] })
  if (!workbook) return { ok: false, problem: 'unreadable' }
  const worksheet = workbook.Sheets[sheet]
  if (!worksheet) return { ok: false, problem: 'no-sheet' }
  const rows = XLSX.utils.sheet_to_json<unknown[]>(worksheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: false,
  })
  // Quoted as every CSV Scout writes (SECURITY.md 42): a cell's lone CR would end its row.
  const csv = stringify(
    rows.map((cells) => cells.map(cellText)),
    { record_delimiter: 'unix', ...CSV_QUOTING },
  )
  return { ok: true, csv: Buffer.from(csv, 'utf8') }
}
