import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { z } from 'zod'
import { BENCH_ACCOUNT } from './account.ts'
import type { BenchTarget } from './cli.ts'
import { targetEnv } from './env.ts'
import { LOOP_DELAY_ASK, type LoopDelayWindow } from './loop-delay.ts'
import { SERVER_NODE_FLAGS } from '../../tests/support/node-flags.ts'
import { buildServer } from '../../scripts/build/server.ts'
import { freePort, signInOverHttp } from '../../tests/support/over-http.ts'

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..')

export type RunningServer = {
  url: string
  pid: number
  stop: () => Promise<void>
  /**
   * With `loopDelay: true`: the server's event-loop delay since the previous call (or its start),
   * measured inside the server (loop-delay.ts).
   */
  loopDelay: () => Promise<LoopDelayWindow>
}

const loopDelayWindowSchema = z.object({
  ms: z.number(),
  p50: z.number(),
  p99: z.number(),
  max: z.number(),
  busy: z.number(),
  cpu: z.number(),
  rssMaxMb: z.number(),
  heapMaxMb: z.number(),
  externalMaxMb: z.number(),
})

const children = new Set<ChildProcess>()
let hooked = false

/** Whatever happens to this process (error, Ctrl-C, normal end), no server outlives it. */
function hookExit(): void {
  if (hooked) return
  hooked = true
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL')
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of children) child.kill('SIGKILL')
      process.exit(130)
    })
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve()
      return
    }
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      children.delete(child)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode}:\n${log()}`)
    }
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // Not listening yet: poll again.
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the server did not become healthy within 90 s:\n${log()}`)
}

/** Starts the real server (built first, as `npm start` runs it) on the bench database, on a free port. */
export async function startServer(
  target: BenchTarget,
  options: { profileDir?: string; loopDelay?: boolean; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  hookExit()
  await buildServer()
  const port = await freePort()
  const env = targetEnv(target, {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ACCOUNT.email,
    ADMIN_PASSWORD: BENCH_ACCOUNT.password,
    ...options.env,
  })
  // BENCH_PROFILE_DIR: any bench's server writes a V8 CPU profile there (read with bench/profile.ts).
  const profileDir = options.profileDir ?? process.env.BENCH_PROFILE_DIR
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []
  // The loop-delay probe answers over an IPC channel: the server takes SIGUSR2 as "shut down".
  // It is TypeScript, so tsx comes with it (the server itself is the build).
  const probe = options.loopDelay
    ? ['--import', 'tsx', '--import', './bench/lib/loop-delay.ts']
    : []
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...profile, ...probe, 'dist/server/index.js'],
    {
      cwd: REPO_ROOT,
      env,
      stdio: options.loopDelay ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    },
  )
  children.add(child)
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    if (lines.length > 200) lines.splice(0, lines.length - 200)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk)
    process.stderr.write(chunk)
  })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitUntilHealthy(url, child, () => lines.slice(-30).join('\n'))
  } catch (error) {
    await stopChild(child)
    throw error
  }
  if (child.pid === undefined) throw new Error('the server has no pid')
  const loopDelay = () =>
    new Promise<LoopDelayWindow>((resolve, reject) => {
      if (!options.loopDelay) throw new Error('startServer was not asked to measure loop delay')
      child.once('message', (message) => {
        const parsed = loopDelayWindowSchema.safeParse(message)
        if (parsed.success) resolve(parsed.data)
        else reject(new Error(`the loop-delay probe answered ${JSON.stringify(message)}`))
      })
      child.send(LOOP_DELAY_ASK)
    })
  return { url, pid: child.pid, stop: () => stopChild(child), loopDelay }
}

/** Signs in as the bench account; returns the bearer token and the user's id. */
export function signIn(url: string): Promise<{ token: string; userId: number }> {
  return signInOverHttp(url, BENCH_ACCOUNT)
}
