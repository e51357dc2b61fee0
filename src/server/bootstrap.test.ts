import { expect, vi } from 'vitest'
import { ensureAdmin } from './bootstrap.ts'
import { users } from './db/schema.ts'
import { apiTest as test } from '#tests/support/api-test.ts'
import { loginAs } from '#tests/support/test-app.ts'

const log = { info: vi.fn(), warn: vi.fn() }

test('with ADMIN_PASSWORD: that admin, not forced to change', async ({ api }) => {
  const config = {
    ...api.config,
    adminEmail: 'boss@scout.test',
    adminPassword: 'a-chosen-passphrase',
  }
  const result = await ensureAdmin(api.database.db, config, log)
  expect(result).toEqual({ created: true, email: 'boss@scout.test', generatedPassword: undefined })
  const { user } = await loginAs(api.app, 'boss@scout.test', 'a-chosen-passphrase')
  expect(user).toMatchObject({ role: 'admin', mustChangePassword: false, isActive: true })
})

test('without ADMIN_PASSWORD: a generated strong password that must be changed', async ({
  api,
}) => {
  const result = await ensureAdmin(api.database.db, api.config, log)
  if (!result.created || result.generatedPassword === undefined) throw new Error('not created')
  expect(result.email).toBe('admin@talentpool.local')
  expect(result.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/)
  const { user } = await loginAs(api.app, 'admin@talentpool.local', result.generatedPassword)
  expect(user).toMatchObject({ role: 'admin', mustChangePassword: true })
  const [row] = await api.database.db.select().from(users)
  // Never stored in plain text, and no expiry that could lock the only admin out.
  expect(row?.tempPasswordEnc).toBeNull()
  expect(row?.tempPasswordExpiresAt).toBeNull()
})

test('does nothing when an admin exists', async ({ api }) => {
  await api.makeUser({ role: 'admin' })
  expect(await ensureAdmin(api.database.db, api.config, log)).toEqual({ created: false })
  expect(await api.database.db.select().from(users)).toHaveLength(1)
})

test('creates the admin when only non-admin users exist (a seeded database)', async ({ api }) => {
  await api.makeUser({ role: 'user' })
  const result = await ensureAdmin(api.database.db, api.config, log)
  expect(result).toMatchObject({ created: true, email: 'admin@talentpool.local' })
  expect(await api.database.db.select().from(users)).toHaveLength(2)
})

test('two processes starting at once create one admin', async ({ api }) => {
  const results = await Promise.all([
    ensureAdmin(api.database.db, api.config, log),
    ensureAdmin(api.database.db, api.config, log),
  ])
  expect(results.filter((r) => r.created)).toHaveLength(1)
  expect(await api.database.db.select().from(users)).toHaveLength(1)
})
