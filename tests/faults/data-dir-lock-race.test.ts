import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { LOCK_FILE } from '#server/data-dir-lock.ts'
import { TAKE_LOCK_SCRIPT } from './support/take-lock-build.ts'

/**
 * Security rule 37: after a crash (a lock file naming a dead process), two Scout processes started
 * at the same moment on the same DATA_DIR — exactly one takes the lock, 20 times over. Before the
 * takeover was serialised, both could remove the stale lock and each take "its own".
 */
const run = promisify(execFile)
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A pid no process has: above the kernel's limit (pid_max is at most 2^22). */
const DEAD_PID = 4_194_305

const ROUNDS = 20
const BATCH = 4

async function raceOnce(round: number, startAt: string): Promise<[number, string[]]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scout-lock-race-'))
  dirs.push(dataDir)
  writeFileSync(path.join(dataDir, LOCK_FILE), `${DEAD_PID}\n`)
  const answers = await Promise.all(
    [1, 2].map(async () => {
      const { stdout } = await run(process.execPath, [TAKE_LOCK_SCRIPT, dataDir, startAt])
      return stdout.trim()
    }),
  )
  return [round, answers.sort()]
}

test('security rule 37: two processes starting together after a crash — exactly one takes the lock, 20 times', async () => {
  // Four rounds at a time, each in its own folder: 20 rounds in about 10 s.
  for (let first = 1; first <= ROUNDS; first += BATCH) {
    const rounds = Array.from({ length: BATCH }, (_, i) => first + i)
    // All wait for one moment after their start-up, so each pair meets its stale lock together.
    const startAt = String(Date.now() + 2_000)
    const results = await Promise.all(rounds.map((round) => raceOnce(round, startAt)))
    for (const [round, answers] of results)
      expect(answers, `round ${round}`).toEqual(['got', 'refused'])
  }
}, 120_000)
