import { spawn } from 'node:child_process'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { acquireDataDirLock, type DataDirLock } from '../../src/server/data-dir-lock.ts'
import { openDatabase, type OpenDatabase } from '../../src/server/db/open.ts'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import { createUser } from '../../src/server/users/service.ts'
import { findUserByEmail } from '../../src/server/auth/accounts.ts'
import { BENCH_ACCOUNT } from './account.ts'
import type { BenchTarget } from './cli.ts'
import { targetEnv } from './env.ts'

export type BenchDatabase = OpenDatabase & { release: () => Promise<void> }

/**
 * Opens the bench database in this process. PGlite is single-process: this takes DATA_DIR's lock,
 * so call it only while no server runs on that folder, and release it before starting one.
 */
export async function openBenchDatabase(target: BenchTarget): Promise<BenchDatabase> {
  let lock: DataDirLock | undefined
  if (target.engine === 'pglite') lock = acquireDataDirLock(target.dataDir)
  try {
    const database = await openDatabase(
      target.engine === 'pglite'
        ? { engine: 'pglite', dataDir: target.dataDir }
        : { engine: 'postgres', url: target.url, poolMax: 2 },
    )
    return {
      ...database,
      release: async () => {
        await database.close()
        lock?.release()
      },
    }
  } catch (error) {
    lock?.release()
    throw error
  }
}

async function talentCount(database: OpenDatabase): Promise<number> {
  try {
    const [row] = await rawRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from talents`,
    )
    return row?.n ?? 0
  } catch {
    // No talents table yet (a fresh database): the seed migrates it.
    return 0
  }
}

function runSeed(target: BenchTarget, talents: number, seed: number): Promise<void> {
  const args = ['run', 'db:seed', '--', '--talents', String(talents), '--seed', String(seed)]
  console.log(`  seeding: npm ${args.join(' ')}`)
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { env: targetEnv(target), stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`db:seed exited with code ${code}`)),
    )
  })
}

/**
 * Makes sure the database holds at least `talents` talents (seeding the shortfall; talents whose
 * e-mail exists are skipped, so it retries with another seed) and the bench account exists.
 * Returns the number of talents present.
 */
export async function prepareDatabase(target: BenchTarget, talents: number): Promise<number> {
  if (target.engine === 'postgres') await ensurePostgresDatabase(target.url)
  for (let attempt = 0; ; attempt++) {
    const database = await openBenchDatabase(target)
    let have: number
    try {
      have = await talentCount(database)
      if (have >= talents || attempt >= 3) {
        await ensureBenchAccount(database)
        if (have < talents) throw new Error(`only ${have} talents after seeding, wanted ${talents}`)
        return have
      }
    } finally {
      await database.release()
    }
    console.log(
      `  ${have.toLocaleString('en')} talents present, ${talents.toLocaleString('en')} wanted`,
    )
    await runSeed(target, talents - have, 42 + attempt + (have > 0 ? 1000 : 0))
  }
}

/** ensureAdmin only creates ADMIN_EMAIL on a database without any admin; cover the other case. */
async function ensureBenchAccount(database: OpenDatabase): Promise<void> {
  if (await findUserByEmail(database.db, BENCH_ACCOUNT.email)) return
  await createUser(database.db, {
    email: BENCH_ACCOUNT.email,
    password: BENCH_ACCOUNT.password,
    firstName: 'Load',
    lastName: 'Runner',
    role: 'admin',
    mustChangePassword: false,
  })
  console.log(`  created the bench account ${BENCH_ACCOUNT.email}`)
}

/** A fresh machine has no scout_bench database: create it (on the same server) when missing. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const client = new pg.Client({ connectionString: maintenance.toString() })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) {
      // Identifiers cannot be bound parameters; escapeIdentifier quotes the name.
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
      console.log(`  created the database ${name}`)
    }
  } finally {
    await client.end()
  }
}
