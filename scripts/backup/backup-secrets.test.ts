import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, expect } from 'vitest'
import { z } from 'zod'
import { adminUserSchema } from '../../src/shared/user.ts'
import { buildApp } from '../../src/server/app.ts'
import { createSession } from '../../src/server/auth/sessions.ts'
import type { OpenDatabase } from '../../src/server/db/open.ts'
import { users } from '../../src/server/db/schema.ts'
import { isSealed } from '../../src/server/secrets/secret-box.ts'
import { resolveSecrets } from '../../src/server/secrets/startup-key.ts'
import { databaseTest as test } from '#tests/support/database-test.ts'
import { createTestDatabase, testEngine } from '#tests/support/test-database.ts'
import { testConfig } from '#tests/support/test-app.ts'
import { endLineSchema, headerSchema, tableLineSchema } from './format.ts'
import { openOutput } from './lines.ts'
import { restoreBackup } from './restore-backup.ts'
import { shippedMigrations } from './schema-version.ts'
import {
  BACKUP_TEST_KEY,
  BACKUP_TEST_TEMP_PASSWORD,
  createUnmigratedDatabase,
  populate,
} from './test-data.ts'
import { writeBackup } from './write-backup.ts'

/** Security rule 34 for backups, on the engine under test: mode, no plain secret, old backups. */
const engine = testEngine()
let dir: string
/** The databases tests make beside the fixture's, which is the backups' source, populated once. */
const opened: OpenDatabase[] = []

test.beforeAll(async ({ database }) => {
  dir = mkdtempSync(path.join(tmpdir(), 'scout-backup-secrets-'))
  await populate(database.db)
}, 120_000)
afterAll(async () => {
  for (const database of opened) await database.close()
  rmSync(dir, { recursive: true, force: true })
})

async function backupTo(source: OpenDatabase, name: string): Promise<string> {
  const file = path.join(dir, name)
  const output = openOutput(file, false)
  await writeBackup(source, output.stream, { sessions: false })
  await output.finish()
  return file
}

test(`${engine}: security rule 34 — a backup file is mode 0600 and holds the temporary password only encrypted`, async ({
  database,
}) => {
  const file = await backupTo(database, 'sealed.jsonl')
  expect(statSync(file).mode & 0o777).toBe(0o600)
  const text = readFileSync(file, 'utf8')
  expect(text).not.toContain(BACKUP_TEST_TEMP_PASSWORD)
  expect(text).toMatch(/"temp_password_enc":"v1:/)
})

test(`${engine}: security rule 34 — writeBackup refuses a database still holding a plain temporary password`, async () => {
  // A second database: the fixture's holds the populated source, which must stay sealed.
  const target = await createTestDatabase()
  opened.push(target)
  await target.db.insert(users).values({
    email: 'plain@scout.test',
    passwordHash: 'x',
    tempPasswordEnc: 'Plain-Old-Temp-1',
  })
  const file = path.join(dir, 'refused.jsonl')
  const output = openOutput(file, false)
  await expect(writeBackup(target, output.stream, { sessions: true })).rejects.toThrow(
    /1 temporary password\(s\) are stored in plain text/,
  )
  await output.finish()
  expect(readFileSync(file, 'utf8')).not.toContain('Plain-Old-Temp-1')
})

/** The tables Scout had at schema 0006, the last one before encryption. */
const TABLES_AT_0006 = new Set([
  'users',
  'sessions',
  'tags',
  'talents',
  'activity_log',
  'login_throttle',
  'data_versions',
])

/**
 * Columns later migrations added to the tables of schema 0006 (0012: the search vectors — the
 * talent's own one generated until 0019 kept it by trigger, so backups hold it since; 0013:
 * two-factor; 0014: the phone key duplicates are found by; 0020: the default admin's marker;
 * 0030: the privacy record; 0032: custom field values).
 */
const COLUMNS_AFTER_0006: Record<string, string[]> = {
  talents: [
    'search_document',
    'search_cv_document',
    'phone_e164',
    'privacy_source',
    'privacy_source_detail',
    'lawful_basis',
    'consent_given_on',
    'consent_valid_until',
    'informed_on',
    'keep_until',
    'keep_reason',
    'anonymised_at',
    'custom_fields',
  ],
  users: ['mfa_secret_enc', 'mfa_pending_secret_enc', 'mfa_last_step', 'is_default_admin'],
}

/** A table line or row line without the columns its table did not have at schema 0006. */
function withoutLaterColumns(table: string, line: string): string {
  const later = COLUMNS_AFTER_0006[table]
  if (!later) return line
  const parsed: unknown = JSON.parse(line)
  const control = tableLineSchema.safeParse(parsed)
  if (control.success) {
    const columns = control.data.columns.filter((c) => !later.includes(c))
    return JSON.stringify({ ...control.data, columns })
  }
  const row = z.record(z.string(), z.unknown()).parse(parsed)
  return JSON.stringify(Object.fromEntries(Object.entries(row).filter(([k]) => !later.includes(k))))
}

/**
 * What a backup made before encryption looks like: schema 0006, only the tables (and columns) of
 * that time, the column still called temp_password and holding the password as typed. Made from
 * a current backup, so no fixture.
 */
function asPreEncryptionBackup(file: string, plain: string): string {
  const before = shippedMigrations().find((m) => m.migration === '0006_auth-change-notify')
  const [header = '', ...rest] = readFileSync(file, 'utf8').split('\n')
  const parsed = headerSchema.parse(JSON.parse(header))
  const tables = parsed.tables.filter((t) => TABLES_AT_0006.has(t))
  const lines = [JSON.stringify({ ...parsed, schema: before, tables })]
  let keep = true
  let table = ''
  for (const line of rest.filter(Boolean)) {
    const control = tableLineSchema.safeParse(JSON.parse(line))
    if (control.success) {
      keep = TABLES_AT_0006.has(control.data.table)
      table = control.data.table
    }
    const end = endLineSchema.safeParse(JSON.parse(line))
    if (end.success) {
      const rows = Object.fromEntries(tables.map((t) => [t, end.data.rows[t] ?? 0]))
      lines.push(JSON.stringify({ end: true, rows }))
    } else if (keep) {
      // The users table line (its column list) and each users row (its key and value).
      lines.push(
        withoutLaterColumns(table, line)
          .replace(/"temp_password_enc":"v1:[^"]+"/, `"temp_password":"${plain}"`)
          .replace('"temp_password_enc"', '"temp_password"'),
      )
    }
  }
  const oldFile = `${file}.pre-encryption`
  writeFileSync(oldFile, `${lines.join('\n')}\n`)
  return oldFile
}

test(`${engine}: security rule 34 — a backup from before encryption restores, and the next start seals its temporary password for the admin to see`, async ({
  database,
}) => {
  const oldFile = asPreEncryptionBackup(
    await backupTo(database, 'current.jsonl'),
    'Pre-Encryption-42',
  )
  expect(readFileSync(oldFile, 'utf8')).toContain('"temp_password":"Pre-Encryption-42"')
  const target = await createUnmigratedDatabase(engine)
  opened.push(target)
  await restoreBackup(target, oldFile)
  const column = () =>
    target.db
      .select({ value: users.tempPasswordEnc })
      .from(users)
      .where(eq(users.email, 'temp@scout.test'))
  // The migration renamed the column; only start-up has the key to seal what it holds.
  expect((await column())[0]?.value).toBe('Pre-Encryption-42')
  const config = testConfig({ secretKey: BACKUP_TEST_KEY })
  expect(await resolveSecrets(config, target.db)).toMatchObject({ sealed: 1, cleared: 0 })
  const sealed = (await column())[0]?.value ?? ''
  expect(isSealed(sealed)).toBe(true)
  expect(sealed).not.toContain('Pre-Encryption-42')

  const app = await buildApp({ database: target, config, logger: false })
  const [admin] = await target.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@scout.test'))
  const { token } = await createSession(target.db, config, admin?.id ?? 0)
  const response = await app.inject({
    url: '/api/users',
    headers: { authorization: `Bearer ${token}` },
  })
  await app.close()
  expect(response.statusCode).toBe(200)
  const listed = adminUserSchema.array().parse(response.json())
  expect(listed.find((u) => u.email === 'temp@scout.test')?.tempPassword).toBe('Pre-Encryption-42')
}, 60_000)
