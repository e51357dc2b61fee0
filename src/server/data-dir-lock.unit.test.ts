import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, test, vi } from 'vitest'
import { acquireDataDirLock, LOCK_FILE } from './data-dir-lock.ts'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'scout-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

test('takes the lock with our pid, refuses a second taker, releases it', () => {
  const dir = path.join(tempDir(), 'nested')
  const lock = acquireDataDirLock(dir)
  expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid))
  expect(() => acquireDataDirLock(dir)).toThrow(
    `Another Scout process (pid ${process.pid}) is already using DATA_DIR ${dir}. Stop it first, or set DATA_DIR to another folder.`,
  )
  lock.release()
  expect(existsSync(lock.path)).toBe(false)
  acquireDataDirLock(dir).release()
})

test('a lock held by another live process is respected', async () => {
  const dir = tempDir()
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
  try {
    const pid = child.pid ?? 0
    writeFileSync(path.join(dir, LOCK_FILE), `${pid}\n`)
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Scout process (pid ${pid})`)
  } finally {
    child.kill()
    await new Promise((resolve) => child.once('exit', resolve))
  }
})

test('a stale lock from a dead process is recovered and logged', () => {
  const dir = tempDir()
  const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid
  writeFileSync(path.join(dir, LOCK_FILE), `${dead}\n`)
  const warn = vi.fn<(fields: object, message: string) => void>()
  const lock = acquireDataDirLock(dir, { warn })
  expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid))
  expect(warn).toHaveBeenCalledOnce()
  const [fields, message] = warn.mock.calls[0] ?? []
  expect(fields).toMatchObject({ event: 'stale_lock', pid: dead })
  expect(typeof message).toBe('string')
  lock.release()
})

test('an unreadable lock file counts as stale', () => {
  const dir = tempDir()
  writeFileSync(path.join(dir, LOCK_FILE), 'garbage')
  const lock = acquireDataDirLock(dir)
  expect(existsSync(lock.path)).toBe(true)
  lock.release()
})

test('release leaves a lock that is no longer ours alone', () => {
  const dir = tempDir()
  const lock = acquireDataDirLock(dir)
  writeFileSync(lock.path, '1\n')
  lock.release()
  expect(existsSync(lock.path)).toBe(true)
})
