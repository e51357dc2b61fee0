import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { SERVER_NODE_FLAGS } from '../../support/node-flags.ts'
import { freePort } from '../../support/over-http.ts'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..')

/** The first admin of every fault-test server (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'faults-admin@scout.test', password: 'Blue-Kettle-Morning-77' }

export type ScoutProcess = {
  url: string
  pid: number
  child: ChildProcess
  /** The last lines the server wrote (stdout and stderr). */
  output: () => string
  /** SIGKILL: no shutdown hook runs, exactly like a crash or the OOM killer. */
  kill9: () => Promise<void>
  /** SIGTERM, the clean shutdown. */
  stop: () => Promise<void>
}

export type ScoutDatabase = { dataDir: string } | { databaseUrl: string }

/**
 * V8 runs the embedded engine's WebAssembly with its baseline compiler only. A fault-test server
 * lives for seconds, and optimizing PGlite's hot functions took ~0.7 s of CPU a start (2.4 → 1.7 s)
 * that it never lived long enough to earn back. Same code, same behaviour; only the tier differs.
 */
const SHORT_LIVED_FLAGS = ['--liftoff-only']

const SCOUT_VARS = ['DATA_DIR', 'DATABASE_URL', 'PORT', 'HOST', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  await once(child, 'exit')
}

/**
 * Starts the real server as `npm run serve` does (`node dist/server/index.js`, built once for the
 * project by build-server.global.ts) and waits for /api/health.
 */
export async function startScout(
  database: ScoutDatabase,
  timeoutMs = 90_000,
): Promise<ScoutProcess> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of SCOUT_VARS) delete env[name]
  Object.assign(
    env,
    'dataDir' in database ? { DATA_DIR: database.dataDir } : { DATABASE_URL: database.databaseUrl },
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      CLIENT_DIR: path.join(REPO_ROOT, 'tests', 'faults', 'no-client'),
    },
  )
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...SHORT_LIVED_FLAGS, 'dist/server/index.js'],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    if (lines.length > 200) lines.splice(0, lines.length - 200)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  const output = () => lines.join('\n')
  const kill = async (signal: NodeJS.Signals) => {
    child.kill(signal)
    await exited(child)
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`Scout exited with ${child.exitCode}:\n${output()}`)
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) {
      await kill('SIGKILL')
      throw new Error(`Scout was not healthy within ${timeoutMs} ms:\n${output()}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  if (child.pid === undefined) throw new Error('the server has no pid')
  return {
    url,
    pid: child.pid,
    child,
    output,
    kill9: () => kill('SIGKILL'),
    stop: () => kill('SIGTERM'),
  }
}
