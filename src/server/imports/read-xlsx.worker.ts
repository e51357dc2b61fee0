import * as XLSX from '@e965/xlsx'
import { stringify } from 'csv-stringify/sync'
import { CSV_QUOTING } from '../files/csv-quoting.ts'
import {
  inflateZip,
  rebuildZip,
  UNREADABLE_ZIP_MESSAGE,
  ZipRefusal,
  type ZipLimits,
} from '../files/zip-guard.ts'

/*
 * A pool task (jobs/worker-pool.ts, spreadsheet-pool.ts): SheetJS reads a whole workbook at once,
 * seconds of CPU for a large one, so it runs in a pool child and never on the request thread
 * (security rule 31, 41). The child hands back plain data: the sheet names, or one sheet as UTF-8
 * CSV bytes, which the caller streams through the same parser as an uploaded CSV.
 */
export type XlsxTask = { bytes: Uint8Array; sheet?: string }

export type XlsxResult =
  | { ok: true; sheets: string[] }
  | { ok: true; csv: Uint8Array }
  | { ok: false; problem: 'unreadable' | 'no-sheet' }
  | { ok: false; problem: 'refused'; reason: string }

/**
 * Security rule 41: what a workbook may expand to. A million rows of one column come to ~90 MB of
 * XML; SheetJS needs several times a workbook's XML in heap (spreadsheet-pool.ts's bound).
 */
export const WORKBOOK_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5000,
  maxExpandedBytes: 200 * 1024 * 1024,
  maxRatio: 1000,
}

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

/**
 * The workbook read from its parts as the zip guard inflated them (capped, whatever its directory
 * says): SheetJS is handed the rebuilt zip, never the upload. A refusal names its reason.
 */
function readWorkbook(
  bytes: Uint8Array,
  options: XLSX.ParsingOptions,
  wanted?: (name: string) => boolean,
): XLSX.WorkBook | { refused: string } | undefined {
  let checked: Uint8Array
  try {
    checked = rebuildZip(inflateZip(bytes, WORKBOOK_ZIP_LIMITS, wanted))
  } catch (error) {
    if (!(error instanceof ZipRefusal) || error.message === UNREADABLE_ZIP_MESSAGE) return undefined
    return { refused: error.message }
  }
  try {
    return XLSX.read(checked, { type: 'buffer', dense: true, cellHTML: false, ...options })
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

/** The sheet names need the workbook's own parts, not its sheets' (a large sheet inflates for seconds). */
const isWorkbookLevelPart = (name: string) =>
  !name.endsWith('/') && !/^xl\/(worksheets|sharedStrings|media|drawings|charts|pivot)/i.test(name)

/** Without a sheet: the workbook's sheet names. With one: that sheet's rows, as CSV. */
export default function readXlsxInWorker(input: unknown): XlsxResult {
  const { bytes, sheet } = readTask(input)
  const workbook =
    sheet === undefined
      ? readWorkbook(bytes, { bookSheets: true }, isWorkbookLevelPart)
      : readWorkbook(bytes, { sheets: [sheet] })
  if (!workbook) return { ok: false, problem: 'unreadable' }
  if ('refused' in workbook) return { ok: false, problem: 'refused', reason: workbook.refused }
  if (sheet === undefined) return { ok: true, sheets: workbook.SheetNames }
  const worksheet = workbook.Sheets[sheet]
  if (!worksheet) return { ok: false, problem: 'no-sheet' }
  const rows = XLSX.utils.sheet_to_json<unknown[]>(worksheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: false,
  })
  // Quoted as every CSV Scout writes (security rule 42): a cell's lone CR would end its row.
  const csv = stringify(
    rows.map((cells) => cells.map(cellText)),
    { record_delimiter: 'unix', ...CSV_QUOTING },
  )
  return { ok: true, csv: Buffer.from(csv, 'utf8') }
}
