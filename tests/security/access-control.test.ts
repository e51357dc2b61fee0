import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { users } from '#server/db/schema.ts'
import { jsonSchemaOf, propertiesOf, type JsonSchema } from '../fuzz/json-schema-arbitrary.ts'
import { insertTalent } from '../support/talent-rows.ts'
import { LAST_ADMIN, SELF_DEACTIVATE, SELF_DELETE, SELF_DEMOTE } from '#server/users/service.ts'
import { apiTestWith, type Caller } from '#tests/support/api-test.ts'
import { testClientDir } from '#tests/support/client-dir.ts'
import { appRoutes, concreteUrl, routeName, WRITE_METHODS } from './support.ts'

// The page routes (GET /*) exist only over a built client.
const test = apiTestWith({ clientDir: testClientDir('security-access') })

describe('security rule 13: deny by default', () => {
  // A new public route must be added here on purpose.
  const PUBLIC = [
    'GET /api/health',
    'POST /api/auth/login',
    'POST /api/auth/logout',
    // The second step of sign-in, and enrolment when an admin requires two-factor. The
    // short-lived, single-use mfaToken from a correct password is their credential: no session yet.
    'POST /api/auth/login/mfa',
    'POST /api/auth/login/mfa/setup',
    'POST /api/auth/login/mfa/enable',
    'GET /robots.txt',
    'GET /favicon.ico',
    'GET /*',
    // The person's own privacy page: the e-mailed link's token is its credential (security
    // rule 59-61), its forms bound to that link.
    'GET /privacy/r/:token',
    'POST /privacy/r/:token',
    'GET /privacy/page.css',
  ]

  test('only the known public routes answer an anonymous caller; every other is a 401', async ({
    api,
  }) => {
    const routes = appRoutes(api.app)
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map(routeName)
        .sort(),
    ).toEqual([...PUBLIC].sort())
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await api.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route),
        payload: WRITE_METHODS.has(route.method) ? {} : undefined,
      })
      expect(response.statusCode, routeName(route)).toBe(401)
    }
  })
})

describe('security rule 14: mass assignment on every write route', () => {
  // Fields no body may set unless the route names them itself (and then only within its rules).
  const FORBIDDEN = [
    'id',
    'passwordHash',
    'secretHash',
    'createdAt',
    'updatedAt',
    'addedById',
    'createdById',
    'userId',
    'role',
    'isActive',
    'mustChangePassword',
    'mfaEnabled',
    'tempPassword',
    'tempPasswordExpiresAt',
    'isAdmin',
  ]
  const ADMIN_ONLY_FIELDS = ['role', 'isActive', 'mustChangePassword', 'mfaEnabled']

  test('every write route refuses each field it does not own, naming it (400)', async ({ api }) => {
    const admin = await api.signIn({ role: 'admin' })
    const talentId = await insertTalent(api.database.db, {
      fullName: 'Mass Assignment',
      email: 'mass@example.com',
    })
    const writes = appRoutes(api.app).filter((r) => WRITE_METHODS.has(r.method))
    const checked: string[] = []
    for (const route of writes) {
      const body = jsonSchemaOf(route.schema?.body)
      if (!body) continue
      const own = new Set(propertiesOf(body).map(([key]) => key))
      for (const field of FORBIDDEN.filter((f) => !own.has(f))) {
        const response = await api.app.inject({
          method: route.method as 'POST',
          url: concreteUrl(route, talentId),
          headers: admin.headers,
          payload: { [field]: field === 'role' ? 'admin' : 1 },
        })
        const what = `${routeName(route)} with ${field}`
        expect(response.statusCode, what).toBe(400)
        expect(response.json(), what).toMatchObject({ fieldErrors: { [field]: ['Unknown field'] } })
      }
      checked.push(routeName(route))
    }
    expect(checked.length).toBeGreaterThanOrEqual(8)
    // The admin's own row is untouched by all of that.
    const [row] = await api.database.db.select().from(users).where(eq(users.id, admin.user.id))
    expect(row).toMatchObject({ role: 'admin', isActive: true, mustChangePassword: false })
  })

  test('a write route either reads a strict body or none; only admin routes take role and status', ({
    api,
  }) => {
    for (const route of appRoutes(api.app).filter((r) => WRITE_METHODS.has(r.method))) {
      const declared = jsonSchemaOf(route.schema?.body)
      if (!declared) continue
      // An optional body (`.nullish()`): the strict object when one is sent, or nothing.
      const body = optionalBodyOf(declared) ?? declared
      expect(body.type, routeName(route)).toBe('object')
      expect(body, routeName(route)).toMatchObject({ additionalProperties: false })
      const own = propertiesOf(body).map(([key]) => key)
      if (own.some((key) => ADMIN_ONLY_FIELDS.includes(key))) {
        expect(route.access, `${routeName(route)} sets ${own.join(', ')}`).toBe('admin')
      }
    }
  })

  test('a talent cannot be credited to someone else, a new one nor an edit', async ({ api }) => {
    const user = await api.signIn()
    const other = await api.signIn()
    const talent = {
      fullName: 'Credit Taker',
      email: 'credit@example.com',
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    } as const
    const create = await api.app.inject({
      method: 'POST',
      url: '/api/talents',
      headers: user.headers,
      payload: { ...talent, addedById: other.user.id },
    })
    expect(create.statusCode).toBe(400)
    expect(create.json()).toMatchObject({
      fieldErrors: { addedById: expect.any(Array) as unknown },
    })
    const id = await insertTalent(api.database.db, { ...talent, addedById: user.user.id })
    const edit = await api.app.inject({
      method: 'PUT',
      url: `/api/talents/${id}`,
      headers: user.headers,
      payload: { ...talent, addedById: other.user.id },
    })
    expect(edit.statusCode).toBe(400)
  })
})

describe('security rule 15: admin self-protection and the last active admin', () => {
  const patch = (who: Caller, id: number, body: object) =>
    who.inject('PATCH', `/api/users/${id}`, body)
  const edit = { role: 'admin', isActive: true, mustChangePassword: false, mfaEnabled: false }

  test('an admin cannot deactivate, demote or delete themself', async ({ api }) => {
    const admin = await api.signIn({ role: 'admin' })
    await api.signIn({ role: 'admin' }) // another active admin: the refusals are about "self"
    const id = admin.user.id
    const deactivate = await patch(admin, id, { ...edit, isActive: false })
    expect([deactivate.statusCode, deactivate.json()]).toEqual([403, { message: SELF_DEACTIVATE }])
    const demote = await patch(admin, id, { ...edit, role: 'user' })
    expect([demote.statusCode, demote.json()]).toEqual([403, { message: SELF_DEMOTE }])
    const remove = await admin.inject('DELETE', `/api/users/${id}`)
    expect([remove.statusCode, remove.json()]).toEqual([403, { message: SELF_DELETE }])
    const [row] = await api.database.db.select().from(users).where(eq(users.id, id))
    expect(row).toMatchObject({ role: 'admin', isActive: true })
  })

  test('two admins demoting each other at once: one wins, one admin stays, no 5xx', async ({
    api,
  }) => {
    // Only these two are active admins now.
    await api.database.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'))
    const a = await api.signIn({ role: 'admin' })
    const b = await api.signIn({ role: 'admin' })
    const [ab, ba] = await Promise.all([
      patch(a, b.user.id, { ...edit, role: 'user' }),
      patch(b, a.user.id, { ...edit, role: 'user' }),
    ])
    const statuses = [ab.statusCode, ba.statusCode].sort()
    expect(statuses[0]).toBe(200)
    expect(statuses[1], `${ab.body} ${ba.body}`).toBeGreaterThanOrEqual(400)
    expect(statuses[1]).toBeLessThan(500)
    const admins = await api.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
    expect(admins).toHaveLength(1)
    // The survivor is now the last active admin, and nobody can remove them.
    const survivor = admins[0]?.id === a.user.id ? a : b
    const demoteLast = await patch(survivor, survivor.user.id, { ...edit, role: 'user' })
    expect(demoteLast.statusCode).toBe(403)
    expect([SELF_DEMOTE, LAST_ADMIN]).toContain(demoteLast.json<{ message: string }>().message)
  })
})

/** The object of a body declared as "this object, or none" (anyOf: object, null). */
function optionalBodyOf(schema: JsonSchema): JsonSchema | undefined {
  const variants = schema.anyOf ?? []
  if (variants.length !== 2 || !variants.some((v) => v.type === 'null')) return undefined
  return variants.find((v) => v.type === 'object')
}
