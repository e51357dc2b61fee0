import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type QueryOptions } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from './pglite-settings.ts'
import type { FromThread, ToThread } from './pglite-thread-messages.ts'

// The embedded database on a thread of its own (pglite-thread.ts is the other end): PGlite runs
// each statement to its end on the thread that calls it, so here a 10,000-row UPDATE no longer
// holds the thread that answers requests.

if (!parentPort) throw new Error('pglite.thread.ts runs as a worker thread (pglite-thread.ts)')
const port = parentPort
const { dataDir } = workerData as { dataDir: string | undefined }

const post = (message: FromThread) => port.postMessage(message)

/**
 * A thrown value as plain data: its message and every plain field PostgreSQL gave (code, detail,
 * constraint, …). Not the rest: a value that cannot be copied to the other thread (PGlite's
 * errors hold their query's parameters and more) would fail the reply itself.
 */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: Record<string, unknown> = { name: error.name, message: error.message }
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
  }
  return fields
}

/**
 * drizzle hands PGlite parsers that keep dates and intervals as text; functions cannot cross
 * threads, so they arrive as type oids and are rebuilt here.
 */
function optionsOf(rowMode: 'array' | 'object', textTypes: number[]): QueryOptions {
  const keepText = (value: string) => value
  return { rowMode, parsers: Object.fromEntries(textTypes.map((oid) => [oid, keepText])) }
}

async function answer(pglite: PGlite, message: ToThread): Promise<unknown> {
  switch (message.kind) {
    case 'query': {
      const { rows, affectedRows, fields } = await pglite.query(
        message.sql,
        message.params,
        optionsOf(message.rowMode, message.textTypes),
      )
      return { rows, affectedRows, fields }
    }
    case 'exec':
      return (await pglite.exec(message.sql)).map(({ rows, affectedRows, fields }) => ({
        rows,
        affectedRows,
        fields,
      }))
    case 'listen':
      await pglite.listen(message.channel, (payload) =>
        post({ kind: 'notification', channel: message.channel, payload }),
      )
      return undefined
    case 'close':
      await pglite.close()
      return undefined
  }
}

/** Opens the database, then answers each message; says 'ready' or why it could not open. */
async function serve(): Promise<void> {
  let pglite: PGlite
  try {
    pglite = await PGlite.create(dataDir ?? 'memory://', {
      extensions: PGLITE_EXTENSIONS,
      startParams: PGLITE_START_PARAMS,
    })
  } catch (error) {
    post({ kind: 'failed-to-open', error: errorFields(error) })
    return
  }
  port.on('message', (message: ToThread) => {
    // Not awaited: PGlite queues the statements itself, in the order they arrive.
    answer(pglite, message).then(
      (result) => {
        try {
          post({ kind: 'answer', id: message.id, result })
        } catch (error) {
          // A value that cannot cross threads: the statement fails, the thread goes on.
          post({ kind: 'failure', id: message.id, error: errorFields(error) })
        }
        if (message.kind === 'close') port.close()
      },
      (error: unknown) => post({ kind: 'failure', id: message.id, error: errorFields(error) }),
    )
  })
  post({ kind: 'ready' })
}

// No top-level await: from the source this module is loaded by tsx's require hook (pglite-thread.ts).
void serve()
