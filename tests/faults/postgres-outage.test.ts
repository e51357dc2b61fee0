import { expect, onTestFinished } from 'vitest'
import { DATABASE_DOWN_MESSAGE } from '#server/errors.ts'
import { ADMIN, startScout, type ScoutProcess } from './support/scout-process.ts'
import { call, signIn } from './support/api.ts'
import { postgresTest } from './support/private-postgres.ts'

// Stop PostgreSQL under load and start it again. Requests during the outage get
// a 503 with a clear JSON message, GET /api/health reports the database down, the server does not
// crash, and service returns within 5 s of PostgreSQL being back.

const RECOVERY_BUDGET_MS = 5_000
const CLIENTS = 6

/** `sent`: when the request left; `at`: when its answer came back. */
type Answer = { sent: number; at: number; route: string; status: number; body: unknown }

let server: ScoutProcess

/** CLIENTS loops of create, list and stats requests until stopped; every answer kept. */
function startLoad(url: string, token: string): { stop: () => Promise<Answer[]> } {
  const answers: Answer[] = []
  let done = false
  let n = 0
  const client = async (c: number) => {
    while (!done) {
      const i = n++
      const [method, route, body] =
        i % 3 === 0
          ? [
              'POST',
              '/api/talents',
              {
                fullName: `Outage ${i}`,
                email: `outage-${i}@faults.test`,
                areaOfInterest: 'Health',
                seniorityLevel: 'junior',
              },
            ]
          : i % 3 === 1
            ? ['GET', '/api/talents?limit=20', undefined]
            : ['GET', '/api/talents/stats', undefined]
      const sent = Date.now()
      const answer = await call(url, token, method, route, body).then(
        (r) => ({ sent, at: Date.now(), route: `${method} ${route}`, ...r }),
        (error: unknown) => ({
          sent,
          at: Date.now(),
          route: `${method} ${route}`,
          status: 0,
          body: String(error),
        }),
      )
      answers.push(answer)
      if (answer.status !== 200 && answer.status !== 201)
        await new Promise((r) => setTimeout(r, 20 + c))
    }
  }
  const running = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)))
  return {
    stop: async () => {
      done = true
      await running
      return answers
    },
  }
}

async function health(url: string): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(`${url}/api/health`)
    return { status: response.status, body: await response.json() }
  } catch (error) {
    throw new Error(
      `The server stopped answering (exit ${server.child.exitCode}, signal ${server.child.signalCode}):\n${server.output()}`,
      { cause: error },
    )
  }
}

postgresTest(
  'PostgreSQL stopped under load: 503s with a clear message, health says down, no crash, back within 5 s',
  async ({ cluster, annotate }) => {
    server = await startScout({ databaseUrl: cluster.url })
    onTestFinished(() => server.stop())
    const token = await signIn(server.url)
    const load = startLoad(server.url, token)
    await new Promise((r) => setTimeout(r, 1500))

    // pg_ctl stop returns once the server has shut down, which can take a few hundred ms under
    // load: answers before the stop began must succeed, those sent after it returned must be 503.
    const stopping = Date.now()
    await cluster.stop()
    const down = Date.now()
    // During the outage: health reports the database down; reads, writes and sign-in get 503.
    await new Promise((r) => setTimeout(r, 1000))
    expect(await health(server.url)).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'down' },
    })
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    expect(login.status).toBe(503)
    expect(await login.json()).toEqual({ message: DATABASE_DOWN_MESSAGE })
    await new Promise((r) => setTimeout(r, 1500))
    expect(server.child.exitCode).toBeNull()

    // pg_ctl start returns a poll after the server is ready, so requests in between may rightly
    // succeed: the outage is judged up to the moment the restart began.
    const restarting = Date.now()
    await cluster.start()
    const back = Date.now()
    let recovered: number | undefined
    while (Date.now() - back < RECOVERY_BUDGET_MS + 5_000) {
      const [h, list] = await Promise.all([
        health(server.url),
        call(server.url, token, 'GET', '/api/talents?limit=5'),
      ])
      if (h.status === 200 && list.status === 200) {
        recovered = Date.now() - back
        break
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    await new Promise((r) => setTimeout(r, 1000))
    const all = await load.stop()

    expect(recovered, 'service came back').toBeDefined()
    expect(recovered).toBeLessThanOrEqual(RECOVERY_BUDGET_MS)
    expect(server.child.exitCode, server.output()).toBeNull()
    const before = all.filter((a) => a.at < stopping)
    // By when it was sent: a request that checked its session just before the stop may be answered
    // later from the page cache, rightly; one sent after the stop can only get the 503.
    const during = all.filter((a) => a.sent > down && a.at < restarting)
    const after = all.filter((a) => a.at > back + (recovered ?? 0) + 200)
    expect(before.length).toBeGreaterThan(10)
    expect(during.length).toBeGreaterThan(10)
    expect(after.length).toBeGreaterThan(10)
    // Every answer is a success or the 503 with its message: never a 500, a hang or a reset.
    const odd = all.filter(
      (a) =>
        a.status !== 200 &&
        a.status !== 201 &&
        !(
          a.status === 503 &&
          JSON.stringify(a.body) === JSON.stringify({ message: DATABASE_DOWN_MESSAGE })
        ),
    )
    expect(odd).toEqual([])
    expect(before.filter((a) => a.status >= 300)).toEqual([])
    const window = `stop began ${stopping}, stopped at ${down}, restart began ${restarting}, back at ${back}`
    expect(
      during.filter((a) => a.status !== 503),
      window,
    ).toEqual([])
    expect(after.filter((a) => a.status >= 300)).toEqual([])
    await annotate(
      `PostgreSQL outage: ${during.length} requests during it, all 503; service back ` +
        `${recovered} ms after PostgreSQL was (budget ${RECOVERY_BUDGET_MS} ms)`,
    )
  },
)
