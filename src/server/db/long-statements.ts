import { sql, type SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Db } from './open.ts'

/**
 * Security rule 43: a request's statements stop at STATEMENT_TIMEOUT_MS (a few seconds), but some
 * work legitimately runs longer: an import's batches and its undo, a bulk action over 10,000
 * talents and its undo, the duplicate scan, table upkeep. Each raises the limit for itself only,
 * so nothing else escapes it; a bound stays, so no statement runs forever.
 */

/** Inside a transaction: its statements may run up to 15 minutes (SET LOCAL). */
export async function allowLongStatements(tx: Db): Promise<void> {
  await tx.execute(sql`SET LOCAL statement_timeout = '15min'`)
}

/**
 * A statement that cannot run in a transaction (VACUUM), under the same 15-minute limit. On
 * PostgreSQL on a connection of its own, its limit put back before the pool hands it out again.
 * The embedded engine's one session has no timer to raise (search/search-gate.ts).
 */
export async function executeLong(db: Db, statement: SQL): Promise<void> {
  const client: unknown = (db as { $client?: unknown }).$client
  if (!(client instanceof pg.Pool)) {
    await db.execute(statement)
    return
  }
  const connection = await client.connect()
  try {
    await connection.query("SET statement_timeout = '15min'")
    await drizzleNodePg(connection).execute(statement)
  } finally {
    await connection.query('RESET statement_timeout').catch(() => undefined)
    connection.release()
  }
}
