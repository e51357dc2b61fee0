import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const LOCK_FILE = 'scout.lock'

export type DataDirLock = { path: string; release: () => void }

type Log = { warn: (obj: object, msg: string) => void }

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

function readPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    // Vanished or unreadable between our two calls: treat as stale.
    return undefined
  }
}

function tryCreate(lockPath: string): boolean {
  try {
    writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' })
    return true
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return false
    throw error
  }
}

/**
 * SECURITY.md 28: PGlite is single-process, so DATA_DIR gets a lock file holding our pid. A live
 * holder makes us refuse with a clear message; a dead one (a crash) left a stale lock, which we
 * remove (and log) before taking it.
 */
export function acquireDataDirLock(dataDir: string, log?: Log): DataDirLock {
  const dir = path.resolve(dataDir)
  // SECURITY.md 34: the database files and the key file are the owner's alone.
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const lockPath = path.join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(lockPath)) {
      return { path: lockPath, release: () => releaseLock(lockPath) }
    }
    const holder = readPid(lockPath)
    if (holder !== undefined && isAlive(holder)) {
      throw new Error(
        `Another Scout process (pid ${holder}) is already using DATA_DIR ${dir}. ` +
          `Stop it first, or set DATA_DIR to another folder. ` +
          `(If no Scout is running, delete ${lockPath}.)`,
      )
    }
    log?.warn({ event: 'stale_lock', lockPath, pid: holder }, 'removing a stale DATA_DIR lock')
    try {
      unlinkSync(lockPath)
    } catch {
      // Another starting process removed it first; the next attempt settles who wins.
    }
  }
  throw new Error(`Could not take the lock ${lockPath}; another process keeps racing for it.`)
}

function releaseLock(lockPath: string): void {
  // Only remove the lock if it is still ours.
  if (readPid(lockPath) === process.pid) unlinkSync(lockPath)
}
