import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { z } from 'zod'
import { talentSchema, type Talent } from '#shared/talent.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { uploadCv } from '#tests/support/cv-files.ts'
import { encodeCursor } from './cursor.ts'

/** Relevance order, its cursor, and the `match` each result carries. */

async function page(api: Api, params: Record<string, string>) {
  const caller = await api.as('user')
  const response = await caller.inject('GET', `/api/talents?${new URLSearchParams(params)}`)
  return response
}

async function rows(api: Api, params: Record<string, string>): Promise<Talent[]> {
  const response = await page(api, params)
  expect(response.statusCode, response.body).toBe(200)
  return z.array(talentSchema).parse(response.json())
}

async function setNotes(api: Api, id: number, notes: string) {
  await api.database.db.execute(sql`update talents set notes = ${notes} where id = ${id}`)
}

test('name and e-mail hits first, then tags, notes, CV text; exact words before prefixes', async ({
  api,
}) => {
  const admin = await api.as('admin')
  // Created best first: newest-first (the order without a query) is the reverse of relevance.
  await api.makeTalent({ fullName: 'Ada Rust', email: 'c6@x.test' })
  await api.makeTalent({ fullName: 'Rusty Jones', email: 'c5@x.test' })
  await api.makeTalent({ fullName: 'In Tags', email: 'c4@x.test', tags: ['Rust'] })
  const inNotes = await api.makeTalent({ fullName: 'In Notes', email: 'c3@x.test' })
  await setNotes(api, inNotes, 'rust rust rust rust')
  const prefixOnly = await api.makeTalent({ fullName: 'Prefix Only', email: 'c2@x.test' })
  await setNotes(api, prefixOnly, 'a rustacean')
  const cv = await api.makeTalent({ fullName: 'In Cv', email: 'c1@x.test' })
  // A CV repeating the word 200 times still ranks below one hit in the notes.
  const cvText = Buffer.from(`Rust ${'rust, '.repeat(200)}`)
  const attached = await uploadCv(api.app, admin, cv, { name: 'cv.txt', bytes: cvText })
  expect(attached.statusCode, attached.body).toBe(201)

  const order = async (q: string) => (await rows(api, { q })).map((t) => t.fullName)
  // 'Rusty' holds 'rust' inside a word (the spec's substring rule): after a whole-word name hit.
  expect(await order('rust ')).toEqual(['Ada Rust', 'Rusty Jones', 'In Tags', 'In Notes', 'In Cv'])
  // Still typing: 'rust' is also a prefix, and an exact 'rust' ranks above 'rustacean'.
  expect(await order('rust')).toEqual([
    'Ada Rust',
    'Rusty Jones',
    'In Tags',
    'In Notes',
    'Prefix Only',
    'In Cv',
  ])
  // The sort menu still overrides.
  const newest = await rows(api, { q: 'rust ', sort: 'newest' })
  expect(newest.map((t) => t.fullName)).toEqual([
    'In Cv',
    'In Notes',
    'In Tags',
    'Rusty Jones',
    'Ada Rust',
  ])
})

test('relevance pages follow X-Next-Cursor without duplicates or gaps', async ({ api }) => {
  // Three tiers with ties inside each: the id breaks them. More than the 50 rows a bare call's
  // first query reads, so its later queries continue from a relevance cursor too.
  for (let i = 0; i < 57; i++) {
    const tier = i % 3
    const id = await api.makeTalent({
      fullName: tier === 0 ? `Kotlin Dev ${i}` : `Person ${i}`,
      email: `p${i}@x.test`,
      tags: tier === 1 ? ['Kotlin'] : [],
    })
    if (tier === 2) await setNotes(api, id, `kotlin ${'and java '.repeat(i)}`)
  }
  const all = await rows(api, { q: 'kotlin ', limit: '200' })
  expect(all).toHaveLength(57)
  const bare = await rows(api, { q: 'kotlin ' })
  expect(bare.map((t) => t.id)).toEqual(all.map((t) => t.id))
  const seen: number[] = []
  let cursor: string | undefined
  for (let pages = 0; pages < 20; pages++) {
    const response = await page(api, { q: 'kotlin ', limit: '9', ...(cursor ? { cursor } : {}) })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['x-total-count']).toBe('57')
    seen.push(
      ...z
        .array(talentSchema)
        .parse(response.json())
        .map((t) => t.id),
    )
    const next = response.headers['x-next-cursor']
    cursor = typeof next === 'string' ? next : undefined
    if (!cursor) break
  }
  expect(seen).toEqual(all.map((t) => t.id))
  expect(all.slice(0, 19).every((t) => t.fullName.startsWith('Kotlin Dev'))).toBe(true)
})

test('security rule 36: a forged or foreign cursor is a 400, never a 500', async ({ api }) => {
  await api.makeTalent({ fullName: 'Kotlin Dev', email: 'k@x.test' })
  const forged = [
    encodeCursor({ sort: 'relevance', key: '1; drop table talents', id: 1 }),
    encodeCursor({ sort: 'relevance', key: '1e+400', id: 1 }),
    encodeCursor({ sort: 'relevance', key: 'NaN', id: 1 }),
    encodeCursor({ sort: 'relevance', key: '-1.5', id: 1 }),
    // Another order's cursor.
    encodeCursor({ sort: 'newest', key: '2025-01-01T00:00:00.000000Z', id: 1 }),
  ]
  for (const cursor of forged) {
    const response = await page(api, { q: 'kotlin', cursor })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ message: 'Invalid cursor' })
  }
  const valid = encodeCursor({ sort: 'relevance', key: '6.079271e-05', id: 2_000_000 })
  expect((await page(api, { q: 'kotlin', cursor: valid })).statusCode).toBe(200)
})

test('match: the best field, a short snippet around the hit, highlights inside it', async ({
  api,
}) => {
  const id = await api.makeTalent({ fullName: 'Lena Vogel', email: 'lena@x.test' })
  const filler = 'Worked across several teams on internal tooling and release engineering. '
  await setNotes(api, id, `${filler.repeat(4)}Led the Python migration to Kubernetes. ${filler}`)
  const [row] = await rows(api, { q: 'python kubernetes ' })
  expect(row?.match?.field).toBe('notes')
  const { snippet = '', highlights = [] } = row?.match ?? {}
  expect(snippet.length).toBeLessThanOrEqual(162)
  expect(snippet.startsWith('…')).toBe(true)
  expect(highlights.map(([s, e]) => snippet.slice(s, e))).toEqual(['Python', 'Kubernetes'])

  const [byName] = await rows(api, { q: 'vog' })
  expect(byName?.match).toEqual({ field: 'name', snippet: 'Lena Vogel', highlights: [[5, 8]] })
  // Field terms and exclusions explain nothing: no words to show.
  const [filtered] = await rows(api, { q: 'level:mid -java' })
  expect(filtered?.match).toBeNull()
})
