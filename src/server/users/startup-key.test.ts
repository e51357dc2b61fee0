import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, expect } from 'vitest'
import { acquireDataDirLock } from '../data-dir-lock.ts'
import type { Db } from '../db/open.ts'
import { users } from '../db/schema.ts'
import { databaseTest as test } from '#tests/support/database-test.ts'
import { testEngine } from '#tests/support/test-database.ts'
import { createTestUser } from '#tests/support/test-app.ts'
import { openTempPassword, sealTempPassword } from './temp-password.ts'
import { keyFilePath, readKeyFile, writeKeyFile } from '../secrets/key-file.ts'
import { generateSecretKey, isSealed, sealedKeyId, type SecretKey } from '../secrets/secret-box.ts'
import { nextKeyFilePath, resolveSecrets } from '../secrets/startup-key.ts'
import { StoredSecretsError } from '../secrets/stored-secrets.ts'

/** Security rule 34 at start-up, on the engine under test: where the key comes from, and what it meets. */
const engine = testEngine()
const root = mkdtempSync(path.join(tmpdir(), 'scout-secrets-startup-'))
let dirs = 0

afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

/** A new DATA_DIR for the embedded default (no SECRET_KEY, no DATABASE_URL). */
function embedded() {
  const dataDir = path.join(root, `data-${++dirs}`, 'nested')
  return { secretKey: undefined, databaseUrl: undefined, dataDir }
}

const postgresWithoutKey = {
  secretKey: undefined,
  databaseUrl: 'postgres://scout@db.example/scout',
  dataDir: path.join(root, 'unused'),
}

async function storeTemp(db: Db, value: string | null) {
  const { user } = await createTestUser(db, {
    mustChangePassword: true,
    tempPasswordEnc: value,
  })
  return user.id
}

async function stored(db: Db, id: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ value: users.tempPasswordEnc })
    .from(users)
    .where(eq(users.id, id))
  return row?.value
}

test(`${engine}: security rule 34 — the embedded key file is generated 0600 in a 0700 DATA_DIR and reused on restart`, async ({
  db,
}) => {
  const config = embedded()
  const lock = acquireDataDirLock(config.dataDir)
  lock.release()
  expect(statSync(config.dataDir).mode & 0o777).toBe(0o700)
  expect(statSync(path.dirname(config.dataDir)).mode & 0o777).toBe(0o700)

  const first = await resolveSecrets(config, db)
  expect(first.source).toBe('generated')
  const file = keyFilePath(config.dataDir)
  expect(statSync(file).mode & 0o777).toBe(0o600)
  const id = await storeTemp(db, sealTempPassword(first.key, 'Restart-Temp-1234'))

  const again = await resolveSecrets(config, db)
  expect(again.source).toBe('key file')
  expect(again.key?.id).toBe(first.key?.id)
  expect(openTempPassword(again.key, (await stored(db, id)) ?? null)).toBe('Restart-Temp-1234')
})

test(`${engine}: security rule 34 — plain temporary passwords from before encryption are sealed at start`, async ({
  db,
}) => {
  const key = generateSecretKey()
  const id = await storeTemp(db, 'Old-Plain-Temp-42')
  const result = await resolveSecrets({ ...postgresWithoutKey, secretKey: key }, db)
  expect(result).toMatchObject({ source: 'SECRET_KEY', sealed: 1, cleared: 0 })
  const value = (await stored(db, id)) ?? ''
  expect(isSealed(value)).toBe(true)
  expect(value).not.toContain('Old-Plain-Temp-42')
  expect(openTempPassword(key, value)).toBe('Old-Plain-Temp-42')
  // Idempotent: the next start finds nothing to do.
  expect(await resolveSecrets({ ...postgresWithoutKey, secretKey: key }, db)).toMatchObject({
    sealed: 0,
    cleared: 0,
  })
})

test(`${engine}: security rule 34 — DATABASE_URL without SECRET_KEY works while nothing is encrypted, and is refused once something is`, async ({
  db,
}) => {
  const plain = await storeTemp(db, 'Plain-No-Key-1234')
  const none = await resolveSecrets(postgresWithoutKey, db)
  expect(none).toMatchObject({ key: undefined, source: 'none', sealed: 0, cleared: 1 })
  expect(await stored(db, plain)).toBeNull()

  const key: SecretKey = generateSecretKey()
  await storeTemp(db, sealTempPassword(key, 'Sealed-Temp-1234'))
  const refusal = resolveSecrets(postgresWithoutKey, db)
  await expect(refusal).rejects.toThrow(StoredSecretsError)
  await expect(refusal).rejects.toThrow(
    `SECRET_KEY is not set, but the database holds 1 encrypted value(s) in users.temp_password_enc (key ${key.id})`,
  )
})

test(`${engine}: security rule 34 — a SECRET_KEY other than the one the values were sealed with stops start-up`, async ({
  db,
}) => {
  const key = generateSecretKey()
  const id = await storeTemp(db, sealTempPassword(key, 'Sealed-Temp-1234'))
  const other = generateSecretKey()
  await expect(resolveSecrets({ ...postgresWithoutKey, secretKey: other }, db)).rejects.toThrow(
    `(key ${key.id}), but this SECRET_KEY is key ${other.id}`,
  )
  expect(sealedKeyId((await stored(db, id)) ?? '')).toBe(key.id)
})

test(`${engine}: security rule 34 — a rotation interrupted after its commit is finished by the next start`, async ({
  db,
}) => {
  const config = embedded()
  const old = await resolveSecrets(config, db)
  const next = generateSecretKey()
  // The database committed under the new key, but the new key file was not renamed yet.
  await storeTemp(db, sealTempPassword(next, 'Rotated-Temp-1234'))
  writeKeyFile(nextKeyFilePath(config.dataDir), next)
  const resumed = await resolveSecrets(config, db)
  expect(resumed.key?.id).toBe(next.id)
  expect(readKeyFile(keyFilePath(config.dataDir)).id).toBe(next.id)
  expect(existsSync(nextKeyFilePath(config.dataDir))).toBe(false)
  expect(old.key?.id).not.toBe(next.id)

  // Stopped before the commit: the stray new key is dropped and the old one stays.
  writeKeyFile(nextKeyFilePath(config.dataDir), generateSecretKey())
  expect((await resolveSecrets(config, db)).key?.id).toBe(next.id)
  expect(existsSync(nextKeyFilePath(config.dataDir))).toBe(false)
})
