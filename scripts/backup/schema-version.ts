import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { migrationsFolder, type Db } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import type { SchemaVersion } from './format.ts'

const journalSchema = z.looseObject({
  entries: z.array(z.looseObject({ idx: z.number(), when: z.number(), tag: z.string() })),
})
type Journal = z.infer<typeof journalSchema>

function readJournal(folder = migrationsFolder): Journal {
  const text = readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')
  return journalSchema.parse(JSON.parse(text))
}

/** The migrations this Scout ships, oldest first. */
export function shippedMigrations(): SchemaVersion[] {
  return readJournal().entries.map((e) => ({ migration: e.tag, migratedAt: e.when }))
}

/**
 * The last migration applied to a database, from drizzle's bookkeeping table; undefined for a
 * database no Scout has migrated yet. drizzle records each migration's journal timestamp.
 */
export async function appliedVersion(db: Db): Promise<SchemaVersion | undefined> {
  const [table] = await rawRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )
  if (!table?.present) return undefined
  const [last] = await rawRows<{ created_at: string }>(
    db,
    sql`select created_at::text as created_at from drizzle.__drizzle_migrations
        order by created_at desc limit 1`,
  )
  if (!last) return undefined
  const migratedAt = Number(last.created_at)
  const shipped = shippedMigrations().find((m) => m.migratedAt === migratedAt)
  return { migration: shipped?.migration ?? `unknown (${migratedAt})`, migratedAt }
}

/**
 * A copy of our migrations folder that stops at `version`, so a restore can build the schema the
 * backup was taken with, load the rows, and then apply the newer migrations on top. Call the
 * returned `remove` when done.
 */
export function migrationsUpTo(version: SchemaVersion): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'scout-restore-migrations-'))
  const journal = readJournal()
  const kept = journal.entries.filter((e) => e.when <= version.migratedAt)
  mkdirSync(path.join(folder, 'meta'))
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: kept }),
  )
  for (const entry of kept) {
    copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    )
  }
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) }
}
