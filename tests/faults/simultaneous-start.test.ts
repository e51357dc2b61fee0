import pg from 'pg'
import { expect } from 'vitest'
import { call, signIn } from './support/api.ts'
import { postgresTest, type PrivateCluster } from './support/private-postgres.ts'
import { startScout, type ScoutProcess } from './support/scout-process.ts'

// README "Scaling out": several processes started at the same moment on an empty
// PostgreSQL database all come up. Before migrations ran under an advisory lock, 8 of 21 died.
const ROUNDS = 10
const PROCESSES = 3

async function createDatabase(cluster: PrivateCluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(cluster.url)
  url.pathname = `/${name}`
  return url.toString()
}

postgresTest(
  `${PROCESSES} processes started at once on an empty database all come up, ${ROUNDS} times`,
  async ({ cluster }) => {
    for (let round = 0; round < ROUNDS; round++) {
      const databaseUrl = await createDatabase(cluster, `simultaneous_${round}`)
      const started = await Promise.allSettled(
        Array.from({ length: PROCESSES }, () => startScout({ databaseUrl })),
      )
      const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
      try {
        const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []))
        expect(failures, `round ${round}`).toEqual([])
        // Each process serves the one first admin (created once, whoever won).
        for (const scout of up) expect(await signIn(scout.url)).toBeTruthy()
      } finally {
        await Promise.all(up.map((scout: ScoutProcess) => scout.stop()))
      }
    }
  },
  240_000,
)

// At 1,000,000 talents, a start filled phone keys before it listened, 399 s for 550,528
// rows. It now listens first and fills them after; a duplicate check answers meanwhile.
postgresTest(
  'a start listens before it fills missing phone keys, then fills them',
  async ({ cluster }) => {
    const databaseUrl = await createDatabase(cluster, 'phone_keys')
    await (await startScout({ databaseUrl })).stop()
    const db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    const unkeyed = async () => {
      const result = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM talents WHERE phone_e164 IS NULL',
      )
      return result.rows[0]?.n ?? -1
    }
    try {
      await db.query(`
        INSERT INTO talents (full_name, email, phone, area_of_interest, seniority_level)
        SELECT 'Keyless ' || i, 'keyless-' || i || '@faults.test',
               '+1 415 2' || lpad(i::text, 6, '0'), 'Engineering', 'junior'
        FROM generate_series(1, 10000) AS i`)
      const scout = await startScout({ databaseUrl })
      try {
        expect(await unkeyed()).toBeGreaterThan(0)
        const token = await signIn(scout.url)
        const phone = encodeURIComponent('+1 (415) 200-9999')
        const during = await call(scout.url, token, 'GET', `/api/talents/duplicates?phone=${phone}`)
        expect(during.status).toBe(200)
        const deadline = Date.now() + 120_000
        while ((await unkeyed()) > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
        expect(await unkeyed()).toBe(0)
        const after = await call(scout.url, token, 'GET', `/api/talents/duplicates?phone=${phone}`)
        expect(after.body).toMatchObject([{ reasons: ['same phone number'] }])
      } finally {
        await scout.stop()
      }
    } finally {
      await db.end()
    }
  },
  240_000,
)
