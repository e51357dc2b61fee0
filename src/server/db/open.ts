import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { serverPath } from '../server-files.ts'
import type { WatchChanges } from './change-notices.ts'
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from './pglite-settings.ts'
import { PgliteThread } from './pglite-thread.ts'
import * as schema from './schema.ts'

/** The one database type services take: a drizzle database or a transaction, on either engine. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export const migrationsFolder = serverPath('db/migrations')

export type Engine = 'pglite' | 'postgres'

/** Migration 0006's notification channel. */
const AUTH_CHANGE_CHANNEL = 'scout_auth_change'

/** How long a new PostgreSQL connection may take before the request fails (503). */
const CONNECT_TIMEOUT_MS = 5_000

export type OpenDatabase = {
  db: Db
  engine: Engine
  /**
   * Applies drizzle-kit's generated migrations (drizzle-orm's migrate(), not drizzle-kit).
   * `folder` defaults to ours; db:restore passes a copy cut at the backup's migration.
   */
  migrate: (folder?: string) => Promise<void>
  /** Round-trips a trivial query; false when the database cannot be reached. */
  ping: () => Promise<boolean>
  /**
   * Embedded engine only: calls back whenever sessions, users or data versions change, before
   * the changing query returns, with the notification's payload (migrations 0006, 0022 and 0026;
   * read by change-notices.ts).
   */
  watchAuthChanges?: WatchChanges
  close: () => Promise<void>
}

export type DatabaseTarget =
  | {
      engine: 'pglite'
      dataDir: string | undefined
      pglite?: PGlite
      /**
       * Run the engine on a thread of its own (pglite-thread.ts): the server does, so a long
       * statement never holds the thread that answers requests. Scripts and tests run it on theirs.
       */
      ownThread?: boolean
    }
  | {
      engine: 'postgres'
      url: string
      poolMax: number
      /**
       * Security rule 43: the longest one statement of the pool's connections may run (the
       * server's STATEMENT_TIMEOUT_MS); unset, none (scripts). Long work raises it for its own
       * transaction (long-statements.ts); migrations lift it.
       */
      statementTimeoutMs?: number
    }

/**
 * Opens PGlite (embedded, in DATA_DIR or in memory when dataDir is undefined) or a pooled
 * node-postgres connection (docs/decisions/002-database-engines.md).
 */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolMax,
      // An unreachable server fails a request (503) instead of queueing it forever.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // Sent with each connection's start-up packet: no statement of a request runs longer,
      // and the connection is free again (57014 → 503, errors.ts).
      ...(target.statementTimeoutMs ? { statement_timeout: target.statementTimeoutMs } : {}),
    })
    // A client losing its server (PostgreSQL stopped or restarted) must not crash the process:
    // idle clients report to the pool, checked-out ones (between a transaction's statements)
    // to their own listener. The pool drops broken clients and opens new ones on demand, so
    // service returns as soon as PostgreSQL does (tests/faults/postgres-outage.test.ts).
    pool.on('error', () => undefined)
    pool.on('connect', (client) => client.on('error', () => undefined))
    const nodePg = drizzleNodePg(pool, { schema })
    return {
      db: nodePg,
      engine: 'postgres',
      migrate: (folder = migrationsFolder) => migrateUnderLock(pool, folder),
      ping: () => pingWith(() => pool.query('select 1')),
      close: () => pool.end(),
    }
  }
  if (target.ownThread && !target.pglite) return openPgliteThread(target.dataDir)
  const client =
    target.pglite ??
    (await PGlite.create(target.dataDir ?? 'memory://', {
      extensions: PGLITE_EXTENSIONS,
      startParams: PGLITE_START_PARAMS,
    }))
  return pgliteDatabase(client, () => client.close())
}

/** The embedded engine on its own thread: statements go to it as messages (pglite-thread.ts). */
async function openPgliteThread(dataDir: string | undefined): Promise<OpenDatabase> {
  const thread = await PgliteThread.open(dataDir)
  return pgliteDatabase(
    thread.asPglite(),
    () => thread.close(),
    () => thread.ping(),
  )
}

function pgliteDatabase(
  client: PGlite,
  close: () => Promise<void>,
  ping = () => pingWith(() => client.query('select 1')),
): OpenDatabase {
  const pglite = drizzlePglite(client, { schema })
  return {
    db: pglite,
    engine: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(pglite, { migrationsFolder: folder }),
    ping,
    watchAuthChanges: async (onChange) => {
      // One session owns the embedded database, so this setting covers every later write.
      await client.exec(`SET scout.notify_auth = 'on'`)
      await client.listen(AUTH_CHANGE_CHANNEL, onChange)
    },
    close,
  }
}

/** Any fixed number, the same in every Scout process: the key of the migrations' advisory lock. */
const MIGRATION_LOCK_KEY = 0x5c0_7_001

/**
 * Several processes started at once on one database take turns. The lock is a
 * session lock, so the migrations run on the one connection that holds it; the others wait, then
 * find nothing left to apply. (Without it `CREATE EXTENSION` and drizzle's own bookkeeping race.)
 */
async function migrateUnderLock(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect()
  try {
    // A migration may rewrite a large table (0012: 18 s at 100,000 talents): no request's limit.
    await client.query('SET statement_timeout = 0')
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: folder })
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } finally {
    // Back to the pool's own limit before the connection serves requests.
    await client.query('RESET statement_timeout').catch(() => undefined)
    client.release()
  }
}

async function pingWith(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query()
    return true
  } catch {
    // A failed ping is the answer itself: the database is unreachable.
    return false
  }
}
