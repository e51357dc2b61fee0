import { existsSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openOutput } from './backup/lines.ts'
import { openConfiguredDatabase } from './backup/open-target.ts'
import { writeBackup } from './backup/write-backup.ts'
import { resolveSecrets } from '../src/server/secrets/startup-key.ts'

const USAGE = `Writes a portable backup of the whole Scout database (security rule 29).

Usage: npm run db:backup -- --out FILE [--with-sessions] [--force]

  --out FILE        where to write it (mode 0600); a name ending in .gz is gzip-compressed
  --with-sessions   keep signed-in sessions too (by default they are left out, and everyone
                    signs in again after a restore)
  --force           replace FILE if it exists
  --help            show this text

Source: DATABASE_URL when set, else the embedded PGlite database in DATA_DIR (default ./data);
stop the server first when using the embedded database. On PostgreSQL the backup is one
consistent snapshot and Scout may keep running. First the database is brought to this Scout's
schema and any temporary password still in plain text is encrypted, as npm start does. The file
(JSON lines, one row per line) holds password hashes and temporary passwords encrypted under
SECRET_KEY, never the key itself: keep it as safe as the database, and the key apart from it.
Load it with npm run db:restore.`

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'with-sessions': { type: 'boolean' },
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
  try {
    await target.database.migrate()
    await resolveSecrets(target.config, target.database.db)
  } catch (error) {
    await target.release()
    throw error
  }
  // Written beside the target and renamed at the end: a failed run never leaves half a backup.
  const partial = `${out}.partial-${process.pid}`
  const started = performance.now()
  try {
    const output = openOutput(partial, out.endsWith('.gz'))
    const summary = await writeBackup(target.database, output.stream, {
      sessions: values['with-sessions'] === true,
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
