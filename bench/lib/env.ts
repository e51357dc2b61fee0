import type { BenchTarget } from './cli.ts'

/** The child environment that points Scout (server or seed) at the bench database, and only it. */
export function targetEnv(
  target: BenchTarget,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra }
  if (target.engine === 'pglite') {
    delete env.DATABASE_URL
    env.DATA_DIR = target.dataDir
  } else {
    env.DATABASE_URL = target.url
  }
  return env
}
