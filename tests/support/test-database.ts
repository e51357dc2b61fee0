import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import { rawRows } from '#server/db/raw-rows.ts'
import { migrationsFolder, openDatabase, type Engine, type OpenDatabase } from '#server/db/open.ts'
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from '#server/db/pglite-settings.ts'

/** The engine API tests run on: the vitest project sets TEST_ENGINE (vitest.config.ts). */
export function testEngine(): Engine {
  refuseInUnitTests()
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite'
}

/** The unit project runs *.unit.test.ts files once, with no engine: a database there is a mistake. */
function refuseInUnitTests(): void {
  if (process.env.TEST_ENGINE !== 'none') return
  throw new Error(
    'A *.unit.test.ts file runs without a database (vitest.config.ts). This one needs one: ' +
      'name it *.test.ts, and it runs on each engine.',
  )
}

/** A digest of the migrations: a migrated template is reused only while they are unchanged. */
function migrationsDigest(): string {
  const digest = createHash('sha256')
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) {
      digest.update(name).update(readFileSync(path.join(migrationsFolder, name)))
    }
  }
  return digest.digest('hex').slice(0, 16)
}

/** A cluster just made by initdb ('empty'), or one with every migration applied ('migrated'). */
type TemplateKind = 'empty' | 'migrated'

// The package does not export its package.json; npm installs it at the top of node_modules.
const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'),
      'utf8',
    ),
  ) as { version: string }
).version

/**
 * Where a template is cached on disk: every vitest worker would otherwise pay initdb (and the
 * migrations) again, seconds on a busy box. Named by the engine's version, so an upgrade never
 * loads a data folder an older one wrote.
 */
function templateCachePath(kind: TemplateKind): string {
  const name = kind === 'migrated' ? `migrated-${migrationsDigest()}` : 'empty'
  return path.join(tmpdir(), `scout-pglite-template-v3-${PGLITE_VERSION}-${name}.tar`)
}

/**
 * The cluster's two template databases, which no API test uses (only PostgreSQL tests create
 * databases): a third of the template's 42 MB. Each test file unpacks the template, and without
 * them a clone took ~0.5 s of CPU instead of ~0.75.
 */
async function dropTemplateDatabases(client: PGlite): Promise<void> {
  await client.exec('ALTER DATABASE template0 IS_TEMPLATE false')
  await client.exec('DROP DATABASE template0')
  await client.exec('ALTER DATABASE template1 IS_TEMPLATE false')
  await client.exec('DROP DATABASE template1')
  await client.exec('CHECKPOINT')
}

/**
 * The server's own settings (open.ts), so tests run the engine as Scout does. Its smaller buffer
 * pool also starts faster: a test file's clone took ~0.5 s of CPU with the default 128 MB, ~0.35
 * with 32 MB.
 */
const PGLITE_OPTIONS = { extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS }

const pgliteTemplates = new Map<TemplateKind, Promise<File | Blob>>()

// PGlite's initdb takes ~1.5 s (2 s of CPU) and the migrations more; loading a
// template takes ~0.3 s.
function pgliteTemplate(kind: TemplateKind): Promise<File | Blob> {
  let template = pgliteTemplates.get(kind)
  if (template) return template
  template = (async () => {
    const cachePath = templateCachePath(kind)
    try {
      return new Blob([readFileSync(cachePath)])
    } catch {
      // Not cached yet: build it below.
    }
    const client = await PGlite.create(PGLITE_OPTIONS)
    if (kind === 'migrated') {
      await (await openDatabase({ engine: 'pglite', dataDir: undefined, pglite: client })).migrate()
    }
    await dropTemplateDatabases(client)
    const dump = await client.dumpDataDir('none')
    await client.close()
    // Write then rename, so a worker never reads a half-written cache.
    const partial = `${cachePath}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, cachePath)
    return dump
  })()
  pgliteTemplates.set(kind, template)
  return template
}

async function pgliteFrom(kind: TemplateKind): Promise<PGlite> {
  return PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await pgliteTemplate(kind) })
}

/** An embedded database no Scout has migrated yet: the backup tests restore into one. */
export async function createUnmigratedPglite(): Promise<OpenDatabase> {
  refuseInUnitTests()
  return openDatabase({ engine: 'pglite', dataDir: undefined, pglite: await pgliteFrom('empty') })
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
  openAnother: (options?: { statementTimeoutMs?: number }) => Promise<OpenDatabase>
}

/** Connections of a test app's PostgreSQL pool (the app's config says the same). */
export const TEST_POOL_MAX = 5

export async function createTestDatabase(
  engine: Engine = testEngine(),
  { statementTimeoutMs }: { statementTimeoutMs?: number } = {},
): Promise<TestDatabase> {
  refuseInUnitTests()
  if (engine === 'pglite') {
    const client = await pgliteFrom('migrated')
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
  const template = await migratedPostgresTemplate(adminUrl)
  const name = `scout_test_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
    // A commit returns before its WAL reaches the disk: the same visibility to every other
    // session, only a crash of the server could lose it, and the database is thrown away after
    // the file. The PostgreSQL API projects alone: 164 -> 150 s.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`)
  })
  const url = databaseUrl(adminUrl, name)
  // The server's statement limit (security rule 43), as the app under test is configured.
  const target = { engine: 'postgres', url, poolMax: TEST_POOL_MAX, statementTimeoutMs } as const
  const database = await openDatabase(target)
  return {
    ...database,
    // A test may seed through a handle with another statement limit (or none) than the app's.
    openAnother: (options = {}) => openDatabase({ ...target, ...options }),
    close: async () => {
      await database.close()
      await withAdmin(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      )
    },
  }
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

let postgresTemplate: Promise<string> | undefined

/**
 * A migrated PostgreSQL database that each test database is copied from (CREATE DATABASE …
 * TEMPLATE): a copy takes ~0.2 s, migrating a new one ~0.7 s, for each of ~130 test files. Built
 * once per set of migrations, under an advisory lock so two workers never build it at once, and
 * renamed into place only when complete, so a run cut short never leaves a half-migrated one.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= withAdmin(adminUrl, async (admin) => {
    const name = `scout_template_${migrationsDigest()}`
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name])
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
      if (found.rowCount) return name
      const partial = `${name}_partial`
      await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`)
      await admin.query(`CREATE DATABASE ${partial}`)
      const database = await openDatabase({
        engine: 'postgres',
        url: databaseUrl(adminUrl, partial),
        poolMax: 1,
      })
      await database.migrate()
      await database.close()
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`)
      return name
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name])
    }
  })
  return postgresTemplate
}

/**
 * Tables a test never empties: the data version and row counts the app's caches and triggers keep
 * (DELETEs below move them as any write does), and the search vocabulary, which only grows.
 */
const KEPT_TABLES = ['data_versions', 'row_counts', 'search_words', 'search_word_variants']

type EmptyingPlan = { tables: string[]; lockAll: SQL; resetSequences: SQL }
const plans = new WeakMap<OpenDatabase['db'], Promise<EmptyingPlan>>()

/** Every other table, each after the tables that reference it, and one statement for the ids. */
async function emptyingPlan(db: OpenDatabase['db']): Promise<EmptyingPlan> {
  const references = await rawRows<{ child: string; parent: string }>(
    db,
    sql`SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent
        FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
  )
  const all = await rawRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables
        WHERE schemaname = 'public' AND tablename NOT LIKE '\\_\\_%' ORDER BY tablename`,
  )
  const tables: string[] = []
  const visit = (table: string, path: Set<string>) => {
    if (tables.includes(table) || path.has(table)) return
    path.add(table)
    for (const { child, parent } of references) if (parent === table) visit(child, path)
    tables.push(table)
  }
  for (const { name } of all) if (!KEPT_TABLES.includes(name)) visit(name, new Set())
  // Last: deleting talents queues a duplicate scan (a trigger), which TRUNCATE would not have.
  tables.push(...tables.splice(tables.indexOf('jobs'), 1))
  if (!tables.includes('users')) throw new Error(`no tables to empty found: ${tables.join(', ')}`)
  const sequences = await rawRows<{ name: string }>(
    db,
    sql`SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public'`,
  )
  const restarts = sequences.map(({ name }) => `setval('"${name}"', 1, false)`).join(', ')
  const everyTable = all.map(({ name }) => `"${name}"`).join(', ')
  return {
    tables,
    lockAll: sql.raw(`LOCK TABLE ${everyTable} IN ACCESS EXCLUSIVE MODE`),
    resetSequences: sql.raw(`SELECT ${restarts}`),
  }
}

/**
 * Empties every table but KEPT_TABLES and starts ids at 1 again, for fixtures that share one
 * database across tests. DELETE in reference order, not TRUNCATE: on test-sized tables it costs
 * 9 ms on PostgreSQL against TRUNCATE's 140 (a new file per table and index), 32 against 50 ms
 * on PGlite, and it fires the triggers that tell the app's caches, as any write does. Every table
 * is locked first, as TRUNCATE locks them.
 */
export async function emptyTables(database: OpenDatabase): Promise<void> {
  const { db } = database
  let plan = plans.get(db)
  if (!plan) {
    plan = emptyingPlan(db)
    plans.set(db, plan)
  }
  const { tables, lockAll, resetSequences } = await plan
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        // As TRUNCATE would: wait for the last test's background work (a CV being read, a job)
        // to commit, and keep it out until the tables are empty, so no DELETE meets it halfway.
        await tx.execute(lockAll)
        for (const table of tables) await tx.execute(sql.raw(`DELETE FROM "${table}"`))
        await tx.execute(resetSequences)
      })
      return
    } catch (error) {
      // A transaction that held one table and waited for another can still deadlock with the
      // lock; PostgreSQL ends one of the two, and this side simply tries again.
      if (attempt >= 3 || !isDeadlock(error)) throw error
    }
  }
}

function isDeadlock(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined
  return [error, cause].some(
    (e) => typeof e === 'object' && e !== null && 'code' in e && e.code === '40P01',
  )
}
