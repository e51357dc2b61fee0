import { fork, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { serverModule, WORKER_EXEC_ARGV } from '../server-files.ts'

export class WorkerTaskError extends Error {}

export type WorkerPoolOptions = {
  /** Child processes at most; a task beyond them waits for one to come free. */
  maxThreads: number
  /**
   * The memory bound of each child: its V8 heap (`--max-old-space-size`), and, with
   * RSS_HEADROOM_MB on top, its whole resident size — buffers included — which the pool watches.
   */
  maxMemoryMb: number
  /** A quiet pool gives its children back after this long, except one when `keepOneWarm`. */
  idleTimeoutMs?: number
  /** Keep one child alive once started, so a task after a quiet spell does not start cold. */
  keepOneWarm?: boolean
  /** A task module each child loads as it starts, before its first task arrives. */
  preload?: URL
}

export type WorkerPool = {
  /**
   * Runs the default export of `moduleUrl` on `input` in a pool child, within `timeoutMs`: a
   * task that hangs, outgrows its memory bound or crashes has its child killed (and replaced),
   * and rejects with a WorkerTaskError saying why.
   */
  run(moduleUrl: URL, input: unknown, timeoutMs: number): Promise<unknown>
  /** Starts the pool now: its kept child starts and loads `preload`, so the first task is warm. */
  warmUp(): void
  close(): Promise<void>
}

/** The child's program (built beside the worker modules; scripts/build/server.ts). */
const TASK_RUNNER = fileURLToPath(serverModule('jobs/task-runner.process'))

/**
 * What a child holds besides its heap: Node itself, the loader under tsx, the parsers' code and
 * their buffers. A child whose resident size passes its heap bound plus this is killed.
 */
export const RSS_HEADROOM_MB = 160
/** How often a busy child's resident size is read (Linux /proc; elsewhere only the heap bound holds). */
const RSS_POLL_MS = 100
const STDERR_KEPT_CHARS = 4096

type Reply = { id: number; ok: boolean; value?: unknown; message?: string }

const isReply = (message: unknown): message is Reply =>
  typeof message === 'object' && message !== null && 'id' in message && 'ok' in message
const isReadiness = (message: unknown) =>
  typeof message === 'object' && message !== null && 'ready' in message

/** A child that has not loaded Node and its preload by then is killed (a start takes seconds at most). */
const START_TIMEOUT_MS = 60_000

/** One child process: runs one task at a time. */
type Runner = {
  child: ChildProcess
  /** Settles once the child has loaded its preload and can take a task (or has died). */
  ready: Promise<void>
  busy: boolean
  /** Why the pool killed it, when it did: the reason its task reports. */
  killedFor?: string
  /** Why it stopped, once it has. */
  diedOf?: string
  stderr: string
  idleTimer?: NodeJS.Timeout
  /** The task in hand: told when its answer comes, or when the child dies. */
  settle?: (outcome: { reply: Reply } | { died: string }) => void
}

/**
 * CPU-heavy work off the request thread in child processes, not
 * threads (security rule 41): a worker thread's resource limits do not cover buffers, and a thread
 * that runs out of memory can still abort the whole process; a child has its own heap and its own
 * fate. Children are kept between tasks (a start costs Node and the parsers' loading, which per
 * file dominated a CV import); each is killed when its task passes its time or memory bound, or
 * when it goes quiet for `idleTimeoutMs`. Idle children are unreferenced, so they never hold the
 * server open, and each exits when its parent goes away.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const runners = new Set<Runner>()
  const waiting: ((runner: Runner) => void)[] = []
  const rssCapKb = (options.maxMemoryMb + RSS_HEADROOM_MB) * 1024
  let nextId = 0
  let closed = false

  const start = (): Runner => {
    const child = fork(TASK_RUNNER, options.preload ? [options.preload.href] : [], {
      execArgv: [...WORKER_EXEC_ARGV, `--max-old-space-size=${options.maxMemoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    let markReady = () => undefined as void
    const runner: Runner = {
      child,
      ready: new Promise<void>((resolve) => (markReady = resolve)),
      busy: false,
      stderr: '',
    }
    // A start that never finishes is killed; the task waiting for it hears why.
    const startTimer = setTimeout(() => {
      runner.killedFor ??= `could not start within ${START_TIMEOUT_MS / 1000} s`
      child.kill('SIGKILL')
    }, START_TIMEOUT_MS)
    startTimer.unref()
    if (child.stderr instanceof Socket) child.stderr.unref()
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (text: string) => {
      runner.stderr = (runner.stderr + text).slice(-STDERR_KEPT_CHARS)
    })
    child.on('message', (message: unknown) => {
      if (isReply(message)) runner.settle?.({ reply: message })
      else if (isReadiness(message)) {
        clearTimeout(startTimer)
        markReady()
      }
    })
    child.on('error', () => undefined) // a failed spawn also closes; the task hears of it there
    child.on('close', (code, signal) => {
      runners.delete(runner)
      clearTimeout(runner.idleTimer)
      clearTimeout(startTimer)
      markReady()
      runner.diedOf = runner.killedFor ?? exitReason(runner.stderr, code, signal)
      runner.settle?.({ died: runner.diedOf })
      if (closed) return
      // A task that was waiting for a child starts one in its place; else one is kept warm.
      const next = waiting.shift()
      if (next) next(busyRunner(start()))
      else if (options.keepOneWarm && runners.size === 0) idle(start())
    })
    runners.add(runner)
    return runner
  }

  const busyRunner = (runner: Runner): Runner => {
    runner.busy = true
    clearTimeout(runner.idleTimer)
    runner.child.ref()
    runner.child.channel?.ref()
    return runner
  }

  const idle = (runner: Runner): void => {
    runner.busy = false
    runner.child.unref()
    runner.child.channel?.unref()
    runner.idleTimer = setTimeout(() => {
      if (runner.busy) return
      if (options.keepOneWarm && runners.size === 1) return
      runner.child.kill()
    }, options.idleTimeoutMs ?? 30_000)
    runner.idleTimer.unref()
  }

  const release = (runner: Runner): void => {
    runner.settle = undefined
    if (!runners.has(runner)) return
    const next = waiting.shift()
    if (next) next(runner)
    else idle(runner)
  }

  /** A free child, a new one, or the next to come free (callers keep their tasks to the pool's size). */
  const acquire = (): Promise<Runner> => {
    const free = [...runners].find((runner) => !runner.busy)
    if (free) return Promise.resolve(busyRunner(free))
    if (runners.size < options.maxThreads) return Promise.resolve(busyRunner(start()))
    return new Promise((resolve) => waiting.push(resolve))
  }

  const run = async (moduleUrl: URL, input: unknown, timeoutMs: number): Promise<unknown> => {
    if (closed) throw new WorkerTaskError('could not start: the pool is closed')
    const runner = await acquire()
    // The limit is the task's own: it counts once its child is ready, not while Node and the
    // parsers load (seconds on a busy box), which START_TIMEOUT_MS bounds instead.
    await runner.ready
    if (runner.diedOf) throw new WorkerTaskError(runner.diedOf)
    const signal = AbortSignal.timeout(timeoutMs)
    const tooLong = `took longer than ${timeoutMs / 1000} s`
    const id = nextId++
    const outcome = await new Promise<{ reply: Reply } | { died: string }>((resolve) => {
      const kill = (reason: string) => {
        runner.killedFor ??= reason
        runner.child.kill('SIGKILL')
      }
      const onAbort = () => kill(tooLong)
      const watch = setInterval(() => {
        void residentKb(runner.child.pid).then((kb) => {
          if (kb > rssCapKb) kill('ran out of memory')
        })
      }, RSS_POLL_MS)
      runner.settle = (result) => {
        if ('reply' in result && result.reply.id !== id) return
        clearInterval(watch)
        signal.removeEventListener('abort', onAbort)
        resolve(result)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      try {
        runner.child.send({ id, module: moduleUrl.href, input })
      } catch (error) {
        kill(`could not be handed over (${String(error)})`)
      }
    })
    release(runner)
    if ('died' in outcome) throw new WorkerTaskError(outcome.died)
    if (!outcome.reply.ok) throw new WorkerTaskError(outcome.reply.message ?? 'failed')
    return outcome.reply.value
  }

  return {
    run,
    warmUp: () => {
      if (!closed && runners.size === 0) idle(start())
    },
    close: async () => {
      closed = true
      const exits = [...runners].map(
        (runner) =>
          new Promise<void>((resolve) => {
            runner.child.once('close', () => resolve())
            runner.child.kill('SIGKILL')
          }),
      )
      await Promise.all(exits)
    },
  }
}

/** A process's resident size in kB from /proc, or 0 where that cannot be read. */
async function residentKb(pid: number | undefined): Promise<number> {
  if (pid === undefined) return 0
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  } catch {
    return 0
  }
}

function exitReason(stderr: string, code: number | null, signal: NodeJS.Signals | null): string {
  // V8 prints this before it aborts: "FATAL ERROR: Reached heap limit Allocation failed".
  if (/heap limit|heap out of memory|Allocation failed/i.test(stderr)) return 'ran out of memory'
  if (code !== null) return `stopped unexpectedly (exit code ${code})`
  return `stopped unexpectedly (${signal ?? 'no exit code'})`
}
