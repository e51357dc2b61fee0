import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, type Db, type Engine, type OpenDatabase } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import {
  activityLog,
  loginThrottle,
  sessions,
  tags,
  talents,
  users,
} from '../../src/server/db/schema.ts'
import { encryptSecret, generateSecretKey } from '../../src/server/secrets/secret-box.ts'
import { createUnmigratedPglite } from '#tests/support/test-database.ts'
import { listTables } from './catalog.ts'

/** The temporary password of the populated database, and how it is stored (security rule 34). */
export const BACKUP_TEST_TEMP_PASSWORD = 'Tmp-Pass-9f8e7d'
export const BACKUP_TEST_KEY = generateSecretKey()
const BACKUP_TEST_SEALED = encryptSecret(
  BACKUP_TEST_KEY,
  BACKUP_TEST_TEMP_PASSWORD,
  'users.temp_password',
)

/**
 * Text that breaks naive dumps: line breaks of every kind, quotes, backslashes, JSON and array
 * syntax, odd Unicode. (PostgreSQL text cannot hold NUL, so neither can Scout.)
 */
export const AWKWARD_TEXT =
  'Line one\nline two\r\nthree\rfour\ttab "double" \'single\' back\\slash ' +
  '\u2028sep\u2029 Zoë 渡辺 結衣 🎉 ,{}[]:'

/** Microseconds matter: a JavaScript Date would drop them; the backup must not. */
const T = (micros: string) => sql`${`2025-03-04 05:06:07.${micros}+00`}::timestamptz`

/**
 * A populated database for the round trip: several users (hashes, temporary passwords, nulls),
 * sessions, default and custom tags, 1,500 talents (more than one restore batch of 1,000) with tags,
 * statuses, nulls and Unicode, activity rows with nested jsonb, and throttle rows.
 */
export async function populate(db: Db): Promise<void> {
  const people = await db
    .insert(users)
    .values([
      {
        email: 'admin@scout.test',
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$aGFzaA$x',
        role: 'admin',
        firstName: 'Zoë',
        lastName: 'Ångström',
      },
      {
        email: 'temp@scout.test',
        passwordHash: 'hash-2',
        mustChangePassword: true,
        tempPasswordEnc: BACKUP_TEST_SEALED,
        tempPasswordExpiresAt: new Date('2030-01-01T00:00:00Z'),
      },
      {
        email: 'gone@scout.test',
        passwordHash: 'hash-3',
        isActive: false,
        firstName: AWKWARD_TEXT,
        emailNotifications: false,
      },
    ])
    .returning({ id: users.id })
  const ids = people.map((p) => p.id)
  const [admin, temp] = ids
  await db.insert(sessions).values([
    {
      userId: admin ?? 0,
      secretHash: 'a'.repeat(64),
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      ip: '127.0.0.1',
      userAgent: AWKWARD_TEXT,
    },
    { userId: temp ?? 0, secretHash: 'b'.repeat(64), expiresAt: new Date('2030-01-02T00:00:00Z') },
  ])
  await db.insert(tags).values([
    { name: 'Ünïcode ✓', createdById: admin },
    { name: 'comma, "quoted" {brace}', createdById: temp },
  ])
  await db.execute(sql`
    insert into ${talents} (full_name, email, phone, linkedin_url, area_of_interest, seniority_level,
                            notes, tags, status, added_by_id, created_at, updated_at)
    select case when i % 7 = 0 then ${AWKWARD_TEXT} else 'Talent ' || i end,
           'talent' || i || '@example.test',
           case when i % 3 = 0 then null else '+49 30 ' || i end,
           case when i % 5 = 0 then 'https://www.linkedin.com/in/t' || i else null end,
           (array['Science','Design','Law & Ethics'])[1 + i % 3],
           (array['intern','junior','mid','senior','exec'])[1 + i % 5],
           case when i % 11 = 0 then repeat('x', 10000) when i % 2 = 0 then ${AWKWARD_TEXT} else null end,
           case when i % 4 = 0 then array['High Potential', 'comma, "quoted" {brace}', 'Ünïcode ✓']
                else '{}'::text[] end,
           case when i % 6 = 0 then array['Hired', 'Needs Updating'] else '{}'::text[] end,
           case when i % 9 = 0 then null else ${admin}::int end,
           ${T('123456')} + i * interval '1 second', ${T('654321')} + i * interval '1 minute'
    from generate_series(1, 1500) as i`)
  await db.insert(activityLog).values([
    {
      userId: admin,
      action: 'talent.created',
      entityType: 'talent',
      entityId: 1,
      details: { fullName: AWKWARD_TEXT, n: 1.5, nested: { list: [1, null, 'ü'] } },
    },
    { userId: null, action: 'user.deleted', entityType: 'user', entityId: null, details: null },
  ])
  await db.insert(loginThrottle).values([
    { key: 'ip:127.0.0.1', consecutiveFailures: 3, windowFailures: 3, lockedUntil: null },
    {
      key: 'account:temp@scout.test',
      consecutiveFailures: 11,
      windowFailures: 12,
      lockedUntil: new Date('2030-01-01T00:10:00Z'),
    },
  ])
  // A gap in the ids: restored sequences must continue after the largest, not the count.
  await db.delete(talents).where(sql`${talents.id} = 1200`)
}

/** Every row of every table, as PostgreSQL renders it (UTC), in primary-key order. */
export async function allRows(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`)
    const result: Record<string, string[]> = {}
    for (const table of await listTables(tx)) {
      const order = sql.join(
        table.primaryKey.map((c) => sql.identifier(c)),
        sql`, `,
      )
      const rows = await rawRows<{ line: string }>(
        tx,
        sql`select row_to_json(t)::text as line from ${sql.identifier(table.name)} t order by ${order}`,
      )
      result[table.name] = rows.map((r) => r.line)
    }
    return result
  })
}

/**
 * A brand-new database without Scout's schema (a new DATA_DIR, or after `createdb`); on
 * PostgreSQL its close() drops it.
 */
export async function createUnmigratedDatabase(engine: Engine): Promise<OpenDatabase> {
  if (engine === 'pglite') return createUnmigratedPglite()
  const adminUrl = process.env.TEST_DATABASE_URL ?? ''
  const name = `scout_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolMax: 2 })
  return {
    ...database,
    close: async () => {
      await database.close()
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}
