/**
 * How long each Reports endpoint takes ("the queries stay fast at 100,000 talents"), in
 * this process through app.inject: cold (a new data version before every call, as after a write,
 * i.e. the SQL aggregates themselves) and warm (what a second visitor before the next write gets). Run it on an idle,
 * seeded database (PGlite: no server on DATA_DIR). The first run adds synthetic activity entries
 * (created/updated/deleted/sign-ins, ~3 per talent) when the log has few, since the seed writes none.
 *
 *   DATA_DIR=/tmp/scout-reports-data node --import tsx bench/reports.ts --engine pglite [--runs 20]
 *   DATABASE_URL=postgres://… node --import tsx bench/reports.ts --engine postgres
 */
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/server/app.ts'
import { createSession } from '../src/server/auth/sessions.ts'
import { loadConfig } from '../src/server/config.ts'
import type { Db } from '../src/server/db/open.ts'
import { rawRows } from '../src/server/db/raw-rows.ts'
import { findUserByEmail } from '../src/server/auth/accounts.ts'
import { BENCH_ACCOUNT } from './lib/account.ts'
import { parseCommonArgs } from './lib/cli.ts'
import { openBenchDatabase, prepareDatabase } from './lib/database.ts'
import { timed } from './lib/plan.ts'
import { markdownTable, ms } from './lib/report.ts'

const ENDPOINTS = ['/api/reports/overview', '/api/reports/sources', '/api/reports/engagement']

async function countRows(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, query)
  return row?.n ?? 0
}

/** The seed writes no activity; give the log a realistic shape once (~3 entries per talent). */
async function ensureActivity(db: Db): Promise<number> {
  const talents = await countRows(db, sql`select count(*)::int as n from talents`)
  const have = await countRows(db, sql`select count(*)::int as n from activity_log`)
  if (have >= talents) return have
  console.log('  adding synthetic activity entries…')
  await db.execute(sql`
    insert into activity_log (user_id, action, entity_type, entity_id, created_at, updated_at)
    select added_by_id, 'talent.created', 'talent', id, created_at, created_at from talents`)
  await db.execute(sql`
    insert into activity_log (user_id, action, entity_type, entity_id, created_at, updated_at)
    select added_by_id, 'talent.updated', 'talent', id, updated_at, updated_at
    from talents where updated_at > created_at`)
  // Recent edits, deletes and sign-ins over the last year, so the weekly window is busy.
  await db.execute(sql`
    insert into activity_log (user_id, action, entity_type, entity_id, created_at, updated_at)
    select null, action, case when action = 'session.signed_in' then 'session' else 'talent' end,
      i % ${talents + 1}, now() - (i % 365) * interval '1 day', now()
    from generate_series(1, ${talents}) as i,
      lateral (select (array['talent.updated', 'talent.updated', 'talent.deleted',
        'session.signed_in'])[1 + (i % 4)] as action) as a`)
  await db.execute(sql`analyze activity_log`)
  return countRows(db, sql`select count(*)::int as n from activity_log`)
}

async function main(): Promise<void> {
  const args = parseCommonArgs()
  const runs = Math.max(args.runs, 20)
  const talents = await prepareDatabase(args.target, args.talents)
  const database = await openBenchDatabase(args.target)
  try {
    const { db } = database
    // The schema may have moved on since the database was seeded.
    await database.migrate()
    const activity = await ensureActivity(db)
    const config = loadConfig({ CLIENT_DIR: '/nonexistent' })
    const app = await buildApp({ database, config, logger: { level: 'error' } })
    await app.ready()
    const user = await findUserByEmail(db, BENCH_ACCOUNT.email)
    if (!user) throw new Error(`${BENCH_ACCOUNT.email} is missing`)
    const { token } = await createSession(db, config, user.id)
    const call = async (url: string) => {
      const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } })
      if (response.statusCode !== 200) {
        throw new Error(`${url}: ${response.statusCode} ${response.body}`)
      }
    }
    const rows: string[][] = []
    for (const url of ENDPOINTS) {
      // Cold: a new data version, as after any write, so nothing cached answers.
      const cold = await timed(async () => {
        await db.execute(sql`UPDATE data_versions SET version = version + 1 WHERE name = 'talents'`)
        return call(url)
      }, runs)
      const warm = await timed(() => call(url), runs)
      rows.push([url, ms(cold.median), ms(cold.p95), ms(warm.median), ms(warm.p95)])
    }
    console.log(
      `\n${database.engine}: ${talents.toLocaleString('en')} talents, ` +
        `${activity.toLocaleString('en')} activity entries, ${runs} calls each\n`,
    )
    console.log(
      markdownTable(['endpoint', 'cold median', 'cold p95', 'cached median', 'cached p95'], rows),
    )
    await app.close()
  } finally {
    await database.release()
  }
}

await main()
