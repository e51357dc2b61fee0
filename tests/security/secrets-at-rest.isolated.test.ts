import { resetPasswordResponseSchema } from '#shared/mfa.ts'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect, vi } from 'vitest'
import { adminUserSchema, inviteResponseSchema } from '#shared/user.ts'
import type * as Passwords from '#server/auth/passwords.ts'
import { rawRows } from '#server/db/raw-rows.ts'
import type { Db } from '#server/db/open.ts'
import { users } from '#server/db/schema.ts'
import { isSealed } from '#server/secrets/secret-box.ts'
import { testEngine } from '../support/test-database.ts'
import { apiTestWith, type SignedIn } from '#tests/support/api-test.ts'

// Every temporary password this file issues, so the log and the column can be searched for it.
const { KNOWN_TEMP } = vi.hoisted(() => ({ KNOWN_TEMP: 'Kn0wnTempPassw0rd' }))
vi.mock('#server/auth/passwords.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>()
  return { ...actual, generateTempPassword: () => KNOWN_TEMP }
})

/**
 * Security rule 34 through the API, on the engine under test: temporary passwords are sealed in
 * the database yet shown to admins, and the logs carry neither bound query parameters nor an
 * unknown e-mail as typed.
 */
const engine = testEngine()
let logLines: string[] = []

// The app's log lines, searched for what must not be in them.
const test = apiTestWith(
  { logLevel: 'info' },
  { logStream: { write: (line) => void logLines.push(line) } },
)

test.beforeEach(() => {
  logLines = []
})

async function invite(app: FastifyInstance, admin: SignedIn, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/invite',
    headers: admin.headers,
    payload: { email, firstName: 'Temp', lastName: 'Holder' },
  })
}

async function storedTempPassword(db: Db, email: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ value: users.tempPasswordEnc })
    .from(users)
    .where(eq(users.email, email))
  return row?.value
}

async function adminList(app: FastifyInstance, admin: SignedIn) {
  const response = await app.inject({ url: '/api/users', headers: admin.headers })
  expect(response.statusCode).toBe(200)
  return adminUserSchema.array().parse(response.json())
}

test(`${engine}: security rule 34 — after an invite the column holds ciphertext, and the admin still sees the password`, async ({
  api,
}) => {
  const { app } = api
  const admin = await api.as('admin')
  const response = await invite(app, admin, 'invited@scout.test')
  expect(response.statusCode).toBe(201)
  expect(inviteResponseSchema.parse(response.json()).tempPassword).toBe(KNOWN_TEMP)
  const stored = (await storedTempPassword(api.database.db, 'invited@scout.test')) ?? ''
  expect(isSealed(stored)).toBe(true)
  expect(stored).not.toContain(KNOWN_TEMP)
  const [raw] = await rawRows<{ line: string }>(
    api.database.db,
    sql`select row_to_json(u)::text as line from users u where email = 'invited@scout.test'`,
  )
  expect(raw?.line).toContain('invited@scout.test')
  expect(raw?.line).not.toContain(KNOWN_TEMP)
  const listed = (await adminList(app, admin)).find((u) => u.email === 'invited@scout.test')
  expect(listed?.tempPassword).toBe(KNOWN_TEMP)
})

test(`${engine}: security rule 34 — after an admin reset the column holds ciphertext, and the admin still sees the password`, async ({
  api,
}) => {
  const { app } = api
  const admin = await api.as('admin')
  const other = await api.signIn({ email: 'reset@scout.test' })
  const response = await app.inject({
    method: 'POST',
    url: `/api/users/${other.user.id}/reset-password`,
    headers: admin.headers,
  })
  expect(response.statusCode).toBe(200)
  expect(resetPasswordResponseSchema.parse(response.json()).user.tempPassword).toBe(KNOWN_TEMP)
  const stored = (await storedTempPassword(api.database.db, 'reset@scout.test')) ?? ''
  expect(isSealed(stored)).toBe(true)
  expect(stored).not.toContain(KNOWN_TEMP)
  expect((await adminList(app, admin)).find((u) => u.id === other.user.id)?.tempPassword).toBe(
    KNOWN_TEMP,
  )
})

/** Makes the next write of a users row fail the way PostgreSQL reports a bad row: with its values. */
async function failUserWrites(db: Db, when: 'insert' | 'update') {
  await db.execute(sql`create or replace function scout_test_fail() returns trigger
    language plpgsql as $$ begin
      raise exception 'forced failure' using detail =
        'Failing row contains (' || new.email || ', ' || coalesce(new.temp_password_enc, '') || ')';
    end $$`)
  await db.execute(
    sql.raw(`create trigger scout_test_fail before ${when} on users for each row
             when (new.must_change_password) execute function scout_test_fail()`),
  )
}

async function stopFailing(db: Db) {
  await db.execute(sql`drop trigger if exists scout_test_fail on users`)
}

function expectLogFreeOf(secrets: string[]) {
  const log = logLines.join('')
  expect(log).toContain('forced failure')
  for (const secret of secrets) expect(log).not.toContain(secret)
  expect(log).not.toMatch(/params:|"params"|"detail"|\$argon2id/)
}

test(`${engine}: security rule 34 — a database error during an invite logs no temporary password or bound value`, async ({
  api,
}) => {
  const { app } = api
  const admin = await api.as('admin')
  await failUserWrites(api.database.db, 'insert')
  try {
    const response = await invite(app, admin, 'doomed@scout.test')
    expect(response.statusCode).toBe(500)
  } finally {
    await stopFailing(api.database.db)
  }
  expectLogFreeOf([KNOWN_TEMP, 'doomed@scout.test'])
})

test(`${engine}: security rule 34 — a database error during a reset logs no temporary password or bound value`, async ({
  api,
}) => {
  const { app } = api
  const admin = await api.as('admin')
  const other = await api.signIn({ email: 'unlucky@scout.test' })
  await failUserWrites(api.database.db, 'update')
  try {
    const response = await app.inject({
      method: 'POST',
      url: `/api/users/${other.user.id}/reset-password`,
      headers: admin.headers,
    })
    expect(response.statusCode).toBe(500)
  } finally {
    await stopFailing(api.database.db)
  }
  expectLogFreeOf([KNOWN_TEMP, 'unlucky@scout.test'])
})

test(`${engine}: security rule 34 — a login with an unknown e-mail does not log what was typed`, async ({
  api,
}) => {
  const { app } = api
  // A password typed into the e-mail box, the classic way one reaches a log.
  const typed = 'Hunter2-In-The-Wrong-Box'
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: typed, password: 'whatever-it-was' },
  })
  expect(response.statusCode).toBe(401)
  const failures = logLines.filter((line) => line.includes('"login_failure"'))
  expect(failures).toHaveLength(1)
  expect(failures[0]).toContain('"reason":"unknown_email"')
  expect(failures[0]).toMatch(/"emailHash":"[\w-]{16}"/)
  expect(logLines.join('').toLowerCase()).not.toContain(typed.toLowerCase())
})
