import { Piscina } from 'piscina'
import { WORKER_EXEC_ARGV } from '../server-files.ts'

export class WorkerTaskError extends Error {}

export type WorkerPoolOptions = {
  /** Threads at most; callers keep their own concurrency at or below it (see `run`). */
  maxThreads: number
  /** The heap bound of each thread: a parser that blows it dies alone and its task fails. */
  maxMemoryMb: number
  /** A quiet pool gives its threads back after this long, except one when `keepOneWarm`. */
  idleTimeoutMs?: number
  /** Keep one thread alive once started, so a task after a quiet spell does not start cold. */
  keepOneWarm?: boolean
  /** A task module each thread loads as it starts, before its first task arrives. */
  preload?: URL
}

export type WorkerPool = {
  /**
   * Runs the default export of `moduleUrl` on `input` in a pool thread, within `timeoutMs`: a
   * task that hangs has its thread terminated (and replaced), one that runs out of memory or
   * exits fails alone; either way it rejects with a WorkerTaskError saying why.
   */
  run(moduleUrl: URL, input: unknown, timeoutMs: number): Promise<unknown>
  /** Starts the pool now: its kept thread starts and loads `preload`, so the first task is warm. */
  warmUp(): void
  close(): Promise<void>
}

/**
 * CPU-heavy work off the request thread (ARCHITECTURE.md "Growing"), on threads that are kept
 * between tasks. A thread costs ~1 s to start (it loads the TypeScript loader and the parsers),
 * which per file dominated a CV import; kept threads pay it once. Piscina runs the pool: it
 * replaces a thread that dies, terminates one whose task is aborted, and unrefs idle threads so
 * they never hold the process open.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  // Made on first use: a process that never parses (a script, most test files) starts no thread.
  let pool: Piscina | undefined
  const piscina = () =>
    (pool ??= new Piscina({
      // The source needs tsx in every thread (threads do not inherit a loader the parent did not
      // start with, as under Vitest); the built server's worker modules are plain JavaScript.
      execArgv: WORKER_EXEC_ARGV,
      minThreads: options.keepOneWarm ? 1 : 0,
      maxThreads: options.maxThreads,
      idleTimeout: options.idleTimeoutMs ?? 30_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb },
      // Loaded by each thread as it starts (through tsx's require hook, as tasks are).
      ...(options.preload ? { filename: options.preload.href } : {}),
    }))
  const run = async (moduleUrl: URL, input: unknown, timeoutMs: number) => {
    // The limit counts from submission: callers never queue more tasks than there are threads.
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      return (await piscina().run(input, { filename: moduleUrl.href, signal })) as unknown
    } catch (error) {
      throw new WorkerTaskError(reasonFor(error, timeoutMs))
    }
  }
  return {
    run,
    warmUp: () => {
      piscina()
    },
    close: async () => {
      await pool?.close({ force: true })
    },
  }
}

function reasonFor(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'AbortError') return `took longer than ${timeoutMs / 1000} s`
  if ('code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'ran out of memory'
  const exit = /worker exited with code: (\d+)/.exec(error.message)
  if (exit) return `stopped unexpectedly (exit code ${exit[1]})`
  return error.message
}
