import { readFile } from 'node:fs/promises'
import path from 'node:path'

/** The lock file a running Scout server keeps in DATA_DIR (SECURITY.md 28). */
export const LOCK_FILE = 'scout.lock'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; ESRCH: it is gone (a stale lock).
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

function readPid(text: string): number | undefined {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  try {
    const parsed: unknown = JSON.parse(trimmed)
    if (typeof parsed === 'object' && parsed !== null && 'pid' in parsed) {
      return typeof parsed.pid === 'number' ? parsed.pid : undefined
    }
  } catch {
    // Unreadable lock file: treat it as stale, as the server does after a crash.
  }
  return undefined
}

/** The pid of a live process holding DATA_DIR, or undefined when the folder is free. */
export async function lockHolder(dataDir: string): Promise<number | undefined> {
  let text: string
  try {
    text = await readFile(path.join(dataDir, LOCK_FILE), 'utf8')
  } catch {
    return undefined
  }
  const pid = readPid(text)
  return pid !== undefined && pid !== process.pid && isAlive(pid) ? pid : undefined
}
