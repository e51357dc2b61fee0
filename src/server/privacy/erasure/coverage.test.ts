import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { rawRows } from '../../db/raw-rows.ts'
import { apiTest as test } from '#tests/support/api-test.ts'
import { ERASED, NO_TALENT_DATA } from './coverage.ts'

/**
 * Security rule 50: every column of every table of the live schema (after all migrations, on
 * this engine) is either reached by erasure or declared to hold no talent's personal data, with a
 * reason. A new column in neither list fails here, so the next feature cannot forget erasure.
 */
test('every column of every table is covered by erasure or declared as holding no talent data', async ({
  api,
}) => {
  const rows = await rawRows<{ name: string }>(
    api.database.db,
    sql`SELECT table_name || '.' || column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' ORDER BY 1`,
  )
  const live = rows.map((r) => r.name)
  expect(live.length).toBeGreaterThan(100)
  const uncovered = live.filter((name) => !(name in ERASED) && !(name in NO_TALENT_DATA))
  expect(uncovered, 'columns neither erased nor declared in privacy/erasure/coverage.ts').toEqual(
    [],
  )
  const both = Object.keys(ERASED).filter((name) => name in NO_TALENT_DATA)
  expect(both, 'columns in both lists').toEqual([])
  // Entries for columns that no longer exist would hide a rename.
  const stale = [...Object.keys(ERASED), ...Object.keys(NO_TALENT_DATA)].filter(
    (name) => !live.includes(name),
  )
  expect(stale, 'entries naming no live column').toEqual([])
  for (const reason of [...Object.values(ERASED), ...Object.values(NO_TALENT_DATA)]) {
    expect(reason.trim().length).toBeGreaterThan(5)
  }
})
