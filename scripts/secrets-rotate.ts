import path from 'node:path'
import { parseArgs } from 'node:util'
import { readKeyFile } from '../src/server/secrets/key-file.ts'
import { openConfiguredDatabase } from './backup/open-target.ts'
import { rotateSecrets } from './secrets/rotate.ts'

const USAGE = `Re-encrypts every stored secret (temporary passwords) under a new key (security rule 34).

Usage: npm run secrets:rotate -- [--new-key-file FILE]

  --new-key-file FILE   the new key: 32 random bytes as base64 or hex, alone in FILE
                        (make one: openssl rand -base64 32 > new.key; chmod 600 new.key)
  --help                show this text

The current key is the one Scout starts with: SECRET_KEY when set, else DATA_DIR/secret.key.
Stop the server first when using the embedded database (DATA_DIR is locked while it runs).

  Embedded default (no SECRET_KEY): a new key is generated unless --new-key-file is given, and
  it replaces DATA_DIR/secret.key. Just start Scout again.
  SECRET_KEY set (e.g. with DATABASE_URL): --new-key-file is required. After the rotation, set
  SECRET_KEY to the new key and restart every Scout process; the old key opens nothing any more.

Everything is re-encrypted in one transaction: if any value does not open with the current key,
nothing changes. Backups taken before the rotation need the old key.`

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'new-key-file': { type: 'string' }, help: { type: 'boolean' } },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const newKeyFile = values['new-key-file']
  const newKey = newKeyFile === undefined ? undefined : readKeyFile(path.resolve(newKeyFile))
  const target = await openConfiguredDatabase()
  try {
    await target.database.migrate()
    const result = await rotateSecrets(target.config, target.database.db, newKey)
    console.log(
      `Re-encrypted ${result.count} secret(s) in ${target.where}: key ${result.from ?? 'none'} → ${result.to.id}.\n` +
        (result.keyFile
          ? `  The new key is in ${result.keyFile} (mode 0600).`
          : `  Now set SECRET_KEY to the key in ${newKeyFile ?? ''} and restart Scout.`),
    )
    return 0
  } finally {
    await target.release()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  },
)
