import type { SQL } from 'drizzle-orm'
import type { Db } from './open.ts'

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`, but over the engine-generic
 * Db type drizzle can only call the result unknown; this is the one place we name its shape.
 * Prefer the query builder; use this for catalog queries, EXPLAIN and hand-tuned SQL.
 */
export async function rawRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] }
  return result.rows
}
