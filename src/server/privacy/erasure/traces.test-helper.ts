import { sql } from 'drizzle-orm'
import type { Db } from '../../db/open.ts'
import { rawRows } from '../../db/raw-rows.ts'

/** One place a needle was found: `table.column`, or `files.bytes <sha256>`. */
export type Trace = { where: string; needle: string }

/**
 * Security rule 50's proof: every text-like column of every table (text, varchar, arrays,
 * json, jsonb, tsvector, read as text) and every stored file's bytes, searched for each needle
 * without regard to case. Test-only: a full scan of the database.
 */
export async function findTraces(db: Db, needles: readonly string[]): Promise<Trace[]> {
  const columns = await rawRows<{ table: string; column: string; type: string }>(
    db,
    sql`SELECT c.table_name AS "table", c.column_name AS "column", c.data_type AS type
        FROM information_schema.columns c
        JOIN information_schema.tables t
          ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'ARRAY', 'json', 'jsonb', 'tsvector')
        ORDER BY 1, 2`,
  )
  const found: Trace[] = []
  const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  const anyPattern = sql`ARRAY[${sql.join(
    patterns.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`
  for (const { table, column } of columns) {
    const hits = await rawRows<{ value: string }>(
      db,
      sql`SELECT ${sql.identifier(column)}::text AS value FROM ${sql.identifier(table)}
          WHERE ${sql.identifier(column)}::text ILIKE ANY(${anyPattern}) LIMIT 50`,
    )
    for (const needle of needles) {
      if (hits.some((hit) => hit.value.toLowerCase().includes(needle.toLowerCase()))) {
        found.push({ where: `${table}.${column}`, needle })
      }
    }
  }
  for (const needle of needles) {
    const files = await rawRows<{ sha256: string }>(
      db,
      sql`SELECT sha256 FROM files
          WHERE position(convert_to(${needle}, 'UTF8') IN bytes) > 0
             OR position(convert_to(lower(${needle}), 'UTF8') IN bytes) > 0`,
    )
    for (const file of files) found.push({ where: `files.bytes ${file.sha256}`, needle })
  }
  return found
}
