import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { test } from 'vitest'
import { SESSION_COOKIE } from '#shared/auth.ts'
import { DEFAULT_TAGS } from '#shared/talent.ts'
import { createSession } from '#server/auth/sessions.ts'
import type { Config } from '#server/config.ts'
import { tags } from '#server/db/schema.ts'
import type { UserRow } from '#server/db/rows.ts'
import type { CreateUserInput } from '#server/users/service.ts'
import { insertTalent, type TalentSeed } from './talent-rows.ts'
import { createTestApp, createTestUser, type TestApp, type TestLog } from './test-app.ts'
import { emptyTables } from './test-database.ts'

/**
 * The one API-test fixture: one app per test file on the engine under test, every table
 * emptied before each test, callers per role and row factories.
 *
 *   import { apiTest as test } from '#tests/support/api-test.ts'
 *   test('…', async ({ api }) => {
 *     const response = await (await api.as('admin')).inject('GET', '/api/users')
 *   })
 *
 * A file that needs other settings makes its own fixture at its top (Vitest refuses a file-scoped
 * fixture made inside a describe):
 *   const test = apiTestWith({ loginMaxAttempts: 2 })
 * A table of cases is `test.for(cases)(name, (row, { api }) => …)`: `test.each` passes no fixtures.
 */

export const ROLES = ['admin', 'user', 'otherUser', 'mustChange', 'inactive', 'anonymous'] as const
export type Principal = (typeof ROLES)[number]

type Method = NonNullable<InjectOptions['method']>

export type Caller = {
  role: Principal
  /** The caller's row; undefined for anonymous. */
  user: UserRow | undefined
  token: string | undefined
  sessionId: number | undefined
  /** Authorization: Bearer (what Scout's client sends); empty for anonymous. */
  headers: { authorization?: string }
  /** The session cookie alone, as a browser sends it on a plain link or a form. */
  cookie: { cookie?: string }
  inject: (method: Method, url: string, body?: object) => Promise<LightMyRequestResponse>
}

/** What each principal is, as a user row (a session is minted for it directly: no argon2). */
const PRINCIPALS: Record<Exclude<Principal, 'anonymous'>, Partial<CreateUserInput>> = {
  admin: { role: 'admin' },
  user: { role: 'user' },
  otherUser: { role: 'user' },
  mustChange: { role: 'user', mustChangePassword: true },
  // Security rule 9: a session minted for a deactivated user must not work.
  inactive: { role: 'user', isActive: false },
}

export type SignedIn = Caller & { user: UserRow; token: string; sessionId: number }

export type Api = TestApp & {
  /** The caller for a role, made on first use in a test and the same for the rest of it. */
  as: {
    (role: 'anonymous'): Promise<Caller>
    (role: Exclude<Principal, 'anonymous'>): Promise<SignedIn>
    (role: Principal): Promise<Caller>
  }
  /** A caller for a fresh user (each call a new one): for tests that need several of a role. */
  signIn: (overrides?: Partial<CreateUserInput>) => Promise<SignedIn>
  makeUser: (overrides?: Partial<CreateUserInput>) => Promise<UserRow>
  makeTalent: (seed?: Partial<TalentSeed>) => Promise<number>
  makeTag: (name: string, createdById?: number) => Promise<number>
  /** The four tags the migrations seed (spec section 9), which emptying the tables removed. */
  makeDefaultTags: () => Promise<void>
  /** Empties every table and forgets the callers: for a seeded file's next data set. */
  reset: () => Promise<void>
}

function anonymousCaller(t: TestApp): Caller {
  return {
    role: 'anonymous',
    user: undefined,
    token: undefined,
    sessionId: undefined,
    headers: {},
    cookie: {},
    inject: (method, url, body) =>
      t.app.inject({ method, url, ...(body === undefined ? {} : { payload: body }) }),
  }
}

function signedInCaller(
  t: TestApp,
  role: Principal,
  session: { user: UserRow; token: string; sessionId: number },
): SignedIn {
  const headers = { authorization: `Bearer ${session.token}` }
  return {
    role,
    ...session,
    headers,
    cookie: { cookie: `${SESSION_COOKIE}=${session.token}` },
    inject: (method, url, body) =>
      t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body }) }),
  }
}

function apiOver(t: TestApp): Api {
  const db = t.database.db
  const callers = new Map<Principal, Promise<SignedIn>>()
  let counter = 0

  const makeUser = async (overrides: Partial<CreateUserInput> = {}) =>
    (await createTestUser(db, overrides)).user

  const signInAs = async (role: Principal, overrides: Partial<CreateUserInput> = {}) => {
    const user = await makeUser(overrides)
    const { token, sessionId } = await createSession(db, t.config, user.id)
    return signedInCaller(t, role, { user, token, sessionId })
  }

  function as(role: 'anonymous'): Promise<Caller>
  function as(role: Exclude<Principal, 'anonymous'>): Promise<SignedIn>
  function as(role: Principal): Promise<Caller>
  function as(role: Principal): Promise<Caller> {
    if (role === 'anonymous') return Promise.resolve(anonymousCaller(t))
    let caller = callers.get(role)
    if (!caller) {
      caller = signInAs(role, PRINCIPALS[role])
      callers.set(role, caller)
    }
    return caller
  }

  const makeTalent = (seed: Partial<TalentSeed> = {}) => {
    counter++
    return insertTalent(db, {
      fullName: `Talent ${counter}`,
      email: `talent-${counter}@example.com`,
      ...seed,
    })
  }

  const makeTag = async (name: string, createdById?: number) => {
    const [row] = await db.insert(tags).values({ name, createdById }).returning({ id: tags.id })
    if (!row) throw new Error(`tag ${name} not inserted`)
    return row.id
  }

  const makeDefaultTags = async () => {
    await db.insert(tags).values(DEFAULT_TAGS.map((name) => ({ name })))
  }

  const reset = async () => {
    await emptyTables(t.database)
    callers.clear()
  }

  return {
    ...t,
    as,
    reset,
    signIn: (overrides) => signInAs(overrides?.role === 'admin' ? 'admin' : 'user', overrides),
    makeUser,
    makeTalent,
    makeTag,
    makeDefaultTags,
  }
}

function serverFixture(appConfig: Partial<Config>, log: TestLog) {
  return test
    .extend('appConfig', { scope: 'file' }, appConfig)
    .extend('server', { scope: 'file' }, async ({ appConfig }, { onCleanup }) => {
      const t = await createTestApp(appConfig, log)
      onCleanup(() => t.close())
      return t
    })
}

/**
 * The fixture over an app with these settings. Not `test.override('appConfig', …)`: the API
 * projects run with `isolate: false`, so a worker shares this module among the files it runs, and
 * a top-level override replaces the shared fixture's settings for every later file in the worker
 * (a dry-run test's `dryRunWaitMs: 0` failed the import routes' tests that ran after it).
 */
export function apiTestWith(appConfig: Partial<Config>, log: TestLog = {}) {
  // Test-scoped: each test starts from empty tables (emptying takes milliseconds; a fresh
  // database per test would not).
  return serverFixture(appConfig, log).extend('api', async ({ server }) => {
    await emptyTables(server.database)
    return apiOver(server)
  })
}

export const apiTest = apiTestWith({})

/**
 * For a file whose tests read one data set seeded once (reports over a known pool, a list over
 * 10 MB of rows): `api` lives as long as the file, its tables emptied when the file starts, so a
 * suite seeds in `test.beforeAll(async ({ api }) => …)` and its tests share the rows and callers.
 * A later suite that needs other rows starts with `api.reset()`.
 */
export function seededApiTestWith(appConfig: Partial<Config>, log: TestLog = {}) {
  return serverFixture(appConfig, log).extend('api', { scope: 'file' }, async ({ server }) => {
    await emptyTables(server.database)
    return apiOver(server)
  })
}

export const seededApiTest = seededApiTestWith({})
