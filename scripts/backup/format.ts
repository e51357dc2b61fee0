import { z } from 'zod'

/**
 * The Scout backup file (security rule 29): JSON lines, readable by either engine because every row
 * is PostgreSQL's own row_to_json and goes back in through json_populate_recordset.
 *
 *   {"format":"scout-backup","version":1,"createdAt":…,"engine":…,"schema":{…},"tables":[…]}
 *   {"table":"users","columns":["id",…],"rows":2}      one line per table, parents first,
 *   {"id":1,"email":"…",…}                              then exactly `rows` row lines
 *   {"id":2,…}
 *   {"table":"sessions",…}
 *   …
 *   {"end":true,"rows":{"users":2,…}}                   a file without this line is truncated
 *
 * Timestamps are written in UTC with microseconds; arrays and jsonb as JSON. A file name ending
 * in .gz is gzip-compressed (restore recognises gzip by its bytes, whatever the name).
 */
export const BACKUP_FORMAT = 'scout-backup'
export const BACKUP_VERSION = 1

export const schemaVersionSchema = z.object({
  /** The last migration applied (its drizzle-kit tag), and its journal timestamp. */
  migration: z.string(),
  migratedAt: z.number().int(),
})
export type SchemaVersion = z.infer<typeof schemaVersionSchema>

export const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  schema: schemaVersionSchema,
  tables: z.array(z.string()),
})
export type BackupHeader = z.infer<typeof headerSchema>

export const tableLineSchema = z.object({
  table: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
})
export type TableLine = z.infer<typeof tableLineSchema>

export const endLineSchema = z.object({
  end: z.literal(true),
  rows: z.record(z.string(), z.number().int().min(0)),
})

/** Rows per table, in file order. */
export type RowCounts = Record<string, number>
