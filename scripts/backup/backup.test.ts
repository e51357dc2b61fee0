import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Engine, OpenDatabase } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import { talents, users } from '../../src/server/db/schema.ts'
import { createTestDatabase, testEngine } from '#tests/support/test-database.ts'
import { headerSchema } from './format.ts'
import { openOutput } from './lines.ts'
import { RestoreRefusedError } from './prepare-target.ts'
import { restoreBackup } from './restore-backup.ts'
import { allRows, createUnmigratedDatabase, populate } from './test-data.ts'
import { writeBackup, type BackupOptions } from './write-backup.ts'

// Security rule 29: db:backup / db:restore round-trip a populated database on both engines.
const engine = testEngine()
let dir: string
let source: OpenDatabase
let expected: Record<string, string[]>
const opened: OpenDatabase[] = []

async function fresh(on: Engine = engine): Promise<OpenDatabase> {
  const database = await createTestDatabase(on)
  opened.push(database)
  return database
}

async function backupTo(
  database: OpenDatabase,
  name: string,
  options: BackupOptions = { sessions: true },
): Promise<string> {
  const file = path.join(dir, name)
  const output = openOutput(file, name.endsWith('.gz'))
  await writeBackup(database, output.stream, options)
  await output.finish()
  return file
}

/** A brand-new database without Scout's schema (a new DATA_DIR, or after `createdb`). */
async function unmigrated(): Promise<OpenDatabase> {
  const database = await createUnmigratedDatabase(engine)
  opened.push(database)
  return database
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'scout-backup-test-'))
  source = await fresh()
  await populate(source.db)
  expected = await allRows(source.db)
}, 120_000)

afterAll(async () => {
  for (const database of opened) await database.close()
  rmSync(dir, { recursive: true, force: true })
})

test(`${engine}: every row of every table comes back identical, and ids continue after the largest`, async () => {
  const core = ['users', 'sessions', 'tags', 'talents', 'activity_log', 'login_throttle']
  expect(Object.keys(expected)).toEqual(expect.arrayContaining(core))
  for (const table of core) {
    expect(expected[table]?.length, `${table} has rows to compare`).toBeGreaterThan(1)
  }
  const file = await backupTo(source, 'plain.jsonl')
  const target = await fresh()
  const summary = await restoreBackup(target, file)
  expect(summary.rows.talents).toBe(1499)
  expect(await allRows(target.db)).toEqual(expected)
  // Sequences: new rows get ids after the restored ones (the largest talent id is 1500).
  const [talent] = await target.db
    .insert(talents)
    .values({
      fullName: 'After Restore',
      email: 'after@restore.test',
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    })
    .returning({ id: talents.id })
  expect(talent?.id).toBe(1501)
  const [user] = await target.db
    .insert(users)
    .values({ email: 'new@restore.test', passwordHash: 'x' })
    .returning({ id: users.id })
  expect(user?.id).toBe(4)
})

test(`${engine}: gzip, without sessions, into a database no Scout has migrated yet`, async () => {
  const file = await backupTo(source, 'no-sessions.jsonl.gz', { sessions: false })
  expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
  // What `DATA_DIR=new-folder npm run db:restore` meets: not even the schema exists.
  const target = await unmigrated()
  await restoreBackup(target, file)
  expect(await allRows(target.db)).toEqual({ ...expected, sessions: [] })
})

test(`${engine}: a non-empty database is refused and left as it was`, async () => {
  const file = await backupTo(source, 'refuse.jsonl')
  const target = await fresh()
  await target.db.insert(users).values({ email: 'someone@scout.test', passwordHash: 'x' })
  const before = await allRows(target.db)
  const refusal = restoreBackup(target, file)
  await expect(refusal).rejects.toThrow(RestoreRefusedError)
  await expect(refusal).rejects.toThrow(
    /The target database is not empty \(users: 1\)\. db:restore only loads into an empty database/,
  )
  expect(await allRows(target.db)).toEqual(before)
})

test(`${engine}: a truncated or damaged file restores nothing at all (one transaction)`, async () => {
  const file = await backupTo(source, 'whole.jsonl')
  const lines = readFileSync(file, 'utf8').split('\n')
  const cut = path.join(dir, 'cut.jsonl')
  // Cut inside the talents rows: users, tags and the first talents would already be inserted.
  const talentsLine = lines.findIndex((line) => line.startsWith('{"table":"talents"'))
  expect(talentsLine).toBeGreaterThan(0)
  writeFileSync(cut, lines.slice(0, talentsLine + 10).join('\n'))
  const target = await fresh()
  const empty = await allRows(target.db)
  await expect(restoreBackup(target, cut)).rejects.toThrow(/ends early, in the rows of talents/)
  expect(await allRows(target.db)).toEqual(empty)

  // A control line where a talent row should be: the counts no longer add up.
  const damaged = path.join(dir, 'damaged.jsonl')
  const bad = lines.findIndex((l) => l.startsWith('{"table":"talents"')) + 5
  writeFileSync(damaged, lines.map((l, i) => (i === bad ? '{"end":true}' : l)).join('\n'))
  await expect(restoreBackup(target, damaged)).rejects.toThrow(
    `line ${bad + 1}: expected a row of talents`,
  )
  expect(await allRows(target.db)).toEqual(empty)

  const notBackup = path.join(dir, 'not-a-backup.txt')
  writeFileSync(notBackup, 'hello\n')
  await expect(restoreBackup(target, notBackup)).rejects.toThrow(/is not a Scout backup header/)
})

test(`${engine}: a backup from a newer Scout is refused with what to do`, async () => {
  const file = await backupTo(source, 'newer.jsonl')
  const [header = '', ...rest] = readFileSync(file, 'utf8').split('\n')
  const parsed = headerSchema.parse(JSON.parse(header))
  const newer = path.join(dir, 'newer-edited.jsonl')
  writeFileSync(
    newer,
    [
      JSON.stringify({ ...parsed, schema: { migration: '9999_future', migratedAt: 9e12 } }),
      ...rest,
    ].join('\n'),
  )
  await expect(restoreBackup(await fresh(), newer)).rejects.toThrow(
    /This backup was made by a newer Scout \(schema 9999_future\)/,
  )
})

test.runIf(engine === 'pglite' && process.env.TEST_DATABASE_URL)(
  'cross-engine: PGlite → PostgreSQL → PGlite keeps every row',
  async () => {
    const fromPglite = await backupTo(source, 'from-pglite.jsonl')
    const postgres = await fresh('postgres')
    await restoreBackup(postgres, fromPglite)
    expect(await allRows(postgres.db)).toEqual(expected)
    const fromPostgres = await backupTo(postgres, 'from-postgres.jsonl')
    const back = await fresh('pglite')
    await restoreBackup(back, fromPostgres)
    expect(await allRows(back.db)).toEqual(expected)
    const [engines] = await rawRows<{ n: number }>(
      back.db,
      sql`select count(*)::int as n from talents`,
    )
    expect(engines?.n).toBe(1499)
  },
  120_000,
)
