import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '../../src/server/db/open.ts'
import { sessions, users } from '../../src/server/db/schema.ts'
import { keyFilePath } from '../../src/server/secrets/key-file.ts'
import { testEngine } from '#tests/support/test-database.ts'
import { headerSchema } from './format.ts'

const run = promisify(execFile)
const script = path.join(import.meta.dirname, '..', 'db-backup.ts')
let root: string
let dataDir: string

/**
 * Security rule 34 through `npm run db:backup` itself, on an embedded database left by a Scout from
 * before encryption (a plain temporary password, a signed-in session, no key file yet).
 */
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'scout-backup-cli-'))
  dataDir = path.join(root, 'data')
  const database = await openDatabase({ engine: 'pglite', dataDir })
  await database.migrate()
  const [user] = await database.db
    .insert(users)
    .values({ email: 'old@scout.test', passwordHash: 'x', tempPasswordEnc: 'Plain-Before-42x' })
    .returning({ id: users.id })
  await database.db.insert(sessions).values({
    userId: user?.id ?? 0,
    secretHash: 'c'.repeat(64),
    expiresAt: new Date('2030-01-01T00:00:00Z'),
  })
  await database.close()
}, 120_000)
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

async function backup(name: string, ...flags: string[]) {
  const out = path.join(root, name)
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY: '' }
  await run(process.execPath, ['--import', 'tsx', script, '--out', out, ...flags], { env })
  const text = readFileSync(out, 'utf8')
  const header = headerSchema.parse(JSON.parse(text.split('\n')[0] ?? ''))
  return { out, text, header }
}

// The script runs on the embedded engine only; the PostgreSQL project need not repeat it.
test.runIf(testEngine() === 'pglite')(
  'security rule 34: npm run db:backup writes 0600, leaves sessions out unless --with-sessions, and never a plain temporary password',
  async () => {
    const plain = await backup('default.jsonl')
    expect(statSync(plain.out).mode & 0o777).toBe(0o600)
    expect(plain.header.tables).not.toContain('sessions')
    expect(plain.text).not.toContain('c'.repeat(64))
    expect(plain.text).not.toContain('Plain-Before-42x')
    expect(plain.text).toMatch(/"temp_password_enc":"v1:/)
    // The embedded default's key was generated as npm start would, beside the database.
    expect(statSync(keyFilePath(dataDir)).mode & 0o777).toBe(0o600)

    const withSessions = await backup('with-sessions.jsonl', '--with-sessions')
    expect(statSync(withSessions.out).mode & 0o777).toBe(0o600)
    expect(withSessions.header.tables).toContain('sessions')
    expect(withSessions.text).toContain('c'.repeat(64))
    expect(withSessions.text).not.toContain('Plain-Before-42x')
  },
  120_000,
)
