import { createHash } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Db } from './open.ts'
import { rawRows } from './raw-rows.ts'

const dialect = new PgDialect()

/**
 * Runs a hot read as a named prepared statement on PostgreSQL, so each pooled connection parses
 * and plans it once: planning cost as much as executing the list
 * (docs/decisions/006-prepared-statements.md). The name is a hash of the SQL text. PGlite, a
 * transaction or any other client runs the query as usual (rawRows).
 */
export async function preparedRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const client = '$client' in db ? db.$client : undefined
  if (!(client instanceof pg.Pool)) return rawRows<Row>(db, query)
  const { sql: text, params } = dialect.sqlToQuery(query)
  const name = `scout_${createHash('sha1').update(text).digest('base64url')}`
  const result = await client.query<Row & pg.QueryResultRow>({ name, text, values: params })
  return result.rows
}
