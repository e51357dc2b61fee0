import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect } from 'vitest'
import { openOutput } from '../../scripts/backup/lines.ts'
import { restoreBackup } from '../../scripts/backup/restore-backup.ts'
import { allRows } from '../../scripts/backup/test-data.ts'
import { writeBackup } from '../../scripts/backup/write-backup.ts'
import type { OpenDatabase } from '#server/db/open.ts'
import { createTestDatabase } from '../support/test-database.ts'
import { apiTest as test } from '#tests/support/api-test.ts'

/**
 * Security rule 29 by number: what Scout's own API wrote comes back from `db:backup` + `db:restore`
 * row for row. (scripts/backup/backup.test.ts proves the format in depth: 1,500 talents, awkward
 * text, sequences, refusals.)
 */
const dir = mkdtempSync(path.join(tmpdir(), 'scout-security-backup-'))
const opened: OpenDatabase[] = []
afterAll(async () => {
  for (const database of opened) await database.close()
  rmSync(dir, { recursive: true, force: true })
})

test('security rule 29: a backup of a used database restores every row of every table', async ({
  api,
}) => {
  // A used database holds the tags its migrations seeded too (emptying the tables removed them).
  await api.makeDefaultTags()
  const admin = await api.as('admin')
  const post = (url: string, payload: object) => admin.inject('POST', url, payload)
  expect((await post('/api/tags', { name: 'Backed Up' })).statusCode).toBe(201)
  const talent = await post('/api/talents', {
    fullName: 'Zoë Backup \u202e渡辺',
    email: 'backup@example.com',
    areaOfInterest: 'Science',
    seniorityLevel: 'mid',
    tags: ['Backed Up'],
    notes: 'line\nbreak "quotes" \\ 🎉',
  })
  expect(talent.statusCode).toBe(201)
  const invite = await post('/api/invite', {
    email: 'restored@example.com',
    firstName: 'Re',
    lastName: 'Stored',
  })
  expect(invite.statusCode).toBe(201)
  // The app is closed before the backup is taken (the fixture's own close after the test is then
  // a no-op for it).
  await api.app.close()

  const file = path.join(dir, 'scout.jsonl')
  const output = openOutput(file, false)
  await writeBackup(api.database, output.stream, { sessions: true })
  await output.finish()
  const target = await createTestDatabase()
  opened.push(target)
  await restoreBackup(target, file)
  const expected = await allRows(api.database.db)
  expect(expected.talents).toHaveLength(1)
  expect(await allRows(target.db)).toEqual(expected)
  // Two databases migrated from nothing, a write, a backup and a restore: over the API tests'
  // 30 s on a loaded 2-core machine (33 s in a fresh-clone run), so its own limit.
}, 120_000)
