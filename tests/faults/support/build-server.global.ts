import { buildServer } from '../../../scripts/build/server.ts'
import { buildTakeLock } from './take-lock-build.ts'

/**
 * The fault tests start the server as `npm run serve` does: from a build of the code under test.
 * The lock race's contenders run built too.
 */
export default async function setup(): Promise<void> {
  await Promise.all([buildServer(), buildTakeLock()])
}
