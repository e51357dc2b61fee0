import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openConfiguredDatabase } from './backup/open-target.ts'
import { restoreBackup } from './backup/restore-backup.ts'
import {
  assertKeysFor,
  availableErasureKeys,
  readErasureRows,
  sameRecord,
  type ErasureRow,
} from './backup/reapply-erasures.ts'

const USAGE = `Loads a Scout backup (npm run db:backup) into an EMPTY database (security rule 29).

Usage: npm run db:restore -- --in FILE [--erasures-from NEWER_BACKUP ...]

  --in FILE                     the backup file (plain or gzip)
  --erasures-from NEWER_BACKUP  a newer backup of the live database (take one just before, with
                                npm run db:backup): its erasure records are kept in the restored
                                database, and every restored talent they name is erased again
                                (security rule 64). May be given more than once.
  --help                        show this text

Target: DATABASE_URL when set, else the embedded PGlite database in DATA_DIR (default ./data).
Either engine reads a backup made on either. The target must be empty: a new DATA_DIR folder,
or a new PostgreSQL database (createdb scout_restored); a database with any user, talent or
activity is refused. Everything loads in one transaction: if anything fails, nothing is kept.
Restore before the first npm start on the new database (start-up creates the first admin).
Erasure records are matched by keyed hashes: give the restore the key the live database uses
(SECRET_KEY, or copy secret.key into the new DATA_DIR first).`

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      in: { type: 'string' },
      'erasures-from': { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  if (!values.in) {
    console.error(`--in FILE is required.\n\n${USAGE}`)
    return 1
  }
  const file = path.resolve(values.in)
  if (!existsSync(file)) {
    console.error(`${file} does not exist.`)
    return 1
  }
  const sources = (values['erasures-from'] ?? []).map((name) => path.resolve(name))
  for (const source of sources) {
    if (!existsSync(source)) {
      console.error(`${source} does not exist.`)
      return 1
    }
  }
  // Read first: a damaged file or a missing key refuses the restore before anything is loaded.
  const own = await readErasureRows(file)
  const records: ErasureRow[] = []
  for (const source of sources) {
    for (const record of await readErasureRows(source)) {
      if (![...own, ...records].some((known) => sameRecord(known, record))) records.push(record)
    }
  }
  const target = await openConfiguredDatabase()
  const started = performance.now()
  try {
    const keys = availableErasureKeys(target.config, target.config.defaultPhoneRegion)
    assertKeysFor(records, keys)
    const summary = await restoreBackup(target.database, file, { erasures: { records, keys } })
    const seconds = (performance.now() - started) / 1000
    const counts = Object.entries(summary.rows).map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
    console.log(
      `Restored ${file} (from ${summary.source}, schema ${summary.schema.migration}) ` +
        `into ${target.where}\n  ${counts.join(', ')}\n  in ${seconds.toFixed(1)} s`,
    )
    if (sources.length === 0) {
      console.log(
        'No --erasures-from given: people erased after this backup was taken are in it again. ' +
          'If the live database or a newer backup of it exists, restore again into a new empty ' +
          'database with --erasures-from that backup.',
      )
    } else {
      const { kept, erased } = summary.erasures
      console.log(
        `Erasure records: ${kept} kept from ${sources.join(', ')}; ` +
          `${erased.length} restored talent(s) erased again` +
          (erased.length > 0 ? ` (ids ${erased.join(', ')})` : ''),
      )
    }
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
