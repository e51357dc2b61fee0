import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { SESSION_COOKIE } from '#shared/auth.ts'
import { userSchema, type User } from '#shared/user.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig, type Config } from '#server/config.ts'
import type { Db } from '#server/db/open.ts'
import { createTestDatabase, TEST_POOL_MAX, type TestDatabase } from './test-database.ts'
import { hashPassword } from '#server/auth/passwords.ts'
import { generateSecretKey } from '#server/secrets/secret-box.ts'
import { sealTempPassword } from '#server/users/temp-password.ts'
import { users } from '#server/db/schema.ts'
import { createUser, type CreateUserInput } from '#server/users/service.ts'
import { normalizeEmail } from '#server/auth/accounts.ts'
import type { UserRow } from '#server/db/rows.ts'

export const TEST_PASSWORD = 'Correct-Horse-Battery-42'

/** The SECRET_KEY of every test app in this file (security rule 34). */
export const TEST_SECRET_KEY = generateSecretKey()

/** A temporary password as users.temp_password_enc stores it under TEST_SECRET_KEY. */
export function sealedTempPassword(plain: string): string | null {
  return sealTempPassword(TEST_SECRET_KEY, plain)
}

/** Defaults plus overrides; CLIENT_DIR points nowhere unless a test gives it a folder. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ CLIENT_DIR: path.join(tmpdir(), 'scout-test-no-client') })
  // No scheduled sweep: tests set up expired rows on purpose (housekeeping tests run it directly).
  // A dry run answers its result however loaded the machine (dry-run-job.test.ts sees the 202).
  return {
    ...base,
    secretKey: TEST_SECRET_KEY,
    housekeepingIntervalMs: 0,
    retentionCheckMs: 0,
    dryRunWaitMs: 60_000,
    databasePoolMax: TEST_POOL_MAX,
    ...overrides,
  }
}

export type TestApp = {
  app: FastifyInstance
  database: TestDatabase
  config: Config
  close: () => Promise<void>
}

/** Where a test app's JSON log lines go; by default it logs nothing. */
export type TestLog = { logStream?: { write: (line: string) => void } }

/** A fresh migrated database on the engine under test and an app over it (not listening). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { logStream }: TestLog = {},
): Promise<TestApp> {
  const config = testConfig(overrides)
  const database = await createTestDatabase(undefined, {
    statementTimeoutMs: config.statementTimeoutMs,
  })
  const app = await buildApp({
    database,
    config,
    ...(logStream ? { logStream } : { logger: false }),
  })
  await app.ready()
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

let userCounter = 0
let testPasswordHash: Promise<string> | undefined

/** A user with TEST_PASSWORD unless overridden; returns the row and the plain password. */
export async function createTestUser(
  db: Db,
  overrides: Partial<CreateUserInput> = {},
): Promise<{ user: UserRow; password: string }> {
  userCounter++
  const { password = TEST_PASSWORD, ...rest } = overrides
  const input = {
    email: `user${userCounter}@scout.test`,
    firstName: 'Test',
    lastName: 'Person',
    ...rest,
  }
  if (password !== TEST_PASSWORD)
    return { user: await createUser(db, { ...input, password }), password }
  // argon2 is deliberately slow; hash the shared test password once per test file.
  testPasswordHash ??= hashPassword(TEST_PASSWORD)
  const [user] = await db
    .insert(users)
    .values({ ...input, email: normalizeEmail(input.email), passwordHash: await testPasswordHash })
    .returning()
  if (!user) throw new Error('Inserting a test user returned no row')
  return { user, password }
}

export type LoggedIn = {
  token: string
  /** The Cookie request header value carrying the session cookie. */
  cookie: string
  headers: { authorization: string }
  user: User
}

/** Signs in through POST /api/auth/login and fails the test unless it answers 200. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<LoggedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  })
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json<{ token: string; user: unknown }>()
  // Over an https PUBLIC_URL the cookie carries the __Host- prefix (security rule 35).
  const cookie = response.cookies.find((c) => c.name.replace(/^__Host-/, '') === SESSION_COOKIE)
  expect(cookie?.value).toBe(body.token)
  return {
    token: body.token,
    cookie: `${cookie?.name ?? SESSION_COOKIE}=${body.token}`,
    headers: { authorization: `Bearer ${body.token}` },
    user: userSchema.parse(body.user),
  }
}
