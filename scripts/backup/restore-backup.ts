import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Engine, OpenDatabase } from '../../src/server/db/open.ts'
import { resetSequences, type TableInfo } from './catalog.ts'
import {
  endLineSchema,
  headerSchema,
  tableLineSchema,
  type BackupHeader,
  type RowCounts,
  type SchemaVersion,
  type TableLine,
} from './format.ts'
import { LineReader } from './lines.ts'
import { assertEmpty, migrateToBackupSchema, RestoreRefusedError } from './prepare-target.ts'
import { reapplyErasures, type ErasureRow, type ReappliedSummary } from './reapply-erasures.ts'
import type { ErasureKeys } from '../../src/server/privacy/erasure/identifiers.ts'

/** Rows per INSERT, and a cap on the JSON text one INSERT carries (long notes). */
const BATCH_ROWS = 1000
const BATCH_CHARS = 4 * 1024 * 1024

export type RestoreSummary = {
  rows: RowCounts
  schema: SchemaVersion
  source: Engine
  /** What re-applying the live database's erasure records did (security rule 64). */
  erasures: ReappliedSummary
}

/**
 * The live database's erasure records (from a newer backup of it) to keep and re-apply, with the
 * keys their hashes were made under (reapply-erasures.ts).
 */
export type RestoreOptions = {
  erasures?: { records: readonly ErasureRow[]; keys: Map<string, ErasureKeys> }
}

function parseLine<T>(schema: z.ZodType<T>, value: unknown, reader: LineReader, what: string): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  throw new RestoreRefusedError(
    `${reader.file} line ${reader.lineNumber} is not ${what}; the file is damaged or not a Scout backup.`,
  )
}

/**
 * Loads a backup (format.ts) into an empty database on either engine: migrations up to the
 * backup's schema, every row in batches inside ONE transaction (a failure leaves the database as
 * empty as it was), sequences past the restored ids, then this Scout's newer migrations, then the
 * live database's erasure records re-applied (security rule 64).
 */
export async function restoreBackup(
  database: OpenDatabase,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const reader = new LineReader(file)
  try {
    const header: BackupHeader = parseLine(
      headerSchema,
      await reader.nextJson('the backup header').catch(() => undefined),
      reader,
      'a Scout backup header',
    )
    await migrateToBackupSchema(database, header.schema)
    const tables = await assertEmpty(database)
    const rows = await database.db.transaction((tx) => loadAll(tx, reader, header, tables))
    await database.migrate()
    // Fresh planner statistics and visibility maps, as after db:seed.
    for (const name of header.tables)
      await database.db.execute(sql`vacuum analyze ${sql.identifier(name)}`)
    // Security rule 64: on the fully migrated schema, so every copy the erasure scrubs exists.
    const erasures = options.erasures
      ? await reapplyErasures(database.db, options.erasures.records, options.erasures.keys).catch(
          (error: unknown) => {
            const reason = error instanceof Error ? error.message : String(error)
            throw new RestoreRefusedError(
              `The backup's rows were restored, but re-applying the erasure records failed ` +
                `(${reason}). Do not start Scout on this database: restore again into a new, ` +
                `empty one.`,
            )
          },
        )
      : { kept: 0, erased: [] }
    if (database.engine === 'pglite') await database.db.execute(sql`checkpoint`)
    return { rows, schema: header.schema, source: header.engine, erasures }
  } finally {
    reader.close()
  }
}

async function loadAll(
  tx: Db,
  reader: LineReader,
  header: BackupHeader,
  tables: TableInfo[],
): Promise<RowCounts> {
  // Triggers maintain derived rows (data_versions) that the backup holds as they were: like
  // pg_dump --disable-triggers, none fire while the rows go in. Foreign keys stay enforced.
  const restored = tables.filter((t) => header.tables.includes(t.name))
  for (const table of restored) {
    await tx.execute(sql`alter table ${sql.identifier(table.name)} disable trigger user`)
  }
  // Only rows the migrations added can be here (assertEmpty); the backup has its own.
  for (const table of [...tables].reverse()) {
    if (header.tables.includes(table.name))
      await tx.execute(sql`delete from ${sql.identifier(table.name)}`)
  }
  const rows: RowCounts = {}
  for (const name of header.tables) {
    const line = parseLine(
      tableLineSchema,
      await reader.nextJson(`the "${name}" table line`),
      reader,
      `the "${name}" table line`,
    )
    const target = tables.find((t) => t.name === line.table)
    if (line.table !== name || !target) {
      throw new RestoreRefusedError(
        `${reader.file} line ${reader.lineNumber}: unexpected table "${line.table}"`,
      )
    }
    const unknown = line.columns.filter((c) => !target.columns.includes(c))
    if (unknown.length > 0) {
      throw new RestoreRefusedError(`Table ${name} has no column ${unknown.join(', ')} here`)
    }
    rows[name] = await loadTable(tx, reader, line)
  }
  const end = parseLine(
    endLineSchema,
    await reader.nextJson('the end line'),
    reader,
    'the end line',
  )
  for (const name of header.tables) {
    if (end.rows[name] !== rows[name]) {
      throw new RestoreRefusedError(
        `${name}: the end line says ${end.rows[name]} rows, the file has ${rows[name]}`,
      )
    }
  }
  await resetSequences(tx, header.tables)
  for (const table of restored) {
    await tx.execute(sql`alter table ${sql.identifier(table.name)} enable trigger user`)
  }
  return rows
}

async function loadTable(tx: Db, reader: LineReader, line: TableLine): Promise<number> {
  let batch: string[] = []
  let chars = 0
  let loaded = 0
  const flush = async () => {
    if (batch.length === 0) return
    await insertBatch(tx, line, batch)
    loaded += batch.length
    batch = []
    chars = 0
  }
  for (let i = 0; i < line.rows; i++) {
    const row = await reader.next()
    if (row === undefined) {
      throw new RestoreRefusedError(`${reader.file} ends early, in the rows of ${line.table}`)
    }
    // Rows go to PostgreSQL as they are (it parses them); a control line here means bad counts.
    if (!row.startsWith('{') || row.startsWith('{"table":') || row.startsWith('{"end":')) {
      throw new RestoreRefusedError(
        `${reader.file} line ${reader.lineNumber}: expected a row of ${line.table}`,
      )
    }
    batch.push(row)
    chars += row.length
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush()
  }
  await flush()
  return loaded
}

function insertBatch(tx: Db, line: TableLine, rows: string[]) {
  const table = sql.identifier(line.table)
  const columns = sql.join(
    line.columns.map((c) => sql.identifier(c)),
    sql`, `,
  )
  // json_populate_recordset turns each object back into the table's row type: timestamps,
  // arrays and jsonb exactly as they were. OVERRIDING keeps the ids of identity columns too.
  return tx.execute(
    sql`insert into ${table} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${table}, ${`[${rows.join(',')}]`}::json)`,
  )
}
