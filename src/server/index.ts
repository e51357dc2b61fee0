import closeWithGrace from 'close-with-grace'
import type { FastifyBaseLogger } from 'fastify'
import { buildApp } from './app.ts'
import { ensureAdmin, type EnsureAdminResult } from './bootstrap.ts'
import { loadConfig, type Config } from './config.ts'
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts'
import { openDatabase, type OpenDatabase } from './db/open.ts'
import { keyFilePath } from './secrets/key-file.ts'
import { resolveSecrets, type ResolvedSecrets } from './secrets/startup-key.ts'
import { parserPool } from './cvs/parser-pool.ts'
import { releaseAbandonedJobs } from './jobs/queue.ts'
import { describeStartupError } from './startup-error.ts'
import { refreshPhoneKeys } from './duplicates/phone-keys.ts'

/**
 * Entry point (docs/architecture.md): config → DATA_DIR lock (PGlite) → database → migrations →
 * first admin → app → listen, with a clean shutdown on SIGINT/SIGTERM (security rule 28).
 * Start-up messages go to stdout as plain text for the person who ran `npm start`; the JSON
 * logs follow.
 */

function say(lines: string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`)
}

function fail(message: string): never {
  process.stderr.write(`\nScout could not start: ${message}\n\n`)
  process.exit(1)
}

function readConfig(): Config {
  try {
    return loadConfig()
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  }
}

function openTarget(config: Config) {
  if (config.databaseUrl) {
    return {
      engine: 'postgres',
      url: config.databaseUrl,
      poolMax: config.databasePoolMax,
      statementTimeoutMs: config.statementTimeoutMs,
    } as const
  }
  return { engine: 'pglite', dataDir: config.dataDir, ownThread: true } as const
}

function signInLines(config: Config, admin: EnsureAdminResult): string[] {
  if (admin.created && admin.generatedPassword !== undefined) {
    return [
      '',
      '  First start: an admin account was created.',
      `    Email:    ${admin.email}`,
      `    Password: ${admin.generatedPassword}`,
      '  (shown once; you will be asked to change it)',
    ]
  }
  if (admin.created) return ['', `  Sign in as ${admin.email} with the ADMIN_PASSWORD you set.`]
  return ['', `  Sign in with your Scout account (first admin: ${config.adminEmail}).`]
}

/** Security rule 34: what start-up did about the key and the stored secrets. */
function secretLines(config: Config, secrets: ResolvedSecrets): string[] {
  const lines: string[] = []
  if (secrets.source === 'generated') {
    lines.push(
      '',
      `  A new SECRET_KEY was generated into ${keyFilePath(config.dataDir)} (mode 0600).`,
      '  Keep a copy of it apart from your backups: without it, temporary passwords cannot be shown.',
    )
  }
  if (secrets.source === 'none') {
    lines.push(
      '',
      '  SECRET_KEY is not set: temporary passwords are shown to the admin once and not kept.',
    )
  }
  if (secrets.sealed > 0) lines.push(`  Encrypted ${secrets.sealed} stored temporary password(s).`)
  if (secrets.cleared > 0) {
    lines.push(`  Dropped ${secrets.cleared} plain-text temporary password(s) (no SECRET_KEY).`)
  }
  return lines
}

async function fillPhoneKeysAfterStart(
  database: OpenDatabase,
  config: Config,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Promise<void> {
  const started = performance.now()
  try {
    const filled = await refreshPhoneKeys(database.db, config.defaultPhoneRegion, signal)
    const ms = Math.round(performance.now() - started)
    if (filled > 0) log.info({ filled, ms }, 'phone keys filled')
  } catch (err) {
    log.error({ err }, 'filling phone keys failed; duplicate checks fill them as they go')
  }
}

async function main(): Promise<void> {
  const config = readConfig()
  let lock: DataDirLock | undefined
  let database: OpenDatabase | undefined
  let secrets: ResolvedSecrets | undefined
  try {
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir)
    database = await openDatabase(openTarget(config))
    await database.migrate()
    // One process owns the embedded database: jobs left running belonged to a killed one.
    if (database.engine === 'pglite') await releaseAbandonedJobs(database.db)
    secrets = await resolveSecrets(config, database.db)
  } catch (error) {
    lock?.release()
    await database?.close().catch(() => undefined)
    fail(describeStartupError(error))
  }
  const openDb = database
  const running: Config = { ...config, secretKey: secrets.key }
  const app = await buildApp({ database: openDb, config: running })
  const admin = await ensureAdmin(openDb.db, running, app.log)

  const phoneKeys = new AbortController()
  let filling: Promise<unknown> = Promise.resolve()
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    phoneKeys.abort()
    await filling
    await app.close()
    await openDb.close()
    lock?.release()
  })

  await app.listen({ port: config.port, host: config.host })
  // Phone keys for rows written before migration 0014 or by a tool that writes none.
  // After listening: a million rows take minutes, and every duplicate check keys what it reads.
  filling = fillPhoneKeysAfterStart(openDb, config, app.log, phoneKeys.signal)
  // The first CV after a start is read by a thread that already has the readers loaded.
  parserPool.warmUp()
  const where = openDb.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'
  say([
    '',
    `  Scout is running at http://localhost:${config.port}`,
    `  Database: ${where}`,
    ...signInLines(config, admin),
    ...secretLines(config, secrets),
    '',
  ])
}

await main()
