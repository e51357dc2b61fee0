import { loadConfig, type Config } from '../../src/server/config.ts'
import { acquireDataDirLock, type DataDirLock } from '../../src/server/data-dir-lock.ts'
import { openDatabase, type OpenDatabase } from '../../src/server/db/open.ts'

export type Target = {
  database: OpenDatabase
  config: Config
  where: string
  release: () => Promise<void>
}

/**
 * The database the app would open (DATABASE_URL, else PGlite in DATA_DIR). PGlite is
 * single-process, so this takes DATA_DIR's lock: a running server makes it refuse, clearly.
 */
export async function openConfiguredDatabase(): Promise<Target> {
  const config = loadConfig()
  if (config.databaseUrl) {
    const database = await openDatabase({ engine: 'postgres', url: config.databaseUrl, poolMax: 2 })
    const url = new URL(config.databaseUrl)
    url.password = ''
    return {
      database,
      config,
      where: `PostgreSQL ${url.host}${url.pathname}`,
      release: () => database.close(),
    }
  }
  let lock: DataDirLock
  try {
    lock = acquireDataDirLock(config.dataDir)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${reason}\nStop the running Scout server first, then run this again.`)
  }
  try {
    const database = await openDatabase({ engine: 'pglite', dataDir: config.dataDir })
    return {
      database,
      config,
      where: `PGlite in ${config.dataDir}`,
      release: async () => {
        await database.close()
        lock.release()
      },
    }
  } catch (error) {
    lock.release()
    throw error
  }
}
