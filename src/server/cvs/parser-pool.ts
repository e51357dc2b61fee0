import { createWorkerPool, type WorkerPool } from '../jobs/worker-pool.ts'
import { serverModule } from '../server-files.ts'

/** Parsers' memory bound: a 10 MB CV parses in well under this; a hostile one is cut off. */
export const PARSER_MEMORY_MB = 256

/** The module that reads a CV's text (a pool task), loaded by each parser child as it starts. */
export const EXTRACT_TEXT_WORKER = serverModule('cvs/extract-text.worker')

/**
 * The process's CV parsers: child processes (jobs/worker-pool.ts; security rule 41). Two: the job
 * runner reads one CV at a time and a document preview is laid out one at a time (preview.ts), so
 * neither waits for a child, and on a 2-core
 * box requests keep a core while a CV is read. One child stays warm with the readers loaded, and
 * the server starts it at start (`parserPool.warmUp()`), so the first CV does not pay its start.
 */
export const parserPool: WorkerPool = createWorkerPool({
  maxThreads: 2,
  maxMemoryMb: PARSER_MEMORY_MB,
  keepOneWarm: true,
  preload: EXTRACT_TEXT_WORKER,
})
