import type { OpenDatabase } from '../../src/server/db/open.ts'
import { countRows, listTables, type TableInfo } from './catalog.ts'
import type { SchemaVersion } from './format.ts'
import { appliedVersion, migrationsUpTo, shippedMigrations } from './schema-version.ts'

/**
 * Tables a fresh migration fills on its own (0003: the default tags; 0005: the data version
 * counter; 0019 and 0027: the typo dictionary; 0024: the pool's size); restore replaces their
 * rows with the backup's. A migration that seeds another table adds it here (the backup test
 * fails until it does: restore would call the database not empty).
 */
const FILLED_BY_MIGRATIONS = new Set([
  'tags',
  'data_versions',
  'search_words',
  'search_word_variants',
  'row_counts',
])

/** db:restore refuses; the message says why and what to do, and is shown as is. */
export class RestoreRefusedError extends Error {}

/**
 * Brings an empty database to the schema the backup was taken with: migrations up to the
 * backup's, never past it (the newer ones run after the rows are in, as they would have on the
 * original). Refuses a backup from a Scout newer than this one and a database already past it.
 */
export async function migrateToBackupSchema(
  database: OpenDatabase,
  backup: SchemaVersion,
): Promise<void> {
  const shipped = shippedMigrations()
  if (!shipped.some((m) => m.migratedAt === backup.migratedAt)) {
    const newest = shipped.at(-1)?.migration ?? 'none'
    throw new RestoreRefusedError(
      `This backup was made by a newer Scout (schema ${backup.migration}); this one knows ` +
        `migrations up to ${newest}. Restore it with that version or a later one.`,
    )
  }
  const applied = await appliedVersion(database.db)
  if (applied && applied.migratedAt > backup.migratedAt) {
    throw new RestoreRefusedError(
      `The target database is already at schema ${applied.migration}, newer than the backup's ` +
        `(${backup.migration}). Restore into a new, empty database instead.`,
    )
  }
  const cut = migrationsUpTo(backup)
  try {
    await database.migrate(cut.folder)
  } finally {
    cut.remove()
  }
}

/**
 * The target must hold nothing but what migrations put there: restoring over real data would mix
 * two databases. Returns the tables, parents first.
 */
export async function assertEmpty(database: OpenDatabase): Promise<TableInfo[]> {
  const tables = await listTables(database.db)
  const found: string[] = []
  for (const table of tables) {
    if (FILLED_BY_MIGRATIONS.has(table.name)) continue
    const rows = await countRows(database.db, table.name)
    if (rows > 0) found.push(`${table.name}: ${rows}`)
  }
  if (found.length > 0) {
    throw new RestoreRefusedError(
      `The target database is not empty (${found.join(', ')}). db:restore only loads into an ` +
        `empty database: point DATA_DIR at a new folder, or DATABASE_URL at a new database ` +
        `(createdb scout_restored), and run it again.`,
    )
  }
  return tables
}
