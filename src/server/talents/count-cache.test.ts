import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { talentStatsSchema } from '#shared/talent.ts'
import { buildApp } from '../app.ts'
import { cachedCount, noteDataVersion } from '../cache/count-cache.ts'
import { apiTest, type SignedIn } from '#tests/support/api-test.ts'

/**
 * Two Scout processes on one database (README "Scaling out"), here two apps
 * over two handles with caches of their own. Process B keeps reading the list total and the stat
 * cards while process A adds talents; a count B started before one of A's writes must never be
 * kept for the requests that come after it.
 */
/** Process B: a second app over its own handle on A's database (A is the fixture's app). */
const test = apiTest.extend('processB', async ({ api }, { onCleanup }) => {
  const other = await api.database.openAnother()
  const b = await buildApp({ database: other, config: api.config, logger: false })
  onCleanup(async () => {
    await b.close()
    await other.close()
  })
  await b.ready()
  return b
})

const WRITES = 30

async function addTalent(writer: SignedIn, i: number): Promise<void> {
  const response = await writer.inject('POST', '/api/talents', {
    fullName: `Counted ${i}`,
    email: `counted-${i}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  expect(response.statusCode, response.body).toBe(201)
}

/** The list total and the Total Talents card as process B answers them now. */
async function countsOnB(b: FastifyInstance, reader: SignedIn): Promise<[number, number]> {
  const [list, stats] = await Promise.all([
    b.inject({ url: '/api/talents?limit=1', headers: reader.headers }),
    b.inject({ url: '/api/talents/stats', headers: reader.headers }),
  ])
  expect(list.statusCode, list.body).toBe(200)
  expect(stats.statusCode, stats.body).toBe(200)
  return [Number(list.headers['x-total-count']), talentStatsSchema.parse(stats.json()).total]
}

test('a count read on one process right after a write on another is never older than that write', async ({
  api,
  processB,
}) => {
  const writer = await api.as('user')
  // The same database, so a session made on A is good on B.
  const reader = writer
  const stale: string[] = []
  for (let i = 1; i <= WRITES; i += 1) {
    // Reads on B started before the write on A: some count before it commits and end after.
    const racing = Promise.all([
      countsOnB(processB, reader),
      countsOnB(processB, reader),
      countsOnB(processB, reader),
    ])
    await addTalent(writer, i)
    // The reads after the write, while those may still be loading: none may see less.
    for (let read = 0; read < 3; read += 1) {
      const [total, card] = await countsOnB(processB, reader)
      if (total < i || card < i) stale.push(`after write ${i}: total ${total}, card ${card}`)
    }
    await racing
  }
  expect(stale).toEqual([])
  expect(await countsOnB(processB, reader)).toEqual([WRITES, WRITES])
})

test('a count loaded for an older data version is answered but never stored', async ({ api }) => {
  const handle = await api.database.openAnother()
  try {
    const { db } = handle
    noteDataVersion(db, 1)
    // A request that read version 1 starts counting; the count is slow.
    let finishOld: (n: number) => void = () => undefined
    const old = cachedCount(db, 1, 'pool', () => new Promise<number>((done) => (finishOld = done)))
    // Another process writes; the next request here reads version 2 and counts the new total.
    noteDataVersion(db, 2)
    expect(await cachedCount(db, 2, 'pool', () => Promise.resolve(11))).toBe(11)
    // Only now does the old count finish: its own request gets it, nobody after it does.
    finishOld(10)
    expect(await old).toBe(10)
    expect(await cachedCount(db, 2, 'pool', () => Promise.resolve(12))).toBe(11)
    // A version-2 count that started before version 3 arrived is not kept for version 3.
    let finishSlow: (n: number) => void = () => undefined
    const slow = cachedCount(
      db,
      2,
      'other',
      () => new Promise<number>((done) => (finishSlow = done)),
    )
    noteDataVersion(db, 3)
    finishSlow(20)
    expect(await slow).toBe(20)
    expect(await cachedCount(db, 3, 'other', () => Promise.resolve(21))).toBe(21)
    // A request still a version behind takes the newer count: it is at least as fresh.
    expect(await cachedCount(db, 2, 'other', () => Promise.resolve(19))).toBe(21)
  } finally {
    await handle.close()
  }
})

test('counts that miss together share one load, and a failed one is not kept', async ({ api }) => {
  const handle = await api.database.openAnother()
  try {
    const { db } = handle
    noteDataVersion(db, 5)
    let loads = 0
    let finish: (n: number) => void = () => undefined
    const slow = () => {
      loads += 1
      return new Promise<number>((done) => (finish = done))
    }
    const waiting = Array.from({ length: 20 }, () => cachedCount(db, 5, 'together', slow))
    finish(42)
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 20 }, () => 42))
    expect(loads).toBe(1)
    await expect(
      cachedCount(db, 5, 'failing', () => Promise.reject(new Error('gone'))),
    ).rejects.toThrow('gone')
    expect(await cachedCount(db, 5, 'failing', () => Promise.resolve(7))).toBe(7)
  } finally {
    await handle.close()
  }
})
