import { eq, sql } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import { apiTest as test } from '#tests/support/api-test.ts'
import { testEngine } from '#tests/support/test-database.ts'
import { dataVersions } from '../db/schema.ts'
import {
  noteAsked,
  refreshAhead,
  REFRESH_AHEAD_KEYS,
  REFRESH_AHEAD_WITHIN_MS,
} from './refresh-ahead.ts'

// On the embedded engine a list request that misses the caches waits for the import's
// next batch; after refreshAhead the page and its total for the version just written are cached.
test('after a write, refresh-ahead loads the list page last asked: the next request reads no talent', async ({
  api,
}) => {
  const db = api.database.db
  const user = await api.as('user')
  await api.makeTalent({ fullName: 'Ada Byron', email: 'ada@example.com' })
  const list = () => user.inject('GET', '/api/talents?limit=50')
  expect((await list()).json()).toMatchObject([{ email: 'ada@example.com' }])

  // A batch commits, and its job refreshes before the next one.
  await api.makeTalent({ fullName: 'Bo Chen', email: 'bo@example.com' })
  await refreshAhead(db)

  // With the table out of reach, only a cached page and total can answer.
  await db.execute(sql`ALTER TABLE talents RENAME TO talents_aside`)
  try {
    const after = await list()
    expect(after.statusCode, after.body).toBe(200)
    expect(after.json()).toMatchObject([{ email: 'bo@example.com' }, { email: 'ada@example.com' }])
    expect(after.headers['x-total-count']).toBe('2')
  } finally {
    await db.execute(sql`ALTER TABLE talents_aside RENAME TO talents`)
  }
})

test(`refresh-ahead loads the ${REFRESH_AHEAD_KEYS} keys asked most recently, under the current data version`, async ({
  api,
}) => {
  const db = api.database.db
  const reloads = Array.from({ length: REFRESH_AHEAD_KEYS + 1 }, () =>
    vi.fn(() => Promise.resolve()),
  )
  for (const [i, reload] of reloads.entries()) noteAsked(db, `key ${i}`, reload)
  // Asked again: the first key is the most recent now, and the second the oldest.
  noteAsked(db, 'key 0', reloads[0] as () => Promise<void>)
  await api.makeTalent({ fullName: 'Ada Byron', email: 'ada@example.com' })
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.name, 'talents'))
  await refreshAhead(db)
  expect(reloads[1]).not.toHaveBeenCalled()
  for (const reload of [reloads[0], ...reloads.slice(2)]) {
    expect(reload).toHaveBeenCalledWith(row?.version)
  }
})

test(`a page nobody asked for in ${REFRESH_AHEAD_WITHIN_MS / 1000} s is not loaded again, and a refresh is no ask`, async ({
  api,
}) => {
  const db = api.database.db
  const user = await api.as('user')
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    const start = Date.now()
    expect((await user.inject('GET', '/api/talents?limit=50')).statusCode).toBe(200)
    vi.setSystemTime(start + REFRESH_AHEAD_WITHIN_MS / 2)
    await api.makeTalent({ fullName: 'Ada Byron', email: 'ada@example.com' })
    await refreshAhead(db)
    vi.setSystemTime(start + REFRESH_AHEAD_WITHIN_MS + 1)
    // With nothing left to load, refresh-ahead reads nothing, not even the data version.
    await db.execute(sql`ALTER TABLE data_versions RENAME TO data_versions_aside`)
    try {
      await expect(refreshAhead(db)).resolves.toBeUndefined()
    } finally {
      await db.execute(sql`ALTER TABLE data_versions_aside RENAME TO data_versions`)
    }
  } finally {
    vi.useRealTimers()
  }
})

// The embedded engine refreshes after every commit that moves the talents' data version, whoever
// wrote: here a single delete through the API. DDL fires no trigger, so with the table renamed
// away only a page cached for the new version can answer.
test.runIf(testEngine() === 'pglite')(
  'PGlite: after any write that moves the data version, the list just looked at is cached for it',
  async ({ api }) => {
    const db = api.database.db
    const admin = await api.as('admin')
    const kept = await api.makeTalent({ fullName: 'Ada Byron', email: 'ada@example.com' })
    const removed = await api.makeTalent({ fullName: 'Bo Chen', email: 'bo@example.com' })
    const list = () => admin.inject('GET', '/api/talents?limit=50')
    expect((await list()).json()).toHaveLength(2)

    const response = await admin.inject('DELETE', `/api/talents/${String(removed)}`)
    expect(response.statusCode, response.body).toBe(200)

    await db.execute(sql`ALTER TABLE talents RENAME TO talents_aside`)
    try {
      const after = await list()
      expect(after.statusCode, after.body).toBe(200)
      expect(after.json()).toMatchObject([{ id: kept }])
      expect(after.headers['x-total-count']).toBe('1')
    } finally {
      await db.execute(sql`ALTER TABLE talents_aside RENAME TO talents`)
    }
  },
)

test.runIf(testEngine() === 'pglite')(
  'PGlite: a transaction that leaves the data version alone loads nothing again',
  async ({ api }) => {
    const db = api.database.db
    const reload = vi.fn(() => Promise.resolve())
    noteAsked(db, 'a page', reload)
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`)
    })
    expect(reload).not.toHaveBeenCalled()
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE data_versions SET version = version + 1 WHERE name = 'talents'`)
    })
    expect(reload).toHaveBeenCalledTimes(1)
  },
)
