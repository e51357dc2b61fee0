/**
 * One contender for DATA_DIR's lock (data-dir-lock-race.test.ts): waits for the agreed moment,
 * tries to take the lock and prints `got` or `refused`. The winner holds the lock until the other
 * contender has been refused (a marker file) — however late a loaded machine starts it — or 20 s
 * have passed, so a second `got` can only mean two holders at once.
 */
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { acquireDataDirLock } from '#server/data-dir-lock.ts'

const [dataDir = '', startAt = '0'] = process.argv.slice(2)
const refusedMarker = path.join(dataDir, 'contender-refused')
const wait = Number(startAt) - Date.now()
if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
let lock: ReturnType<typeof acquireDataDirLock> | undefined
try {
  lock = acquireDataDirLock(dataDir)
} catch {
  writeFileSync(refusedMarker, '')
  process.stdout.write('refused\n')
}
if (lock) {
  process.stdout.write('got\n')
  const until = Date.now() + 20_000
  while (!existsSync(refusedMarker) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  lock.release()
}
