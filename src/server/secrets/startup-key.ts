import { existsSync, renameSync, rmSync } from 'node:fs'
import type { Config } from '../config.ts'
import type { Db } from '../db/open.ts'
import { keyFilePath, loadOrCreateKeyFile, readKeyFile } from './key-file.ts'
import type { SecretKey } from './secret-box.ts'
import { prepareStoredSecrets, sealedKeyIds, type SecretsSummary } from './stored-secrets.ts'

/** secrets:rotate writes the embedded default's new key here until the database has committed. */
export function nextKeyFilePath(dataDir: string): string {
  return `${keyFilePath(dataDir)}.next`
}

export type ResolvedSecrets = SecretsSummary & {
  key: SecretKey | undefined
  /** Where the key came from, for the start-up message. */
  source: 'SECRET_KEY' | 'generated' | 'key file' | 'none'
}

/**
 * A rotation of the embedded key commits the database, then renames secret.key.next over
 * secret.key. If it stopped between the two, the database tells which key is right.
 */
async function finishInterruptedRotation(db: Db, dataDir: string): Promise<void> {
  const next = nextKeyFilePath(dataDir)
  if (!existsSync(next)) return
  const ids = await sealedKeyIds(db)
  if (ids.includes(readKeyFile(next).id)) renameSync(next, keyFilePath(dataDir))
  else rmSync(next)
}

/**
 * Security rule 34 at start-up (and before db:backup / secrets:rotate): the key is SECRET_KEY when
 * set; else, on the embedded database, DATA_DIR/secret.key, generated (0600) on first start; else
 * (PostgreSQL without SECRET_KEY) none, which works only while nothing encrypted is stored. Then
 * the stored secrets are made to fit it (prepareStoredSecrets), or start-up stops with a message.
 */
export async function resolveSecrets(
  config: Pick<Config, 'secretKey' | 'databaseUrl' | 'dataDir'>,
  db: Db,
): Promise<ResolvedSecrets> {
  let key = config.secretKey
  let source: ResolvedSecrets['source'] = key ? 'SECRET_KEY' : 'none'
  if (!key && !config.databaseUrl) {
    await finishInterruptedRotation(db, config.dataDir)
    const file = loadOrCreateKeyFile(config.dataDir)
    key = file.key
    source = file.created ? 'generated' : 'key file'
  }
  return { key, source, ...(await prepareStoredSecrets(db, key)) }
}
