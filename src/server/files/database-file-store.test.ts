import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'
import { databaseFileStore } from './database-file-store.ts'
import { sha256Of } from '../secrets/sha256.ts'

// The bytes travel as base64 both ways (db/schema.ts `bytea`): every byte value and a file long
// enough for the database's base64 line breaks must come back exactly.
test('bytes come back exactly as stored; the same bytes are stored once', async ({ api }) => {
  const store = databaseFileStore(api.database.db)
  const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i))
  const large = randomBytes(3 * 1024 * 1024 + 7)
  for (const bytes of [everyByte, large, Buffer.alloc(0)]) {
    const stored = await store.put(bytes, 'application/octet-stream')
    expect(stored).toMatchObject({ sha256: sha256Of(bytes), sizeBytes: bytes.length, isNew: true })
    const back = await store.get(stored.sha256)
    expect(back?.equals(bytes)).toBe(true)
  }
  expect((await store.put(Buffer.from(large), 'application/octet-stream')).isNew).toBe(false)
  expect(await store.get(sha256Of(Buffer.from('never stored')))).toBeUndefined()
})
