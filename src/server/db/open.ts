import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

/** The one database type services take: a drizzle database or a transaction, on either engine. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
)

export type Engine = 'pglite' | 'postgres'

export type OpenDatabase = {
  db: Db
  engine: Engine
  /** Applies drizzle-kit's generated migrations (STACK.md: drizzle-orm's migrate(), not drizzle-kit). */
  migrate: () => Promise<void>
  /** Round-trips a trivial query; false when the database cannot be reached. */
  ping: () => Promise<boolean>
  close: () => Promise<void>
}

export type DatabaseTarget =
  | { engine: 'pglite'; dataDir: string | undefined; pglite?: PGlite }
  | { engine: 'postgres'; url: string; poolMax: number }

/**
 * Opens PGlite (embedded, in DATA_DIR or in memory when dataDir is undefined) or a pooled
 * node-postgres connection (ARCHITECTURE.md "one dialect, two engines").
 */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolMax })
    // An idle client losing its server (PostgreSQL restart) must not crash the process.
    pool.on('error', () => undefined)
    const nodePg = drizzleNodePg(pool, { schema })
    return {
      db: nodePg,
      engine: 'postgres',
      migrate: () => migrateNodePg(nodePg, { migrationsFolder }),
      ping: () => pingWith(() => pool.query('select 1')),
      close: () => pool.end(),
    }
  }
  const client =
    target.pglite ??
    (await PGlite.create(target.dataDir ?? 'memory://', { extensions: { pg_trgm } }))
  const pglite = drizzlePglite(client, { schema })
  return {
    db: pglite,
    engine: 'pglite',
    migrate: () => migratePglite(pglite, { migrationsFolder }),
    ping: () => pingWith(() => client.query('select 1')),
    close: () => client.close(),
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
