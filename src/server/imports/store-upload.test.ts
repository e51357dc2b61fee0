import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'
import { databaseFileStore } from '../files/database-file-store.ts'
import { sha256Of } from '../secrets/sha256.ts'
import { storeUploadInPieces } from './store-upload.ts'

// Security rule 47: an upload is stored in pieces; joined again, they are the upload, byte for
// byte, whatever its length against the piece size (shorter, exact multiple, a byte over).
test('an upload stored in pieces comes back exactly, once per distinct content', async ({
  api,
}) => {
  const { db } = api.database
  const store = databaseFileStore(db)
  for (const length of [5, 64 * 1024, 3 * 64 * 1024 + 1]) {
    const bytes = randomBytes(length)
    const stored = await db.transaction((tx) => storeUploadInPieces(tx, bytes, 'text/csv'))
    expect(stored.sha256).toBe(sha256Of(bytes))
    expect((await store.get(stored.sha256))?.equals(bytes)).toBe(true)
  }
  const again = randomBytes(200_000)
  const first = await db.transaction((tx) => storeUploadInPieces(tx, again, 'text/csv'))
  const second = await db.transaction((tx) => storeUploadInPieces(tx, again, 'text/csv'))
  expect(second.sha256).toBe(first.sha256)
})
