import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import { RUNNING_BUILT, serverModule } from '../server-files.ts'
import type { FromThread, ToThread } from './pglite-thread-messages.ts'
import { isBackground } from './statement-priority.ts'

const WORKER = serverModule('db/pglite.thread')

/**
 * The thread's V8 heap, bounded as the server's is (package.json's start scripts): with no bound, V8 let its
 * garbage grow fourfold before collecting, and the embedded server's RSS went from 432–492 to
 * 531 MB during a 100,000-row import (budget 500). PostgreSQL's own memory (wasm) is apart.
 */
const THREAD_HEAP = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 12 }

/** How long a closing database thread may take to flush before it is stopped. */
const CLOSE_TIMEOUT_MS = 10_000

/** Distributes a message type over a union, so each member keeps its own fields. */
type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never

/** An error as the database thread described it, with its fields (code, detail, …) back on it. */
function asError(fields: Record<string, unknown>): Error {
  const error = new Error(typeof fields.message === 'string' ? fields.message : 'PGlite failed')
  return Object.assign(error, fields)
}

/** The type oids drizzle's parsers keep as text (they are all `value => value`). */
function textTypesOf(options: QueryOptions | undefined): number[] {
  return Object.keys(options?.parsers ?? {}).map(Number)
}

/**
 * The embedded database on its own thread (pglite.thread.ts), with the part of PGlite's API
 * drizzle and open.ts use: query, exec, transaction, listen, close. In the server's thread a
 * statement now costs a message each way; before, a 10,000-row UPDATE (~1–2 s) held that thread,
 * and every request waited for it, even one its caches could answer at once (docs/performance.md).
 *
 * PGlite runs one statement at a time, in the order they arrive, so statements are sent as they
 * come, except while a transaction is open: then only the transaction's own statements go, and the
 * rest wait for its end (as PGlite's own transaction lock does), or they would run inside it.
 */
/**
 * How long a busy thread may go without answering anything and still count as alive: longer than
 * any one statement of a request (STATEMENT_TIMEOUT_MS's default), so a wedged engine shows.
 */
const BUSY_IS_ALIVE_MS = 30_000

export class PgliteThread {
  readonly #worker: Worker
  readonly #pending = new Map<
    number,
    { resolve: (r: unknown) => void; reject: (e: Error) => void }
  >()
  readonly #listeners = new Map<string, Set<(payload: string) => void>>()
  #nextId = 1
  #closed: Error | undefined
  /** Settles when the open transaction ends; undefined while none is open. */
  #openTransaction: Promise<void> | undefined
  /** Statements sent and not yet answered that do not give way (statement-priority.ts). */
  #foreground = 0
  /** Background statements waiting for the foreground ones to be answered. */
  readonly #giveWay: (() => void)[] = []
  /** When the thread last answered anything (performance.now()). */
  #lastAnswerAt = performance.now()

  private constructor(worker: Worker) {
    this.#worker = worker
    worker.on('message', (message: FromThread) => this.#receive(message))
    worker.on('error', (error) => this.#stop(error))
    worker.on('exit', () => this.#stop(new Error('PGlite is closed (its thread stopped)')))
  }

  /** Starts the thread and opens the database in `dataDir` (in memory when undefined). */
  static async open(dataDir: string | undefined): Promise<PgliteThread> {
    const workerData = { dataDir }
    // From the source, through tsx. In a thread (Node 20) its ESM loader does not take hold of
    // the thread's first module, so the thread requires the TypeScript one with its CJS hook.
    // Not the server's own flags (a bench preloads a TypeScript probe into the server).
    const worker = RUNNING_BUILT
      ? new Worker(WORKER, { workerData, execArgv: [], resourceLimits: THREAD_HEAP })
      : new Worker(`require(${JSON.stringify(fileURLToPath(WORKER))})`, {
          eval: true,
          workerData,
          resourceLimits: THREAD_HEAP,
          execArgv: ['--require', 'tsx/cjs'],
        })
    const [first] = (await once(worker, 'message')) as [FromThread]
    if (first.kind !== 'ready') {
      await worker.terminate()
      throw first.kind === 'failed-to-open'
        ? asError(first.error)
        : new Error(`The database thread said ${first.kind} before it was ready`)
    }
    return new PgliteThread(worker)
  }

  #receive(message: FromThread): void {
    this.#lastAnswerAt = performance.now()
    if (message.kind === 'notification') {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload)
      return
    }
    if (message.kind !== 'answer' && message.kind !== 'failure') return
    const waiting = this.#pending.get(message.id)
    this.#pending.delete(message.id)
    if (message.kind === 'answer') waiting?.resolve(message.result)
    else waiting?.reject(asError(message.error))
  }

  #stop(reason: Error): void {
    this.#closed ??= reason
    for (const { reject } of this.#pending.values()) reject(reason)
    this.#pending.clear()
  }

  #send<T>(message: Unsent<ToThread>): Promise<T> {
    if (this.#closed) return Promise.reject(this.#closed)
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (r: unknown) => void, reject })
      this.#worker.postMessage({ ...message, id })
    })
  }

  async #outsideTransactions(): Promise<void> {
    while (this.#openTransaction) await this.#openTransaction
  }

  #query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#send({
      kind: 'query',
      sql,
      params,
      rowMode: options?.rowMode ?? 'object',
      textTypes: textTypesOf(options),
    })
  }

  #exec(sql: string): Promise<Results[]> {
    return this.#send({ kind: 'exec', sql })
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    // No await between the check and the send (transaction() says why).
    while (this.#openTransaction) await this.#openTransaction
    return this.#inItsTurn(() => this.#query<T>(sql, params, options))
  }

  async exec(sql: string): Promise<Results[]> {
    // No await between the check and the send (transaction() says why).
    while (this.#openTransaction) await this.#openTransaction
    return this.#inItsTurn(() => this.#exec(sql))
  }

  /**
   * Security rule 43: a background statement (a search) starts only when no other statement is
   * waiting or running, one at a time; any other one is counted while it is out.
   */
  async #inItsTurn<T>(send: () => Promise<T>): Promise<T> {
    if (isBackground()) {
      for (;;) {
        // Sent synchronously once neither is under way: nothing can slip in between.
        if (this.#openTransaction) await this.#outsideTransactions()
        else if (this.#foreground > 0) await new Promise<void>((go) => this.#giveWay.push(go))
        else return send()
      }
    }
    this.#foreground += 1
    try {
      return await send()
    } finally {
      this.#foreground -= 1
      // A turn of the event loop first: the request whose statement just ended often sends its
      // next one right away, and should not find a search statement ahead of it.
      if (this.#foreground === 0) setImmediate(() => this.#releaseBackground())
    }
  }

  #releaseBackground(): void {
    if (this.#foreground > 0) return
    for (const go of this.#giveWay.splice(0)) go()
  }

  /** BEGIN, `run` with the transaction's own handle, then COMMIT (ROLLBACK when it throws). */
  async transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    // Checked and claimed with no await between: transactions waiting for the same one to end
    // resume together, and each must see the claim of the one that resumed first.
    while (this.#openTransaction) await this.#openTransaction
    let end = () => {}
    this.#openTransaction = new Promise<void>((resolve) => (end = resolve))
    try {
      await this.#exec('BEGIN')
      const tx = {
        query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
          this.#query<R>(sql, params, options),
        exec: (sql: string) => this.#exec(sql),
        closed: false,
      } as unknown as Transaction
      try {
        const result = await run(tx)
        await this.#exec('COMMIT')
        return result
      } catch (error) {
        await this.#exec('ROLLBACK').catch(() => undefined)
        throw error
      }
    } finally {
      this.#openTransaction = undefined
      end()
    }
  }

  /** Calls `onPayload` for each NOTIFY on `channel`, before the statement that sent it returns. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<void> {
    const listeners = this.#listeners.get(channel) ?? new Set()
    listeners.add(onPayload)
    this.#listeners.set(channel, listeners)
    if (listeners.size === 1) await this.#send({ kind: 'listen', channel })
  }

  /** Flushes and closes the database, then stops its thread. */
  async close(): Promise<void> {
    if (this.#closed) return
    const exited = once(this.#worker, 'exit')
    const timeout = setTimeout(() => void this.#worker.terminate(), CLOSE_TIMEOUT_MS)
    try {
      await this.#send({ kind: 'close' })
      await exited
    } finally {
      clearTimeout(timeout)
      this.#stop(new Error('PGlite is closed'))
    }
  }

  /** The handle drizzle's PGlite driver takes: the methods above are the ones it calls. */
  /**
   * Whether the engine answers (GET /api/health). A `select 1` waits behind every statement and
   * open transaction before it (a 50 MB upload is stored in one transaction), so while the thread
   * has work under way and answered something within BUSY_IS_ALIVE_MS, it counts as answering
   * without queueing a statement of its own: a health check never waits on another request's
   * work (docs/security.md rule 47). Idle, or silent for longer, it is asked.
   */
  async ping(): Promise<boolean> {
    if (this.#closed) return false
    const busy = this.#pending.size > 0 || this.#openTransaction !== undefined
    if (busy && performance.now() - this.#lastAnswerAt < BUSY_IS_ALIVE_MS) return true
    try {
      await this.query('select 1')
      return true
    } catch {
      return false
    }
  }

  asPglite(): PGlite {
    return this as unknown as PGlite
  }
}
