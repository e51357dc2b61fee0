import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openConfiguredDatabase } from './backup/open-target.ts'
import { restoreBackup } from './backup/restore-backup.ts'

const USAGE = `Loads a Scout backup (npm run db:backup) into an EMPTY database (security rule 29).

Usage: npm run db:restore -- --in FILE

  --in FILE   the backup file (plain or gzip)
  --help      show this text

Target: DATABASE_URL when set, else the embedded PGlite database in DATA_DIR (default ./data).
Either engine reads a backup made on either. The target must be empty: a new DATA_DIR folder,
or a new PostgreSQL database (createdb scout_restored); a database with any user, talent or
activity is refused. Everything loads in one transaction: if anything fails, nothing is kept.
Restore before the first npm start on the new database (start-up creates the first admin).`

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { in: { type: 'string' }, help: { type: 'boolean' } },
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
  const target = await openConfiguredDatabase()
  const started = performance.now()
  try {
    const summary = await restoreBackup(target.database, file)
    const seconds = (performance.now() - started) / 1000
    const counts = Object.entries(summary.rows).map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
    console.log(
      `Restored ${file} (from ${summary.source}, schema ${summary.schema.migration}) ` +
        `into ${target.where}\n  ${counts.join(', ')}\n  in ${seconds.toFixed(1)} s`,
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
