import { Worker } from 'node:worker_threads'

export type WorkerLimits = { timeoutMs: number; maxMemoryMb: number }

export class WorkerTaskError extends Error {}

// Worker threads do not inherit the TypeScript loader the server runs with (`--import tsx`), so
// each starts from this script, which loads the task's module through tsx's own API.
const TSX_API = import.meta.resolve('tsx/esm/api')
const BOOTSTRAP = `
  const { workerData } = require('node:worker_threads')
  import(workerData.tsx).then(({ tsImport }) => tsImport(workerData.module, workerData.module))`

/** What a task's module finds in `workerData`. */
export type WorkerTaskData = { tsx: string; module: string; input: unknown }

/**
 * Runs one CPU-heavy task in its own worker thread (ARCHITECTURE.md "Growing": never on the
 * request thread), with a time limit and a heap bound: a parser that hangs is terminated, one
 * that blows up dies alone, and either way only this task fails. The module reads its input from
 * `workerData.input` and posts one message with its result (see cvs/extract-text.worker.ts).
 */
export function runInWorker(
  moduleUrl: URL,
  input: unknown,
  limits: WorkerLimits,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const workerData: WorkerTaskData = { tsx: TSX_API, module: moduleUrl.href, input }
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
      stdout: true,
      stderr: true,
    })
    let settled = false
    const settle = (finish: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      finish()
      void worker.terminate()
    }
    const timer = setTimeout(() => {
      settle(() => reject(new WorkerTaskError(`took longer than ${limits.timeoutMs / 1000} s`)))
    }, limits.timeoutMs)
    worker.once('message', (result: unknown) => settle(() => resolve(result)))
    worker.once('error', (error) => {
      const reason = error.message.includes('out of memory') ? 'ran out of memory' : error.message
      settle(() => reject(new WorkerTaskError(reason)))
    })
    worker.once('exit', (code) => {
      settle(() => reject(new WorkerTaskError(`stopped unexpectedly (exit code ${code})`)))
    })
  })
}
