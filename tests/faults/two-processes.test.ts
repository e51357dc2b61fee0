import { expect, onTestFinished } from 'vitest'
import { SESSION_COOKIE } from '#shared/auth.ts'
import { talentSchema } from '#shared/talent.ts'
import { call, signIn } from './support/api.ts'
import { postgresTest } from './support/private-postgres.ts'
import { startScout } from './support/scout-process.ts'

// Security rule 7-9: two app processes on one
// PostgreSQL share sessions because sessions are rows, never process memory. A session made
// through one works on the other; logout on one ends it on both.

async function me(url: string, headers: Record<string, string>): Promise<number> {
  return (await fetch(`${url}/api/auth/me`, { headers })).status
}

postgresTest(
  'a session from one process works on the other; logout on one ends it on both',
  async ({ cluster }) => {
    // One after the other: the first applies the migrations and creates the admin.
    const a = await startScout({ databaseUrl: cluster.url })
    onTestFinished(() => a.stop())
    const b = await startScout({ databaseUrl: cluster.url })
    onTestFinished(() => b.stop())
    expect(a.pid).not.toBe(b.pid)
    const token = await signIn(a.url)
    const bearer = { authorization: `Bearer ${token}` }
    const cookie = { cookie: `${SESSION_COOKIE}=${token}` }
    expect(await me(b.url, bearer)).toBe(200)
    expect(await me(b.url, cookie)).toBe(200)

    // A write through B with A's session is read back through A.
    const created = await call(b.url, token, 'POST', '/api/talents', {
      fullName: 'Shared Session',
      email: 'shared-session@faults.test',
      areaOfInterest: 'Design',
      seniorityLevel: 'senior',
    })
    expect(created.status).toBe(201)
    const talent = talentSchema.parse(created.body)
    const read = await call(a.url, token, 'GET', `/api/talents/${talent.id}`)
    expect(read.status).toBe(200)
    expect(talentSchema.parse(read.body)).toEqual(talent)

    // Logout on B ends the session everywhere, bearer and cookie alike.
    const logout = await call(b.url, token, 'POST', '/api/auth/logout')
    expect(logout.status).toBe(200)
    expect(await me(a.url, bearer)).toBe(401)
    expect(await me(a.url, cookie)).toBe(401)
    expect(await me(b.url, bearer)).toBe(401)

    // And the other way round: signed in on B, out on A.
    const second = await signIn(b.url)
    expect(await me(a.url, { authorization: `Bearer ${second}` })).toBe(200)
    expect((await call(a.url, second, 'POST', '/api/auth/logout')).status).toBe(200)
    expect(await me(b.url, { authorization: `Bearer ${second}` })).toBe(401)
  },
)
