/**
 * One contender for DATA_DIR's lock (data-dir-lock-race.test.ts): waits for the agreed moment,
 * tries to take the lock, prints `got` or `refused`, holds it a while so the other contender
 * meets a live holder, then lets go.
 */
import { acquireDataDirLock } from '#server/data-dir-lock.ts'

const [dataDir = '', startAt = '0'] = process.argv.slice(2)
const wait = Number(startAt) - Date.now()
if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
try {
  const lock = acquireDataDirLock(dataDir)
  process.stdout.write('got\n')
  await new Promise((resolve) => setTimeout(resolve, 600))
  lock.release()
} catch {
  process.stdout.write('refused\n')
}
