import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool.ts'
import { serverModule } from '../server-files.ts'

/** The module that reads an .xlsx (a pool task). */
export const READ_XLSX_WORKER = serverModule('imports/read-xlsx.worker')

/** A 50 MB workbook (the upload limit) of 100,000 rows reads in well under this on a busy box. */
export const XLSX_READ_TIMEOUT_MS = 120_000

/**
 * The process's spreadsheet child (jobs/worker-pool.ts, as CV parsing uses): one, as SheetJS
 * holds a whole workbook in memory, and a large one needs far more heap than a CV parser's bound.
 * A workbook past this bound fails alone with "ran out of memory"; the server lives on
 * (security rule 41). Not kept warm: a workbook is read rarely, and an idle child costs memory.
 */
export const spreadsheetPool: WorkerPool = createWorkerPool({
  maxThreads: 1,
  maxMemoryMb: 1024,
  preload: READ_XLSX_WORKER,
})
