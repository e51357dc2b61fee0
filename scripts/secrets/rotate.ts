import { renameSync } from 'node:fs'
import type { Config } from '../../src/server/config.ts'
import type { Db } from '../../src/server/db/open.ts'
import { keyFilePath, writeKeyFile } from '../../src/server/secrets/key-file.ts'
import { generateSecretKey, type SecretKey } from '../../src/server/secrets/secret-box.ts'
import { nextKeyFilePath, resolveSecrets } from '../../src/server/secrets/startup-key.ts'
import { rotateStoredSecrets } from '../../src/server/secrets/stored-secrets.ts'

export type RotateResult = {
  count: number
  from: string | undefined
  to: SecretKey
  /** The key file that now holds the new key (the embedded default), if any. */
  keyFile: string | undefined
}

export class RotateRefusedError extends Error {}

/**
 * Security rule 34: re-encrypts every stored secret under `newKey` (or a generated key). The
 * current key is the one start-up would use; values that do not open with it stop the rotation
 * with nothing changed. On the embedded default without SECRET_KEY, DATA_DIR/secret.key is
 * replaced: the new key is written beside it first (secret.key.next), the database commits, then
 * the file is renamed — start-up finishes a rotation interrupted between the two.
 */
export async function rotateSecrets(
  config: Pick<Config, 'secretKey' | 'databaseUrl' | 'dataDir'>,
  db: Db,
  newKey: SecretKey | undefined,
): Promise<RotateResult> {
  const current = await resolveSecrets(config, db)
  const ownsKeyFile = !config.secretKey && !config.databaseUrl
  if (!newKey && !ownsKeyFile) {
    throw new RotateRefusedError(
      'SECRET_KEY comes from the environment, so the new key must too: write one to a file ' +
        '(openssl rand -base64 32 > new.key; chmod 600 new.key), pass --new-key-file new.key, ' +
        'then set SECRET_KEY to it and restart Scout.',
    )
  }
  const next = newKey ?? generateSecretKey()
  if (next.id === current.key?.id) {
    throw new RotateRefusedError('The new key is the current key; nothing to rotate.')
  }
  if (!ownsKeyFile) {
    const count = await rotateStoredSecrets(db, current.key, next)
    return { count, from: current.key?.id, to: next, keyFile: undefined }
  }
  const pending = nextKeyFilePath(config.dataDir)
  writeKeyFile(pending, next)
  const count = await rotateStoredSecrets(db, current.key, next)
  renameSync(pending, keyFilePath(config.dataDir))
  return { count, from: current.key?.id, to: next, keyFile: keyFilePath(config.dataDir) }
}
