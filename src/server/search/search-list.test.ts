import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { expect } from 'vitest'
import { z } from 'zod'
import { MAX_SEARCH_LENGTH, MAX_SEARCH_TERMS } from '#shared/search/search-query-schema.ts'
import { talentSchema } from '#shared/talent.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'

/** GET /api/talents?q= — what the query language finds, on the engine under test. */

type Params = Record<string, string>

async function list(api: Api, params: Params) {
  const caller = await api.as('user')
  const response = await caller.inject('GET', `/api/talents?${new URLSearchParams(params)}`)
  return response
}

/** The names a query finds, sorted (these tests are about what matches, not the order). */
async function names(api: Api, params: Params): Promise<string[]> {
  const response = await list(api, params)
  expect(response.statusCode, response.body).toBe(200)
  const rows = z.array(talentSchema).parse(response.json())
  expect(Number(response.headers['x-total-count'])).toBe(rows.length)
  return rows.map((row) => row.fullName).sort()
}

async function pool(api: Api) {
  const rita = await api.makeUser({ firstName: 'Rita', lastName: 'Moreno', email: 'rita@x.test' })
  await api.makeTag('Rust')
  await api.makeTalent({ fullName: 'Priya Patel', email: 'priya@x.test', tags: ['Rust'] })
  await api.makeTalent({
    fullName: 'Joanna Smith',
    email: 'jo@x.test',
    seniorityLevel: 'senior',
    areaOfInterest: 'Design',
    tags: ['High Potential'],
    addedById: rita.id,
  })
  await api.makeTalent({ fullName: 'Omar Haddad', email: 'omar@x.test', status: ['Hired'] })
  await api.makeTalent({ fullName: 'José Núñez', email: 'jose@x.test', seniorityLevel: 'senior' })
  // Notes straight into the row: the generated document follows any write (migration 0012).
  const notes = (email: string, text: string) =>
    api.database.db.execute(sql`update talents set notes = ${text} where email = ${email}`)
  await notes('priya@x.test', 'Python and Kubernetes; machine learning pipelines')
  await notes('omar@x.test', 'Learning machine tools. Python 2 only. No relocation.')
  await notes('jose@x.test', 'Golang, kubernetes operators')
}

test('words must all match, each in any field; a phrase keeps its words in order', async ({
  api,
}) => {
  await pool(api)
  expect(await names(api, { q: 'priya python' })).toEqual(['Priya Patel'])
  expect(await names(api, { q: 'python ' })).toEqual(['Omar Haddad', 'Priya Patel'])
  expect(await names(api, { q: 'kubernetes rust ' })).toEqual(['Priya Patel'])
  expect(await names(api, { q: '"machine learning"' })).toEqual(['Priya Patel'])
  expect(await names(api, { q: '"learning machine"' })).toEqual(['Omar Haddad'])
})

test('OR, exclusions, excluded phrases, and a query of exclusions only', async ({ api }) => {
  await pool(api)
  expect(await names(api, { q: 'rust OR golang' })).toEqual(['José Núñez', 'Priya Patel'])
  expect(await names(api, { q: 'python -kubernetes' })).toEqual(['Omar Haddad'])
  expect(await names(api, { q: 'python -"no relocation"' })).toEqual(['Priya Patel'])
  // Only exclusions: everyone except them.
  expect(await names(api, { q: '-python' })).toEqual(['Joanna Smith', 'José Núñez'])
  expect(await names(api, { q: '-python -senior' })).toEqual([])
})

test('field terms filter like the panel and combine with its parameters by AND', async ({
  api,
}) => {
  await pool(api)
  expect(await names(api, { q: 'level:senior' })).toEqual(['Joanna Smith', 'José Núñez'])
  expect(await names(api, { q: 'level:senior', areaOfInterest: 'Design' })).toEqual([
    'Joanna Smith',
  ])
  expect(await names(api, { q: 'tag:high-potential' })).toEqual(['Joanna Smith'])
  expect(await names(api, { q: 'tag:rust' })).toEqual(['Priya Patel'])
  expect(await names(api, { q: 'python -status:hired' })).toEqual(['Priya Patel'])
  expect(await names(api, { q: 'addedby:rita' })).toEqual(['Joanna Smith'])
  expect(await names(api, { q: 'addedby:"rita moreno"' })).toEqual(['Joanna Smith'])
  // A talent with no adder is not excluded by excluding an adder.
  expect(await names(api, { q: '-addedby:rita' })).toHaveLength(3)
  expect(await names(api, { q: 'has:cv' })).toEqual([])
  expect(await names(api, { q: '-has:cv level:senior' })).toEqual(['Joanna Smith', 'José Núñez'])
  expect(await names(api, { q: 'area:design OR status:hired' })).toEqual([
    'Joanna Smith',
    'Omar Haddad',
  ])
  // `search` keeps its spec meaning (name or e-mail substring) and ANDs with q.
  expect(await names(api, { q: 'python', search: 'pri' })).toEqual(['Priya Patel'])
})

test('the last word is a prefix while typed; accents and case fold', async ({ api }) => {
  await pool(api)
  expect(await names(api, { q: 'kube' })).toEqual(['José Núñez', 'Priya Patel'])
  // A space after it: a finished word, matched whole.
  expect(await names(api, { q: 'kube ' })).toEqual([])
  expect(await names(api, { q: 'jose ' })).toEqual(['José Núñez'])
  expect(await names(api, { q: 'NUÑEZ ' })).toEqual(['José Núñez'])
  expect(await names(api, { q: 'golang KUBERNETES ' })).toEqual(['José Núñez'])
})

test("the spec's `ann` still finds Joanna (name or e-mail substring, 3+ characters)", async ({
  api,
}) => {
  await pool(api)
  expect(await names(api, { q: 'ann' })).toEqual(['Joanna Smith'])
  expect(await names(api, { q: 'ann ' })).toEqual(['Joanna Smith'])
  expect(await names(api, { q: 'x.test ' })).toHaveLength(4)
  // Two letters: whole words only (`jo` is Joanna's e-mail local part).
  expect(await names(api, { q: 'jo ' })).toEqual(['Joanna Smith'])
  expect(await names(api, { q: 'at ' })).toEqual([])
  // Exclusions are whole words: `-ann` keeps Joanna.
  expect(await names(api, { q: '-ann' })).toHaveLength(4)
})

test('odd input answers sensibly, never an error: unbalanced quotes, lone operators', async ({
  api,
}) => {
  await pool(api)
  // The lone quote reads as a space: two words, the last a prefix.
  expect(await names(api, { q: '"machine lea' })).toEqual(['Omar Haddad', 'Priya Patel'])
  expect(await names(api, { q: 'OR' })).toHaveLength(4)
  for (const q of [
    '"',
    '-',
    'OR OR',
    'tag:',
    '-""',
    'python OR',
    '%_\\',
    "o'neil",
    '日本語',
    ':*',
  ]) {
    const response = await list(api, { q })
    expect(response.statusCode, `${q}: ${response.body}`).toBe(200)
  }
})

test('a query over 500 characters or 32 terms is a 400 with the message', async ({ api }) => {
  const long = await list(api, { q: 'a'.repeat(MAX_SEARCH_LENGTH + 1) })
  expect(long.statusCode).toBe(400)
  expect(long.json()).toMatchObject({
    fieldErrors: { q: [`Search must be at most ${MAX_SEARCH_LENGTH} characters`] },
  })
  const many = await list(api, { q: Array.from({ length: 33 }, (_, i) => `w${i}`).join(' ') })
  expect(many.statusCode).toBe(400)
  expect(many.json()).toMatchObject({
    fieldErrors: { q: [`Search can have at most ${MAX_SEARCH_TERMS} terms`] },
  })
  // Two-letter words: words of three letters or more have a cap of their own (security rule 43).
  const enough = await list(api, {
    q: Array.from({ length: 32 }, (_, i) => `w${i.toString(36)}`).join(' '),
  })
  expect(enough.statusCode).toBe(200)
})

test('an explicit sort orders the matches; without q every item has match null', async ({
  api,
}) => {
  await pool(api)
  const sorted = await list(api, { q: 'python', sort: 'name_desc' })
  const rows = z.array(talentSchema).parse(sorted.json())
  expect(rows.map((row) => row.fullName)).toEqual(['Priya Patel', 'Omar Haddad'])
  const plain = z.array(talentSchema).parse((await list(api, {})).json())
  expect(plain).toHaveLength(4)
  for (const row of plain) expect(row.match).toBeNull()
})

test('any query within the limits answers 200 on the engine: property test', async ({ api }) => {
  await pool(api)
  const caller = await api.as('user')
  // Words, the language's operators and what tsquery, LIKE and regular expressions treat specially.
  const piece = fc.constantFrom(
    'python',
    'jo',
    'ann',
    'Núñez',
    'OR',
    '-',
    '"',
    ':',
    '*',
    ':*',
    '\\',
    "'",
    '!',
    '&',
    '|',
    '<->',
    '(',
    ')',
    '%',
    '_',
    'tag:',
    'level:',
    'addedby:',
    'has:cv',
    'area:"Law & Ethics"',
    ' ',
    '  ',
    '日本',
    'ß',
    '\u0301',
    '🙂',
    '.',
    'e-mail',
    '0',
  )
  const query = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''))
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      const params = new URLSearchParams({ q, limit: '5' })
      const response = await caller.inject('GET', `/api/talents?${params}`)
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200)
      const next = response.headers['x-next-cursor']
      if (typeof next === 'string') {
        params.set('cursor', next)
        const more = await caller.inject('GET', `/api/talents?${params}`)
        expect(more.statusCode, `${q} (next page): ${more.body}`).toBe(200)
      }
    }),
    { numRuns: 150 },
  )
})
