import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { z } from 'zod'
import { talentSchema } from '#shared/talent.ts'
import { talentListQuerySchema } from '#shared/talent-list-query.ts'
import type { Db } from '../db/open.ts'
import { seededApiTest as test, type SignedIn } from '#tests/support/api-test.ts'
import { CHUNK_BYTES, listTalentsJson, MAX_LIST_BYTES } from './list.ts'
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from './routes.ts'

/**
 * Security rule 31: a bare GET /api/talents (the spec's "all talents") answers at most 8 MB and
 * says where the next page starts, as paged requests do; nothing is lost or repeated across pages.
 */
let viewer: SignedIn
const TALENTS = 1_000
const NOTES_CHARS = 9_500

test.beforeAll(async ({ api }) => {
  viewer = await api.as('user')
  // ~10 MB of talents with long notes, seeded once for the file.
  await api.database.db.execute(sql`
    INSERT INTO talents (full_name, email, area_of_interest, seniority_level, notes)
    SELECT 'Long Notes ' || i, 'long' || i || '@x.test', 'Design', 'mid', repeat('n', ${NOTES_CHARS})
    FROM generate_series(1, ${TALENTS}) AS i`)
})

test('security rule 31: a bare list stops at 8 MB and X-Next-Cursor leads to the rest, none lost or repeated', async () => {
  const seen: number[] = []
  let cursor: string | undefined
  let pages = 0
  do {
    const url = cursor ? `/api/talents?cursor=${encodeURIComponent(cursor)}` : '/api/talents'
    const response = await viewer.inject('GET', url)
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.length).toBeLessThanOrEqual(MAX_LIST_BYTES)
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe(String(TALENTS))
    const rows = z.array(talentSchema).parse(response.json())
    seen.push(...rows.map((row) => row.id))
    cursor = response.headers[NEXT_CURSOR_HEADER] as string | undefined
    pages += 1
  } while (cursor && pages < 10)
  // More than one page: the first stopped at the byte cap, not at the 10,000-row cap.
  expect(pages).toBe(2)
  expect(seen).toHaveLength(TALENTS)
  expect(new Set(seen).size).toBe(TALENTS)
})

const chunkResultSchema = z.object({ rows: z.array(z.object({ json: z.string() })) })

/** The db, counting the JSON bytes each list query read (without $client: every read executes). */
function countingQueries(db: Db): { db: Db; reads: number[] } {
  const reads: number[] = []
  const execute = async (query: Parameters<Db['execute']>[0]) => {
    const result = await db.execute(query)
    const chunk = chunkResultSchema.safeParse(result)
    if (chunk.success) {
      reads.push(chunk.data.rows.reduce((sum, row) => sum + Buffer.byteLength(row.json) + 1, 0))
    }
    return result
  }
  const counting = new Proxy(db, {
    has: (target, key) => key !== '$client' && Reflect.has(target, key),
    get: (target, key, receiver): unknown =>
      key === 'execute' ? execute : Reflect.get(target, key, receiver),
  })
  return { db: counting, reads }
}

test('security rule 31: a long page is read in queries bounded in bytes, not one of 5 MB', async ({
  api,
}) => {
  const { db, reads } = countingQueries(api.database.db)
  const { page } = await listTalentsJson(db, talentListQuerySchema.parse({}))
  const rowBytes = NOTES_CHARS + 1_000
  // The first query reads the dashboard's 50 rows; each later one about CHUNK_BYTES, plus the
  // look-ahead row that says whether more follow.
  for (const bytes of reads.slice(1)) expect(bytes).toBeLessThanOrEqual(CHUNK_BYTES + rowBytes)
  expect(reads.length).toBeGreaterThanOrEqual(
    Math.floor(page.json.length / (CHUNK_BYTES + rowBytes)),
  )
  expect(page.json.length).toBeGreaterThan(MAX_LIST_BYTES - rowBytes)
})

test('security rule 47: a long page is the same JSON whatever the client accepts, sent in slices', async ({
  api,
}) => {
  const ask = (encoding: string) =>
    api.app.inject({
      url: '/api/talents',
      headers: { ...viewer.headers, 'accept-encoding': encoding },
    })
  const plain = await ask('identity')
  expect(plain.statusCode).toBe(200)
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length)
  const json = plain.rawPayload.toString('utf8')
  expect(json.length).toBeGreaterThan(MAX_LIST_BYTES / 2)
  z.array(talentSchema).parse(JSON.parse(json))
  const gzip = await ask('gzip, deflate')
  expect(gzip.headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(json)
  const br = await ask('br, gzip')
  expect(br.headers['content-encoding']).toBe('br')
  expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(json)
})
