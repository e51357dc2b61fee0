import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { z } from 'zod'
import { talentSchema } from '#shared/talent.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { recordStatements } from '#tests/support/record-statements.ts'

/**
 * Per request: a search's typo corrections are looked up once — one query for
 * every word to correct — and the page, its rank and its count carry them as constants. On both
 * engines: every statement the app sends is read off the driver's client.
 */

/** The dictionary's table, in every statement that looks up corrections. */
const DICTIONARY = 'search_word_variants'

async function setNotes(api: Api, id: number, notes: string) {
  await api.database.db.execute(sql`update talents set notes = ${notes} where id = ${id}`)
}

test('two words to correct: one lookup, none in the page, rank or count; none on a repeat', async ({
  api,
}) => {
  const ada = await api.makeTalent({ fullName: 'Ada Lovelace' })
  await setNotes(api, ada, 'python and kubernetes')
  await setNotes(api, await api.makeTalent({ fullName: 'Bo Other' }), 'java')
  const caller = await api.as('user')
  const url = `/api/talents?${new URLSearchParams({ q: 'pyhton kubernets ' })}`
  const recorder = recordStatements(api.database.db)
  try {
    const response = await caller.inject('GET', url)
    expect(response.statusCode, response.body).toBe(200)
    const rows = z.array(talentSchema).parse(response.json())
    expect(rows.map((t) => t.fullName)).toEqual(['Ada Lovelace'])
    expect(response.headers['x-total-count']).toBe('1')
    const texts = recorder.texts()
    // The page (ranked) and its count were sent through this client: the test sees them.
    expect(texts.filter((text) => text.includes('ts_rank'))).toHaveLength(1)
    expect(texts.filter((text) => text.includes('count('))).not.toHaveLength(0)
    expect(texts.filter((text) => text.includes(DICTIONARY))).toHaveLength(1)

    // A repeat is answered from the page and count caches: no lookup at all.
    const sent = texts.length
    const again = await caller.inject('GET', url)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.headers['x-total-count']).toBe('1')
    expect(
      recorder
        .texts()
        .slice(sent)
        .filter((text) => text.includes(DICTIONARY)),
    ).toEqual([])
  } finally {
    recorder.stop()
  }
})

test('words not to correct make no lookup', async ({ api }) => {
  await api.makeTalent({ fullName: 'Ada Lovelace' })
  const caller = await api.as('user')
  const recorder = recordStatements(api.database.db)
  try {
    // Under 5 letters, a phrase, an exclusion, a field term.
    const q = 'ada "ada lovelace" -pyhton level:senior'
    const response = await caller.inject('GET', `/api/talents?${new URLSearchParams({ q })}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(recorder.texts().filter((text) => text.includes(DICTIONARY))).toEqual([])
  } finally {
    recorder.stop()
  }
})

test('a bulk action and an export by a misspelt search act on the talents the list shows', async ({
  api,
}) => {
  const ada = await api.makeTalent({ fullName: 'Ada Lovelace' })
  await setNotes(api, ada, 'python')
  await api.makeTalent({ fullName: 'Bo Other' })
  const caller = await api.as('user')
  const q = 'pyhton '
  const exported = await caller.inject(
    'GET',
    `/api/talents/export?${new URLSearchParams({ format: 'csv', q })}`,
  )
  expect(exported.statusCode, exported.body).toBe(200)
  expect(exported.body).toContain('Ada Lovelace')
  expect(exported.body).not.toContain('Bo Other')

  const bulk = await caller.inject('POST', '/api/talents/bulk', {
    action: 'setStatus',
    filter: { q },
    payload: { statuses: ['Shortlisted'] },
  })
  expect(bulk.statusCode, bulk.body).toBe(200)
  expect(bulk.json()).toMatchObject({ affected: 1 })
})
