import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { z } from 'zod'
import { talentSchema } from '#shared/talent.ts'
import { userSchema } from '#shared/user.ts'
import { ensureAdmin } from '../bootstrap.ts'
import { users } from '../db/schema.ts'
import { apiTestWith } from '#tests/support/api-test.ts'
import { loginAs } from '#tests/support/test-app.ts'

// "the default admin account" of spec section 6 is marked by the server, so the
// 'Edit Profile' rule holds with a custom ADMIN_EMAIL and no browser compares addresses.
const test = apiTestWith({
  adminEmail: 'chief@example.com',
  adminPassword: 'a-chosen-passphrase',
})

const log = { info: () => {}, warn: () => {} }

async function meOf(inject: (method: 'GET', url: string) => Promise<{ json: () => unknown }>) {
  return userSchema.parse((await inject('GET', '/api/auth/me')).json())
}

test('the account the bootstrap creates at a custom ADMIN_EMAIL is the default admin; no other is', async ({
  api,
}) => {
  expect(await ensureAdmin(api.database.db, api.config, log)).toMatchObject({ created: true })
  const chief = await loginAs(api.app, 'chief@example.com', 'a-chosen-passphrase')
  expect(chief.user).toMatchObject({ email: 'chief@example.com', isDefaultAdmin: true })
  const me = await api.app.inject({ url: '/api/auth/me', headers: chief.headers })
  expect(userSchema.parse(me.json()).isDefaultAdmin).toBe(true)

  // Another admin, a user, and one holding the address of ADMIN_EMAIL's default: not it.
  const admin = await api.as('admin')
  const user = await api.as('user')
  const namesake = await api.signIn({ email: 'admin@talentpool.local', role: 'admin' })
  expect((await meOf(admin.inject)).isDefaultAdmin).toBe(false)
  expect((await meOf(user.inject)).isDefaultAdmin).toBe(false)
  expect((await meOf(namesake.inject)).isDefaultAdmin).toBe(false)

  // The admin's user list carries it too (the one user shape).
  const list = z.array(userSchema).parse((await admin.inject('GET', '/api/users')).json())
  const marked = list.filter((row) => row.isDefaultAdmin).map((row) => row.email)
  expect(marked).toEqual(['chief@example.com'])
})

test("each talent's adder says whether it is the default admin, in the list and the detail", async ({
  api,
}) => {
  await ensureAdmin(api.database.db, api.config, log)
  const [chief] = await api.database.db
    .select()
    .from(users)
    .where(eq(users.email, 'chief@example.com'))
  if (!chief) throw new Error('no default admin')
  const other = await api.makeUser({ email: 'admin@talentpool.local', role: 'admin' })
  const byChief = await api.makeTalent({ addedById: chief.id })
  const byOther = await api.makeTalent({ addedById: other.id })
  const viewer = await api.as('user')

  const detail = async (id: number) =>
    talentSchema.parse((await viewer.inject('GET', `/api/talents/${id}`)).json()).addedByUser
  expect(await detail(byChief)).toMatchObject({ email: 'chief@example.com', isDefaultAdmin: true })
  expect(await detail(byOther)).toMatchObject({
    email: 'admin@talentpool.local',
    isDefaultAdmin: false,
  })

  const list = z.array(talentSchema).parse((await viewer.inject('GET', '/api/talents')).json())
  const flags = Object.fromEntries(list.map((t) => [t.id, t.addedByUser?.isDefaultAdmin]))
  expect(flags).toEqual({ [byChief]: true, [byOther]: false })
})

test('a database made before the marker adopts the ADMIN_EMAIL account once; renaming ADMIN_EMAIL later moves nothing', async ({
  api,
}) => {
  const db = api.database.db
  const chief = await api.makeUser({ email: 'chief@example.com', role: 'admin' })
  const later = await api.makeUser({ email: 'later@example.com', role: 'admin' })
  expect(await ensureAdmin(db, api.config, log)).toEqual({ created: false })
  const flagged = async () =>
    (await db.select().from(users).where(eq(users.isDefaultAdmin, true))).map((row) => row.id)
  expect(await flagged()).toEqual([chief.id])

  await ensureAdmin(db, { ...api.config, adminEmail: 'later@example.com' }, log)
  expect(await flagged()).toEqual([chief.id])
  expect(later.isDefaultAdmin).toBe(false)
})
