import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { SESSION_COOKIE } from '#shared/auth.ts'
import { createSession } from '#server/auth/sessions.ts'
import type { Db } from '#server/db/open.ts'
import { rawRows } from '#server/db/raw-rows.ts'
import { sessions, tags, users } from '#server/db/schema.ts'
import { insertTalent, insertUser } from '../support/talent-rows.ts'
import { createTestApp, createTestUser, type TestApp } from '../support/test-app.ts'
import type { Caller, FuzzRequest } from './requests.ts'

/** The remote address of every fuzz request: the login throttle soon locks it (a 429 is fine). */
export const FUZZ_IP = '203.0.113.7'

type Identity = { userId: number; sessionId: number; token: string }

/**
 * Not the API-test fixture (tests/support/api-test.ts): the fuzz files need their app while Vitest
 * collects them, since the routes it lists become the tests, and fixtures exist only once tests run.
 *
 * One app on the engine under test with seeded rows (ids 1..40 name real talents, users and tags)
 * and a signed-in user and admin that the fuzz may damage (log out, deactivate, delete) and that
 * restoreCallers() puts back.
 */
export type FuzzHarness = {
  t: TestApp
  send: (request: FuzzRequest) => Promise<LightMyRequestResponse>
  /** How many rows have been written so far (committed inserts, updates and deletes). */
  writeCount: () => Promise<number>
  restoreCallers: () => Promise<void>
  close: () => Promise<void>
}

const ROLE: Record<Exclude<Caller, 'anonymous'>, 'user' | 'admin'> = {
  user: 'user',
  admin: 'admin',
}

export async function createFuzzHarness(): Promise<FuzzHarness> {
  // A built client, so GET /* (the SPA fallback) is fuzzed too.
  const clientDir = mkdtempSync(path.join(tmpdir(), 'scout-fuzz-client-'))
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Scout</title>')
  const t = await createTestApp({ clientDir })
  // No background work: a job a successful request queued (the duplicate scan a talent write
  // schedules 5 s later) would otherwise write while a later route's refused requests are being
  // counted. What a request queues is still counted: the jobs row it inserts.
  await t.app.jobs.stop()
  await installWriteCounter(t)
  const db = t.database.db
  const identities = new Map<Caller, Identity>()

  async function signIn(caller: Exclude<Caller, 'anonymous'>): Promise<Identity> {
    const { user } = await createTestUser(db, { role: ROLE[caller] })
    // An unreadable hash never matches and costs no argon2 work: the callers sign in by session,
    // and a thousand change-password attempts would otherwise spend half the run hashing.
    await db.update(users).set({ passwordHash: 'not-a-real-hash' }).where(eq(users.id, user.id))
    const { token, sessionId } = await createSession(db, t.config, user.id)
    return { userId: user.id, sessionId, token }
  }

  for (const caller of ['user', 'admin'] as const) identities.set(caller, await signIn(caller))
  for (let i = 0; i < 12; i++) {
    const adder = await insertUser(db, `seeded-${i}@scout.test`, i % 4 === 0 ? 'admin' : 'user')
    await insertTalent(db, {
      fullName: `Seeded Talent ${i}`,
      email: `seeded-talent-${i}@example.com`,
      tags: ['High Potential'],
      addedById: i % 3 === 0 ? null : adder.id,
    })
    await db.insert(tags).values({ name: `Seeded tag ${i}` })
  }

  /** True when both callers still have their session and their role, active, no forced change. */
  async function callersIntact(): Promise<boolean> {
    const expected = [...identities.entries()]
    const rows = await db
      .select({ sessionId: sessions.id, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(
            sessions.id,
            expected.map(([, identity]) => identity.sessionId),
          ),
          eq(users.isActive, true),
          eq(users.mustChangePassword, false),
        ),
      )
    return expected.every(([caller, identity]) =>
      rows.some((row) => row.sessionId === identity.sessionId && row.role === caller),
    )
  }

  async function restoreCallers(): Promise<void> {
    if (await callersIntact()) return
    for (const caller of ['user', 'admin'] as const) {
      const identity = identities.get(caller)
      const [kept] = identity
        ? await db
            .update(users)
            .set({
              role: ROLE[caller],
              isActive: true,
              mustChangePassword: false,
              tempPasswordEnc: null,
            })
            .where(eq(users.id, identity.userId))
            .returning({ id: users.id })
        : []
      if (!identity || !kept) {
        identities.set(caller, await signIn(caller))
        continue
      }
      const [session] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.id, identity.sessionId))
      if (!session) {
        const { token, sessionId } = await createSession(db, t.config, identity.userId)
        identities.set(caller, { ...identity, token, sessionId })
      }
    }
  }

  function authHeaders(request: FuzzRequest): Record<string, string> {
    const identity = request.caller === 'anonymous' ? undefined : identities.get(request.caller)
    if (request.transport === 'forged') {
      return { authorization: `Bearer ${btoa(JSON.stringify({ sid: 'x'.repeat(43), exp: 1 }))}` }
    }
    if (!identity) return {}
    if (request.transport === 'cookie') return { cookie: `${SESSION_COOKIE}=${identity.token}` }
    return { authorization: `Bearer ${identity.token}` }
  }

  return {
    t,
    send: (request) =>
      t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        remoteAddress: FUZZ_IP,
        headers: {
          ...authHeaders(request),
          ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }),
        },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      }),
    writeCount: () => writeCount(t),
    restoreCallers,
    close: async () => {
      await t.close()
      rmSync(clientDir, { recursive: true, force: true })
    },
  }
}

// Tables a refused request may legitimately write: the login throttle counts failures by design,
// and data_versions is a cache counter bumped by statement triggers even when no row changes.
const UNCOUNTED_TABLES = new Set(['login_throttle', 'data_versions', 'sessions', 'fuzz_writes'])

// Columns a read may fill: a talent's phone key is derived, and the duplicate check keys the phones
// an earlier request left unkeyed (an undo puts talents back without it) before it looks.
const UNCOUNTED_COLUMNS: Record<string, readonly string[]> = { talents: ['phone_e164'] }

/**
 * Test-only row triggers that count every committed row change in every table of the public schema
 * (found at run time, so tables later migrations add are counted too). A rolled-back transaction
 * rolls its count back with it, so "the count did not move" means "nothing was written". Sessions
 * count when created or re-pointed, not when their last activity moves or they end.
 */
async function installWriteCounter(t: TestApp): Promise<void> {
  const db = t.database.db
  await db.execute(sql`CREATE TABLE fuzz_writes (n bigint NOT NULL)`)
  await db.execute(sql`INSERT INTO fuzz_writes VALUES (0)`)
  await db.execute(
    sql.raw(`CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$`),
  )
  const tables = await rawRows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  )
  for (const { table_name: name } of tables) {
    if (UNCOUNTED_TABLES.has(name)) continue
    await db.execute(
      sql`CREATE TRIGGER fuzz_count AFTER INSERT OR DELETE OR ${await countedUpdate(db, name)}
          ON ${sql.identifier(name)} FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
    )
  }
  // A session's deletion is not counted: five wrong current passwords end it by design
  // (security rule 30), a refused request that still must leave every other row as it was.
  await db.execute(
    sql`CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OF user_id, secret_hash, expires_at
        ON sessions FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
  )
}

/**
 * `UPDATE`, or `UPDATE OF` the table's columns but its uncounted ones. Generated columns are left
 * out of the list: they change with their source, and PostgreSQL 15 fires a trigger naming one on
 * any update.
 */
async function countedUpdate(db: Db, table: string): Promise<SQL> {
  const uncounted = UNCOUNTED_COLUMNS[table]
  if (!uncounted) return sql`UPDATE`
  const columns = await rawRows<{ column_name: string }>(
    db,
    sql`SELECT column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'`,
  )
  const counted = columns.map((c) => c.column_name).filter((c) => !uncounted.includes(c))
  return sql`UPDATE OF ${sql.join(
    counted.map((c) => sql.identifier(c)),
    sql`, `,
  )}`
}

async function writeCount(t: TestApp): Promise<number> {
  const [row] = await rawRows<{ n: string | number }>(t.database.db, sql`SELECT n FROM fuzz_writes`)
  return Number(row?.n)
}
