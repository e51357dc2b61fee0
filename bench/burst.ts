/**
 * Security rule 6 a, b and f: a burst of wrong passwords for one account, all sent
 * at once over real sockets to the real server. Each attempt is counted before its password is
 * checked, so the burst is held exactly like the same attempts in sequence: 5 verified (answered
 * 401), then the account locked for 1 s, 2 s, 4 s… — a burst that lasts longer than a lock gets
 * the one more try that attempts in a row would get (`allowedToVerify`). The rest are refused
 * unverified (429, or 503 when the hashing queue is full), each with Retry-After. Bursts of 50 and
 * 500, each on a fresh account with the throttle emptied. Printed beside them, not budgeted: the
 * server's longest event-loop gap (500 requests arriving in one turn of the loop are 500 handlers
 * run back to back, not one request holding it) and /api/health's latency, asked every 20 ms.
 * Exit code 1 when a budget is missed.
 *
 *   npm run bench:burst -- --engine pglite        (a scratch DATA_DIR, /tmp/scout-bench-burst)
 *   npm run bench:burst -- --engine postgres      (the scout_bench_burst database)
 */
import { sql } from 'drizzle-orm'
import { createUser } from '../src/server/users/service.ts'
import { scratchTarget, type BenchTarget } from './lib/cli.ts'
import { openBenchDatabase, prepareDatabase } from './lib/database.ts'
import { loadAverage } from './lib/report.ts'
import { startServer } from './lib/server.ts'

const BURSTS = [50, 500]
const FREE_FAILURES = 5

/** Rule 6 b in sequence: the 5 free failures, then one more each time a lock (1 s, 2 s, …) ends. */
function allowedToVerify(seconds: number): number {
  return FREE_FAILURES + Math.floor(Math.log2(seconds + 1))
}
const HEALTH_EVERY_MS = 20

/** A fresh account to attack, with every throttle row (account, address, device) emptied. */
async function freshVictim(target: BenchTarget, size: number): Promise<string> {
  const email = `burst-${size}-${Date.now()}@bench.test`
  const database = await openBenchDatabase(target)
  try {
    await database.db.execute(sql`DELETE FROM login_throttle`)
    await createUser(database.db, {
      email,
      password: 'the-right-password-1',
      firstName: 'Burst',
      lastName: 'Victim',
      role: 'user',
      mustChangePassword: false,
    })
  } finally {
    await database.release()
  }
  return email
}

/** /api/health latencies, asked every HEALTH_EVERY_MS until `stop` is called. */
function pollHealth(url: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = []
  let running = true
  const done = (async () => {
    while (running) {
      const started = performance.now()
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer())
      latencies.push(performance.now() - started)
      await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS))
    }
  })()
  return {
    stop: async () => {
      running = false
      await done
      return latencies
    },
  }
}

type Answer = { status: number; retryAfter: boolean }

async function burst(target: BenchTarget, size: number): Promise<boolean> {
  const email = await freshVictim(target, size)
  const server = await startServer(target, { loopDelay: true })
  try {
    const health = pollHealth(server.url)
    await server.loopDelay() // the server's window starts with the burst
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: size }, async (): Promise<Answer> => {
        const response = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'a-wrong-password' }),
        })
        await response.arrayBuffer()
        return { status: response.status, retryAfter: response.headers.has('retry-after') }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const loop = await server.loopDelay()
    const latencies = await health.stop()
    const count = (status: number) => answers.filter((a) => a.status === status).length
    const verified = count(401)
    const refused = answers.filter((a) => a.status === 429 || a.status === 503)
    const other = size - verified - refused.length
    const allowed = allowedToVerify(seconds)
    console.log(
      `${size} wrong passwords at once: ${verified} verified (401; in sequence over ` +
        `${seconds.toFixed(2)} s the rule lets ${allowed} through), ${count(429)} throttled (429), ` +
        `${count(503)} queue full (503), ${other} other; server loop max gap ${loop.max.toFixed(0)} ms; /api/health max ${Math.max(...latencies).toFixed(0)} ms ` +
        `over ${latencies.length} answers`,
    )
    return verified <= allowed && other === 0 && refused.every((a) => a.retryAfter)
  } finally {
    await server.stop()
  }
}

async function main(): Promise<void> {
  const target = scratchTarget(process.argv.slice(2), 'burst')
  await prepareDatabase(target, 1)
  console.log(`bench:burst on ${target.engine}, load average ${loadAverage()}`)
  let pass = true
  for (const size of BURSTS) pass = (await burst(target, size)) && pass
  console.log(
    `budget: no more verified than in sequence, every refusal with Retry-After — ${pass ? 'PASS' : 'FAIL'}`,
  )
  process.exitCode = pass ? 0 : 1
}

await main()
