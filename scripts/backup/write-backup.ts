import type { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { Db, Engine } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import { countPlainSecrets } from '../../src/server/secrets/stored-secrets.ts'
import { countRows, listTables, type TableInfo } from './catalog.ts'
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type RowCounts,
  type SchemaVersion,
  type TableLine,
} from './format.ts'
import { writeChunk } from './lines.ts'
import { appliedVersion } from './schema-version.ts'

/** Rows fetched from the cursor and written per chunk. */
const FETCH_ROWS = 2000

export type BackupOptions = {
  /**
   * Include signed-in sessions (their hashes only); without them (db:backup's default,
   * Security rule 34) everyone signs in again after a restore.
   */
  sessions: boolean
}

export type BackupSummary = { rows: RowCounts; schema: SchemaVersion }

/**
 * Writes the whole database to `out` in the Scout backup format (format.ts), from one
 * repeatable-read snapshot, so a backup taken while Scout runs on PostgreSQL is consistent.
 * Rows stream through a cursor: memory stays flat however many talents there are.
 */
export async function writeBackup(
  database: { db: Db; engine: Engine },
  out: Writable,
  options: BackupOptions,
): Promise<BackupSummary> {
  return database.db.transaction(
    async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`)
      const schema = await appliedVersion(tx)
      if (!schema) {
        throw new Error('This database has no Scout tables yet; there is nothing to back up.')
      }
      // Security rule 34: a backup never holds a secret in plain text (db:backup seals them first).
      const plain = await countPlainSecrets(tx)
      if (plain > 0) {
        throw new Error(
          `${plain} temporary password(s) are stored in plain text (a database from before ` +
            'encryption). Start Scout once, or run npm run db:backup, which encrypts them first.',
        )
      }
      // Sessions, and the sign-in steps between password and code, unless asked.
      const tables = (await listTables(tx)).filter(
        (t) => options.sessions || (t.name !== 'sessions' && t.name !== 'mfa_challenges'),
      )
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        engine: database.engine,
        schema,
        tables: tables.map((t) => t.name),
      }
      await writeChunk(out, `${JSON.stringify(header)}\n`)
      const rows: RowCounts = {}
      for (const table of tables) rows[table.name] = await writeTable(tx, out, table)
      await writeChunk(out, `${JSON.stringify({ end: true, rows })}\n`)
      return { rows, schema }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

async function writeTable(tx: Db, out: Writable, table: TableInfo): Promise<number> {
  const count = await countRows(tx, table.name)
  const line: TableLine = { table: table.name, columns: table.columns, rows: count }
  await writeChunk(out, `${JSON.stringify(line)}\n`)
  const order =
    table.primaryKey.length > 0
      ? sql` order by ${sql.join(
          table.primaryKey.map((c) => sql.identifier(c)),
          sql`, `,
        )}`
      : sql``
  await tx.execute(
    sql`declare scout_backup no scroll cursor for
        select row_to_json(t)::text as line from ${sql.identifier(table.name)} t${order}`,
  )
  let written = 0
  for (;;) {
    const batch = await rawRows<{ line: string }>(
      tx,
      sql`fetch forward ${sql.raw(String(FETCH_ROWS))} from scout_backup`,
    )
    if (batch.length === 0) break
    written += batch.length
    await writeChunk(out, `${batch.map((r) => r.line).join('\n')}\n`)
  }
  await tx.execute(sql`close scout_backup`)
  if (written !== count) {
    throw new Error(`${table.name}: counted ${count} rows but read ${written}`)
  }
  return written
}
