import { mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
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

/** What the lock file says: missing, a pid, or nothing readable yet (being written, or torn). */
type LockContents = { missing: true } | { missing: false; pid: number | undefined }

function readLock(lockPath: string): LockContents {
  let text: string
  try {
    text = readFileSync(lockPath, 'utf8')
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
      return { missing: true }
    return { missing: false, pid: undefined }
  }
  const pid = Number.parseInt(text.trim(), 10)
  return { missing: false, pid: Number.isInteger(pid) && pid > 0 ? pid : undefined }
}

function readPid(lockPath: string): number | undefined {
  const lock = readLock(lockPath)
  return lock.missing ? undefined : lock.pid
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

/** Held only while a stale lock is being replaced (see takeOverStaleLock). */
const TAKEOVER_FILE = `${LOCK_FILE}.takeover`
/** A takeover file older than this was left by a process that died inside the takeover. */
const TAKEOVER_STALE_MS = 10_000
const ATTEMPTS = 200
/** An empty lock file younger than this is being written by the process that created it. */
const FRESH_EMPTY_LOCK_MS = 2_000

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs
  } catch {
    return Infinity
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Removes the lock at `lockPath` if its holder is dead, one process at a time (security rule 37).
 * Without this, two processes started together after a crash could both see the dead pid: one
 * removes it and takes a fresh lock, then the other removes that fresh lock and takes its own —
 * two holders. Here the removal happens only under the takeover file (created exclusively), and
 * only after reading the pid again under it; while the lock file exists nobody else can replace
 * it, so what was read is what is removed — and a lock found missing under it is left alone, since
 * another process may create it at any moment. False when another process is taking over.
 */
function takeOverStaleLock(dir: string, lockPath: string, log?: Log): boolean {
  const takeoverPath = path.join(dir, TAKEOVER_FILE)
  if (!tryCreate(takeoverPath)) {
    if (ageMs(takeoverPath) > TAKEOVER_STALE_MS) {
      try {
        unlinkSync(takeoverPath)
      } catch {
        // Gone already: the takeover finished.
      }
    }
    return false
  }
  try {
    const lock = readLock(lockPath)
    // Gone (its holder released it, or another takeover removed it): nothing to remove. Removing
    // "whatever is there now" would delete a lock another process has just created.
    if (lock.missing) return true
    const holder = lock.pid
    if (holder !== undefined && isAlive(holder)) return false
    // No pid yet: a process may have just created the file and not written it.
    if (holder === undefined && ageMs(lockPath) < FRESH_EMPTY_LOCK_MS) return false
    log?.warn({ event: 'stale_lock', lockPath, pid: holder }, 'removing a stale DATA_DIR lock')
    try {
      unlinkSync(lockPath)
    } catch {
      // Already gone.
    }
    return true
  } finally {
    unlinkSync(takeoverPath)
  }
}

/**
 * Security rule 28 and 37: PGlite is single-process, so DATA_DIR gets a lock file holding our pid,
 * created exclusively. A live holder makes us refuse with a clear message; a dead one (a crash)
 * left a stale lock, which one starting process at a time removes (and logs) before taking it.
 */
export function acquireDataDirLock(dataDir: string, log?: Log): DataDirLock {
  const dir = path.resolve(dataDir)
  // Security rule 34: the database files and the key file are the owner's alone.
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const lockPath = path.join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
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
    // Another process is taking over: give it a moment, then look again.
    if (!takeOverStaleLock(dir, lockPath, log)) sleepSync(20)
  }
  throw new Error(`Could not take the lock ${lockPath}; another process keeps racing for it.`)
}

function releaseLock(lockPath: string): void {
  // Only remove the lock if it is still ours.
  if (readPid(lockPath) === process.pid) unlinkSync(lockPath)
}
