import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect } from 'vitest'
import type { Db } from '../../src/server/db/open.ts'
import { users } from '../../src/server/db/schema.ts'
import { keyFilePath, readKeyFile } from '../../src/server/secrets/key-file.ts'
import { generateSecretKey, sealedKeyId } from '../../src/server/secrets/secret-box.ts'
import { resolveSecrets } from '../../src/server/secrets/startup-key.ts'
import { databaseTest as test } from '#tests/support/database-test.ts'
import { testEngine } from '#tests/support/test-database.ts'
import { createTestUser } from '#tests/support/test-app.ts'
import { openTempPassword, sealTempPassword } from '../../src/server/users/temp-password.ts'
import { RotateRefusedError, rotateSecrets } from './rotate.ts'

/** Security rule 34: npm run secrets:rotate, on the engine under test. */
const engine = testEngine()
const root = mkdtempSync(path.join(tmpdir(), 'scout-secrets-rotate-'))

afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

async function temps(db: Db): Promise<string[]> {
  const rows = await db.select({ value: users.tempPasswordEnc }).from(users).orderBy(users.id)
  return rows.map((r) => r.value ?? '')
}

async function storeTemp(db: Db, value: string | null) {
  await createTestUser(db, { mustChangePassword: true, tempPasswordEnc: value })
}

test(`${engine}: security rule 34 — rotating the embedded key re-encrypts every secret, and the old key opens none`, async ({
  db,
}) => {
  const config = { secretKey: undefined, databaseUrl: undefined, dataDir: path.join(root, 'a') }
  const old = (await resolveSecrets(config, db)).key
  await storeTemp(db, sealTempPassword(old, 'First-Temp-12345'))
  await storeTemp(db, sealTempPassword(old, 'Second-Temp-6789'))
  await storeTemp(db, null)

  const result = await rotateSecrets(config, db, undefined)
  expect(result.count).toBe(2)
  expect(result.from).toBe(old?.id)
  const file = keyFilePath(config.dataDir)
  expect(readKeyFile(file).id).toBe(result.to.id)
  expect(statSync(file).mode & 0o777).toBe(0o600)

  const [first = '', second = ''] = await temps(db)
  expect([sealedKeyId(first), sealedKeyId(second)]).toEqual([result.to.id, result.to.id])
  expect(() => openTempPassword(old, first)).toThrow()
  expect(openTempPassword(result.to, first)).toBe('First-Temp-12345')
  expect(openTempPassword(result.to, second)).toBe('Second-Temp-6789')
  // The old key is refused at start; the key file (now the new key) starts fine.
  await expect(
    resolveSecrets({ ...config, secretKey: old, databaseUrl: 'postgres://x/y' }, db),
  ).rejects.toThrow(/but this SECRET_KEY is key/)
  expect((await resolveSecrets(config, db)).key?.id).toBe(result.to.id)
})

test(`${engine}: security rule 34 — with SECRET_KEY the new key must be given, and everything moves to it`, async ({
  db,
}) => {
  const old = generateSecretKey()
  const config = { secretKey: old, databaseUrl: 'postgres://x/y', dataDir: path.join(root, 'b') }
  await storeTemp(db, sealTempPassword(old, 'Env-Temp-1234567'))
  await expect(rotateSecrets(config, db, undefined)).rejects.toThrow(RotateRefusedError)
  await expect(rotateSecrets(config, db, old)).rejects.toThrow(/is the current key/)

  const next = generateSecretKey()
  const result = await rotateSecrets(config, db, next)
  expect(result).toMatchObject({ count: 1, from: old.id, keyFile: undefined })
  const [value = ''] = await temps(db)
  expect(openTempPassword(next, value)).toBe('Env-Temp-1234567')
  expect(() => openTempPassword(old, value)).toThrow()
})

test(`${engine}: security rule 34 — a value the current key cannot open stops the rotation with nothing changed`, async ({
  db,
}) => {
  const old = generateSecretKey()
  await storeTemp(db, sealTempPassword(old, 'Mine-Temp-123456'))
  const before = await temps(db)
  const config = { secretKey: old, databaseUrl: 'postgres://x/y', dataDir: path.join(root, 'c') }
  // A stray value sealed under a third key (e.g. rows pasted in from another installation).
  await storeTemp(db, sealTempPassword(generateSecretKey(), 'Stray-1234567890'))
  const all = await temps(db)
  await expect(rotateSecrets(config, db, generateSecretKey())).rejects.toThrow(
    /encrypted value\(s\) in users.temp_password_enc/,
  )
  expect(await temps(db)).toEqual(all)
  expect(all[0]).toBe(before[0])
})
