import { existsSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openOutput } from './backup/lines.ts'
import { openConfiguredDatabase } from './backup/open-target.ts'
import { writeBackup } from './backup/write-backup.ts'

const USAGE = `Writes a portable backup of the whole Scout database (SECURITY.md 29).

Usage: npm run db:backup -- --out FILE [--no-sessions] [--force]

  --out FILE      where to write it; a name ending in .gz is gzip-compressed
  --no-sessions   leave out signed-in sessions (everyone signs in again after a restore)
  --force         replace FILE if it exists
  --help          show this text

Source: DATABASE_URL when set, else the embedded PGlite database in DATA_DIR (default ./data);
stop the server first when using the embedded database. On PostgreSQL the backup is one
consistent snapshot and Scout may keep running. The file (JSON lines, one row per line) holds
password hashes: keep it as safe as the database. Load it with npm run db:restore.`

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'no-sessions': { type: 'boolean' },
      force: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  if (!values.out) {
    console.error(`--out FILE is required.\n\n${USAGE}`)
    return 1
  }
  const out = path.resolve(values.out)
  if (existsSync(out) && !values.force) {
    console.error(`${out} exists; pass --force to replace it.`)
    return 1
  }
  const target = await openConfiguredDatabase()
  // Written beside the target and renamed at the end: a failed run never leaves half a backup.
  const partial = `${out}.partial-${process.pid}`
  const started = performance.now()
  try {
    const output = openOutput(partial, out.endsWith('.gz'))
    const summary = await writeBackup(target.database, output.stream, {
      sessions: !values['no-sessions'],
    })
    await output.finish()
    renameSync(partial, out)
    const seconds = (performance.now() - started) / 1000
    const counts = Object.entries(summary.rows).map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
    console.log(
      `Backed up ${target.where} (schema ${summary.schema.migration}) to ${out}\n` +
        `  ${counts.join(', ')}\n` +
        `  ${(statSync(out).size / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s`,
    )
    return 0
  } finally {
    rmSync(partial, { force: true })
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
