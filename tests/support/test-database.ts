import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import {
  migrationsFolder,
  openDatabase,
  PGLITE_EXTENSIONS,
  type Engine,
  type OpenDatabase,
} from '#server/db/open.ts'

/** The engine API tests run on: the vitest project sets TEST_ENGINE (vitest.config.ts). */
export function testEngine(): Engine {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite'
}

let pgliteTemplate: Promise<File | Blob> | undefined

/**
 * Where the migrated template is cached on disk, keyed by the migrations' contents: every vitest
 * worker (one per test file) would otherwise pay initdb + migrations again (seconds on a busy box).
 */
function templateCachePath(): string {
  const digest = createHash('sha256')
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) {
      digest.update(name).update(readFileSync(path.join(migrationsFolder, name)))
    }
  }
  return path.join(tmpdir(), `scout-pglite-template-${digest.digest('hex').slice(0, 16)}.tar`)
}

// STACK.md: PGlite's initdb + migrations take ~2 s; cloning a migrated template takes ~0.5 s.
async function migratedPgliteTemplate(): Promise<File | Blob> {
  pgliteTemplate ??= (async () => {
    const cachePath = templateCachePath()
    try {
      return new Blob([readFileSync(cachePath)])
    } catch {
      // Not cached yet: build it below.
    }
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
    await (await openDatabase({ engine: 'pglite', dataDir: undefined, pglite: client })).migrate()
    const dump = await client.dumpDataDir('none')
    await client.close()
    // Write then rename, so a worker never reads a half-written cache.
    const partial = `${cachePath}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, cachePath)
    return dump
  })()
  return pgliteTemplate
}

/**
 * A fresh, migrated, empty database on the engine under test (or the one named: the backup test
 * crosses engines). On PostgreSQL each call creates its own database (dropped on close), so test
 * files never see each other's rows.
 */
export type TestDatabase = OpenDatabase & {
  /**
   * A second handle on the same database, with caches of its own: what another Scout process
   * would have (on PGlite, a second handle on the one embedded client). Closed by its caller.
   */
  openAnother: () => Promise<OpenDatabase>
}

export async function createTestDatabase(engine: Engine = testEngine()): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const client = await PGlite.create({
      loadDataDir: await migratedPgliteTemplate(),
      extensions: PGLITE_EXTENSIONS,
    })
    const database = await openDatabase({ engine: 'pglite', dataDir: undefined, pglite: client })
    const openAnother = async () => ({
      ...(await openDatabase({ engine: 'pglite', dataDir: undefined, pglite: client })),
      // The client belongs to the first handle.
      close: () => Promise.resolve(),
    })
    return { ...database, openAnother }
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL')
  const name = `scout_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolMax: 5 })
  await database.migrate()
  return {
    ...database,
    openAnother: () => openDatabase({ engine: 'postgres', url: url.toString(), poolMax: 5 }),
    close: async () => {
      await database.close()
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}

/** Empties every table (fast on both engines), for suites that share one database across tests. */
export async function truncateAll(database: OpenDatabase): Promise<void> {
  await database.db.execute(
    sql`TRUNCATE activity_log, sessions, jobs, cv_import_items, cv_imports, bulk_actions, duplicate_dismissals, duplicate_groups, duplicate_scans, merges, spreadsheet_imports, change_set_rows, change_sets, cv_uploads, talent_cvs, files, talents, tags, login_throttle, users RESTART IDENTITY CASCADE`,
  )
}
