import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { ensureAdmin } from './bootstrap.ts'
import { users } from './db/schema.ts'
import { truncateAll } from '#tests/support/test-database.ts'
import { createTestApp, createTestUser, loginAs, type TestApp } from '#tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})
beforeEach(async () => {
  await truncateAll(t.database)
})

const log = { info: vi.fn(), warn: vi.fn() }

test('with ADMIN_PASSWORD: that admin, not forced to change', async () => {
  const config = {
    ...t.config,
    adminEmail: 'boss@scout.test',
    adminPassword: 'a-chosen-passphrase',
  }
  const result = await ensureAdmin(t.database.db, config, log)
  expect(result).toEqual({ created: true, email: 'boss@scout.test', generatedPassword: undefined })
  const { user } = await loginAs(t.app, 'boss@scout.test', 'a-chosen-passphrase')
  expect(user).toMatchObject({ role: 'admin', mustChangePassword: false, isActive: true })
})

test('without ADMIN_PASSWORD: a generated strong password that must be changed', async () => {
  const result = await ensureAdmin(t.database.db, t.config, log)
  if (!result.created || result.generatedPassword === undefined) throw new Error('not created')
  expect(result.email).toBe('admin@talentpool.local')
  expect(result.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/)
  const { user } = await loginAs(t.app, 'admin@talentpool.local', result.generatedPassword)
  expect(user).toMatchObject({ role: 'admin', mustChangePassword: true })
  const [row] = await t.database.db.select().from(users)
  // Never stored in plain text, and no expiry that could lock the only admin out.
  expect(row?.tempPasswordEnc).toBeNull()
  expect(row?.tempPasswordExpiresAt).toBeNull()
})

test('does nothing when an admin exists', async () => {
  await createTestUser(t.database.db, { role: 'admin' })
  expect(await ensureAdmin(t.database.db, t.config, log)).toEqual({ created: false })
  expect(await t.database.db.select().from(users)).toHaveLength(1)
})

test('creates the admin when only non-admin users exist (a seeded database)', async () => {
  await createTestUser(t.database.db, { role: 'user' })
  const result = await ensureAdmin(t.database.db, t.config, log)
  expect(result).toMatchObject({ created: true, email: 'admin@talentpool.local' })
  expect(await t.database.db.select().from(users)).toHaveLength(2)
})

test('two processes starting at once create one admin', async () => {
  const results = await Promise.all([
    ensureAdmin(t.database.db, t.config, log),
    ensureAdmin(t.database.db, t.config, log),
  ])
  expect(results.filter((r) => r.created)).toHaveLength(1)
  expect(await t.database.db.select().from(users)).toHaveLength(1)
})
