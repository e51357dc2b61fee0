// What the server's thread and the embedded database's thread say to each other
// (pglite-thread.ts and pglite.thread.ts).

export type ToThread = { id: number } & (
  | {
      kind: 'query'
      sql: string
      params: unknown[] | undefined
      rowMode: 'array' | 'object'
      /** Type oids whose values stay text (drizzle's parsers, which cannot cross threads). */
      textTypes: number[]
    }
  | { kind: 'exec'; sql: string }
  | { kind: 'listen'; channel: string }
  | { kind: 'close' }
)

export type FromThread =
  | { kind: 'ready' }
  | { kind: 'failed-to-open'; error: Record<string, unknown> }
  | { kind: 'answer'; id: number; result: unknown }
  | { kind: 'failure'; id: number; error: Record<string, unknown> }
  | { kind: 'notification'; channel: string; payload: string }
