import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signIn } from './support/api.ts'
import {
  NO_POSTGRES_BINARIES,
  findPostgresBin,
  startPrivateCluster,
  type PrivateCluster,
} from './support/private-postgres.ts'
import { startScout, type ScoutProcess } from './support/scout-process.ts'

// Issue 15 item 12, README "Scaling out": several processes started at the same moment on an empty
// PostgreSQL database all come up. Before migrations ran under an advisory lock, 8 of 21 died.
const bin = findPostgresBin()
const skipped = bin ? '' : ` (${NO_POSTGRES_BINARIES})`
const ROUNDS = 10
const PROCESSES = 3

let cluster: PrivateCluster

beforeAll(async () => {
  if (!bin) return
  cluster = await startPrivateCluster(bin)
})

afterAll(async () => {
  await cluster?.destroy()
})

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(cluster.url)
  url.pathname = `/${name}`
  return url.toString()
}

test.skipIf(!bin)(
  `${PROCESSES} processes started at once on an empty database all come up, ${ROUNDS} times${skipped}`,
  async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const databaseUrl = await createDatabase(`simultaneous_${round}`)
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
