import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { OpenDatabase } from '../../src/server/db/open.ts'
import { erasures } from '../../src/server/db/privacy-schema.ts'
import { talents, users } from '../../src/server/db/schema.ts'
import { eraseTalent } from '../../src/server/privacy/erasure/erase.ts'
import { erasureKeys } from '../../src/server/privacy/erasure/identifiers.ts'
import { findTraces } from '../../src/server/privacy/erasure/traces.test-helper.ts'
import { generateSecretKey } from '../../src/server/secrets/secret-box.ts'
import { createTestDatabase, testEngine } from '#tests/support/test-database.ts'
import { openOutput } from './lines.ts'
import { RestoreRefusedError } from './prepare-target.ts'
import { assertKeysFor, readErasureRows, sameRecord, type ErasureRow } from './reapply-erasures.ts'
import { restoreBackup } from './restore-backup.ts'
import { writeBackup } from './write-backup.ts'

// Security rule 64: restoring a backup taken before an erasure erases the person again.
const engine = testEngine()
const KEY = generateSecretKey()
const KEYS = erasureKeys(KEY)
const opened: OpenDatabase[] = []
let dir: string

async function fresh(): Promise<OpenDatabase> {
  const database = await createTestDatabase(engine)
  opened.push(database)
  return database
}

async function backupTo(database: OpenDatabase, name: string): Promise<string> {
  const file = path.join(dir, name)
  const output = openOutput(file, false)
  await writeBackup(database, output.stream, { sessions: false })
  await output.finish()
  return file
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'scout-erasure-restore-'))
})

afterAll(async () => {
  for (const database of opened) await database.close()
  rmSync(dir, { recursive: true, force: true })
})

const person = (fullName: string, email: string, phone: string | null = null) => ({
  fullName,
  email,
  phone,
  areaOfInterest: 'Design' as const,
  seniorityLevel: 'mid' as const,
  notes: `Notes about ${fullName}`,
})

/** Records that are new to a backup's own, as db:restore picks them. */
function newTo(own: ErasureRow[], records: ErasureRow[]) {
  return records.filter((record) => !own.some((known) => sameRecord(known, record)))
}

test(`${engine}: back up, erase, restore the old backup: the person is gone again and the record is there`, async () => {
  const live = await fresh()
  const [admin] = await live.db
    .insert(users)
    .values({ email: 'admin@restore.test', passwordHash: 'x', role: 'admin', firstName: 'Ada' })
    .returning()
  if (!admin) throw new Error('no admin')
  const inserted = await live.db
    .insert(talents)
    .values([
      {
        ...person('Orla Vexmoor', 'orla.vexmoor@example.org', '+44 20 7946 0321'),
        addedById: admin.id,
      },
      { ...person('Stays Here', 'stays@example.org') },
      // Deleted later, then added again under a new id and erased: only the hash finds this row.
      { ...person('Pell Quarrington', 'pell.q@example.org') },
    ])
    .returning({ id: talents.id })
  const [orla, stays, pell] = inserted.map((row) => row.id)
  if (orla === undefined || stays === undefined || pell === undefined) throw new Error('no talents')
  const old = await backupTo(live, 'old.jsonl')

  const actor = { id: admin.id, role: 'admin' as const }
  await eraseTalent(live.db, orla, { reason: 'Asked by e-mail' }, actor, KEYS)
  await live.db.delete(talents).where(eq(talents.id, pell))
  const [again] = await live.db
    .insert(talents)
    .values({ ...person('Pell Quarrington', 'PELL.Q@example.org') })
    .returning({ id: talents.id })
  if (!again) throw new Error('not added again')
  await eraseTalent(live.db, again.id, { reason: 'Asked again' }, actor, KEYS)
  const newer = await backupTo(live, 'newer.jsonl')

  const records = newTo(await readErasureRows(old), await readErasureRows(newer))
  expect(records.map((record) => record.reason)).toEqual(['Asked by e-mail', 'Asked again'])
  const restored = await fresh()
  const summary = await restoreBackup(restored, old, {
    erasures: { records, keys: new Map([[KEYS.keyId, KEYS]]) },
  })
  expect(summary.erasures).toEqual({ kept: 2, erased: [orla, pell] })

  const left = await restored.db.select({ id: talents.id }).from(talents)
  expect(left.map((row) => row.id)).toEqual([stays])
  const kept = await restored.db.select().from(erasures).orderBy(erasures.id)
  expect(kept.map((row) => [row.talentId, row.reason, row.erasedById])).toEqual([
    [orla, 'Asked by e-mail', admin.id],
    [again.id, 'Asked again', admin.id],
  ])
  // No copy of either person anywhere in the restored database (security rule 50).
  expect(
    await findTraces(restored.db, [
      'Orla Vexmoor',
      'orla.vexmoor',
      '7946 0321',
      'Pell Quarrington',
    ]),
  ).toEqual([])
  // Restoring the newer backup with the same records again changes nothing.
  const same = newTo(await readErasureRows(newer), records)
  expect(same).toEqual([])
})

test('records hashed under a key the restore lacks refuse it before anything is loaded', () => {
  const record: ErasureRow = {
    id: 1,
    talent_id: 5,
    erased_by_id: null,
    reason: 'x',
    email_hash: 'h',
    phone_hash: null,
    key_id: 'other-key',
    erased_at: '2026-01-01T00:00:00+00:00',
    created_at: '2026-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
  }
  expect(() => assertKeysFor([record], new Map([[KEYS.keyId, KEYS]]))).toThrow(RestoreRefusedError)
  expect(() => assertKeysFor([record], new Map([['other-key', KEYS]]))).not.toThrow()
})
