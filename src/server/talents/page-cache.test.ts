import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import type { Talent } from '#shared/talent.ts'
import { cachedPage, MAX_CACHE_BYTES, pageBytes, type CachedPage } from '../cache/page-cache.ts'
import { getTalent } from './service.ts'
import { insertTalent } from '#tests/support/talent-rows.ts'

const names = async (api: Api, url = '/api/talents?limit=50') => {
  const response = await (await api.as('user')).inject('GET', url)
  expect(response.statusCode).toBe(200)
  return response.json<{ fullName: string; addedByUser: { firstName: string | null } | null }[]>()
}

describe('the talent page cache: never older than the last committed write', () => {
  // Writes below go straight to the database, as another app process would: nothing in this
  // process is told, so only the data version can make the next page fresh.
  test('a talent written behind the app is listed on the next request', async ({ api }) => {
    const before = await names(api)
    expect(await names(api)).toEqual(before)
    await insertTalent(api.database.db, { fullName: 'Written Elsewhere', email: 'w@x.test' })
    expect((await names(api)).map((t) => t.fullName)).toContain('Written Elsewhere')
  })

  test("an adder's new name shows at once on the talents they added", async ({ api }) => {
    const user = await api.makeUser({ email: 'adder@x.test', firstName: 'Old' })
    await insertTalent(api.database.db, {
      fullName: 'Added By Adder',
      email: 'a@x.test',
      addedById: user.id,
    })
    const adderOf = async () =>
      (await names(api)).find((t) => t.fullName === 'Added By Adder')?.addedByUser?.firstName
    expect(await adderOf()).toBe('Old')
    await api.database.db.execute(sql`update users set first_name = 'New' where id = ${user.id}`)
    expect(await adderOf()).toBe('New')
  })

  test('totals, stat cards and tag counts count a write made behind the app', async ({ api }) => {
    const viewer = await api.as('user')
    const get = (url: string) => viewer.inject('GET', url)
    const total = async () => Number((await get('/api/talents?limit=1')).headers['x-total-count'])
    const stats = async () => (await get('/api/talents/stats')).json<{ total: number }>().total
    const tagCount = async () =>
      (await get('/api/tags'))
        .json<{ name: string; count: number }[]>()
        .find((t) => t.name === 'Behind')?.count
    const [totalBefore, statsBefore] = [await total(), await stats()]
    expect(await tagCount()).toBeUndefined()
    await insertTalent(api.database.db, {
      fullName: 'Counted',
      email: 'c@x.test',
      tags: ['Behind'],
    })
    await api.database.db.execute(sql`insert into tags (name) values ('Behind')`)
    expect(await total()).toBe(totalBefore + 1)
    expect(await stats()).toBe(statsBefore + 1)
    expect(await tagCount()).toBe(1)
  })

  test('a talent opened, edited behind the app, opened again: the new value, the API shape', async ({
    api,
  }) => {
    const viewer = await api.as('user')
    const id = await insertTalent(api.database.db, { fullName: 'Opened', email: 'o@x.test' })
    const open = async () => {
      const response = await viewer.inject('GET', `/api/talents/${id}`)
      expect(response.statusCode).toBe(200)
      return response.json<Talent>()
    }
    expect((await open()).notes).toBeNull()
    await api.database.db.execute(sql`update talents set notes = 'edited' where id = ${id}`)
    const after = await open()
    expect(after).toEqual(await getTalent(api.database.db, id))
    expect(after.notes).toBe('edited')
    const missing = await viewer.inject('GET', '/api/talents/999999')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Talent not found' })
  })

  test('a deleted talent is gone on the next request', async ({ api }) => {
    // Its own talent (tests no longer share rows), listed first so a cached page holds it.
    await insertTalent(api.database.db, { fullName: 'Written Elsewhere', email: 'w@x.test' })
    expect((await names(api)).map((t) => t.fullName)).toContain('Written Elsewhere')
    await api.database.db.execute(sql`delete from talents where email = 'w@x.test'`)
    expect((await names(api)).map((t) => t.fullName)).not.toContain('Written Elsewhere')
  })
})

describe('compressed pages', () => {
  test('brotli once per cached page, gzip by the plugin, the same JSON either way', async ({
    api,
  }) => {
    const viewer = await api.as('user')
    for (let i = 0; i < 30; i++) {
      await insertTalent(api.database.db, { fullName: `Bulk ${i}`, email: `bulk${i}@x.test` })
    }
    const get = (encoding: string) =>
      api.app.inject({
        method: 'GET',
        url: '/api/talents?limit=50',
        headers: { ...viewer.headers, 'accept-encoding': encoding },
      })
    const plain = await get('identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    const [first, second] = [await get('gzip, deflate, br'), await get('br')]
    for (const response of [first, second]) {
      expect(response.headers['content-encoding']).toBe('br')
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(plain.body)
    }
    const gzip = await get('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body)
  })
})

describe('cachedPage', () => {
  const page = (json: string): CachedPage => ({ json, rowCount: 0, nextCursor: undefined })

  test('loads once per version and key; a newer version starts afresh; an older request takes the newer page or keeps nothing', async ({
    api,
  }) => {
    const { db } = api.database
    let loads = 0
    const load = (json: string) => () => {
      loads += 1
      return Promise.resolve(page(json))
    }
    expect(await cachedPage(db, 100, 'k', load('a'))).toEqual(page('a'))
    expect(await cachedPage(db, 100, 'k', load('b'))).toEqual(page('a'))
    expect(loads).toBe(1)
    expect(await cachedPage(db, 101, 'k', load('c'))).toEqual(page('c'))
    // A request that read version 100: the page kept for 101 is at least as fresh.
    expect(await cachedPage(db, 100, 'k', load('old'))).toEqual(page('c'))
    // Nothing kept for 101: it loads its own, and keeps nothing.
    expect(await cachedPage(db, 100, 'other', load('old'))).toEqual(page('old'))
    expect(await cachedPage(db, 101, 'other', load('d'))).toEqual(page('d'))
    expect(loads).toBe(4)
    // A newer version's load under way serves the older request too (an import's writes leave
    // most requests a version behind; each loaded its own page before).
    let finish: (value: CachedPage) => void = () => undefined
    const newer = cachedPage(db, 102, 'k', () => new Promise<CachedPage>((r) => (finish = r)))
    const older = cachedPage(db, 101, 'k', load('own'))
    finish(page('e'))
    expect(await Promise.all([newer, older])).toEqual([page('e'), page('e')])
    expect(loads).toBe(4)
  })

  test('requests that miss together share one load (a write used to cost one query per waiting request)', async ({
    api,
  }) => {
    const { db } = api.database
    let loads = 0
    let finish: (value: CachedPage) => void = () => undefined
    const slow = () => {
      loads += 1
      return new Promise<CachedPage>((resolve) => (finish = resolve))
    }
    const waiting = Array.from({ length: 20 }, () => cachedPage(db, 150, 'k', slow))
    finish(page('shared'))
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 20 }, () => page('shared')))
    expect(loads).toBe(1)
    // A failed load is not kept: the next request tries again.
    const failing = () => {
      loads += 1
      return Promise.reject(new Error('database went away'))
    }
    await expect(cachedPage(db, 150, 'f', failing)).rejects.toThrow('database went away')
    expect(await cachedPage(db, 150, 'f', () => Promise.resolve(page('again')))).toEqual(
      page('again'),
    )
  })

  test('keeps at most maxPages, dropping the least recently used; 0 keeps none', async ({
    api,
  }) => {
    const { db } = api.database
    let loads = 0
    const load = () => {
      loads += 1
      return Promise.resolve(page(String(loads)))
    }
    await cachedPage(db, 200, 'a', load, 2)
    await cachedPage(db, 200, 'b', load, 2)
    await cachedPage(db, 200, 'a', load, 2) // a is now the most recently used
    await cachedPage(db, 200, 'c', load, 2) // drops b
    expect(loads).toBe(3)
    await cachedPage(db, 200, 'a', load, 2)
    expect(loads).toBe(3)
    await cachedPage(db, 200, 'b', load, 2)
    expect(loads).toBe(4)
    await cachedPage(db, 200, 'z', load, 0)
    await cachedPage(db, 200, 'z', load, 0)
    expect(loads).toBe(6)
  })

  test('security rule 31: stays within MAX_CACHE_BYTES however many big pages arrive', async ({
    api,
  }) => {
    const { db } = api.database
    let loads = 0
    const big = () => {
      loads += 1
      return Promise.resolve(page(`[${'"x",'.repeat(50_000)}"${loads}"]`))
    }
    const pageSize = pageBytes(await big())
    const fits = Math.floor(MAX_CACHE_BYTES / pageSize)
    // Far more pages than fit; the page count cap alone would keep them all.
    for (let i = 0; i < fits * 3; i += 1) await cachedPage(db, 300, `big${i}`, big, 10_000)
    loads = 0
    // The newest ones are kept…
    await cachedPage(db, 300, `big${fits * 3 - 1}`, big, 10_000)
    expect(loads).toBe(0)
    // …the oldest went, so the total stayed within the budget.
    await cachedPage(db, 300, 'big0', big, 10_000)
    expect(loads).toBe(1)
    expect(fits).toBeGreaterThan(10)
  })
})
