import { test } from 'vitest'
import type { Db } from '#server/db/open.ts'
import { createTestDatabase, emptyTables, type TestDatabase } from './test-database.ts'

/**
 * The fixture of tests that work on the database without an app (services, jobs, scripts), as
 * api-test.ts is of those that call the routes.
 *
 *   import { databaseTest as test } from '#tests/support/database-test.ts'
 *   test('…', async ({ db }) => { … })          // every table emptied before the test
 *   test.beforeAll(async ({ database }) => …)   // or seed once, and read `database.db` after
 *
 * - `database`: a migrated database of the file's own on the engine under test, made on first
 *   use and closed after the file; it starts as the migrations leave it (the default tags in).
 * - `db`: its handle, every table emptied before each test that asks for it.
 *
 * A table of cases is `test.for(cases)(…)`: `test.each` passes no fixtures. A fixture has one
 * onCleanup, so a file's extra resources are fixtures of their own (app.test.ts).
 */
export const databaseTest = test
  // Vitest reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  .extend('database', { scope: 'file' }, async ({}, { onCleanup }): Promise<TestDatabase> => {
    const database = await createTestDatabase()
    onCleanup(() => database.close())
    return database
  })
  .extend('db', async ({ database }): Promise<Db> => {
    await emptyTables(database)
    return database.db
  })
