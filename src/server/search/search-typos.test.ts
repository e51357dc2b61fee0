import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { z } from 'zod'
import { talentSchema, type Talent } from '#shared/talent.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { uploadCv } from '#tests/support/cv-files.ts'

/**
 * Typos forgiven — one in words of 5 to 8 letters, two from 9, none under 5; an
 * adjacent swap is one; exact hits rank above corrected ones. On both engines.
 */

async function search(api: Api, q: string): Promise<Talent[]> {
  const caller = await api.as('user')
  const response = await caller.inject('GET', `/api/talents?${new URLSearchParams({ q })}`)
  expect(response.statusCode, response.body).toBe(200)
  return z.array(talentSchema).parse(response.json())
}

const names = async (api: Api, q: string) => (await search(api, q)).map((t) => t.fullName)

async function setNotes(api: Api, id: number, notes: string) {
  await api.database.db.execute(sql`update talents set notes = ${notes} where id = ${id}`)
}

test('pyhton finds Python, kubernets finds Kubernetes in a CV; java never finds jaba', async ({
  api,
}) => {
  const admin = await api.as('admin')
  await api.makeTag('Python')
  await api.makeTalent({ fullName: 'Ada Lovelace', tags: ['Python'] })
  const jaba = await api.makeTalent({ fullName: 'Jo Jaba' })
  await setNotes(api, jaba, 'jaba the hutt')
  const cv = await api.makeTalent({ fullName: 'Dana Reyes' })
  const attached = await uploadCv(api.app, admin, cv, {
    name: 'cv.txt',
    bytes: Buffer.from('Platform engineer: Kubernetes operators, Terraform'),
  })
  expect(attached.statusCode, attached.body).toBe(201)
  await api.app.jobs.drain()

  // Typed with a space after (a whole word) or still typing (a prefix as well).
  const [ada] = await search(api, 'pyhton ')
  // Why it matched: the word it was corrected to, highlighted.
  const snippet = ada?.match?.snippet ?? ''
  const marked = (ada?.match?.highlights ?? []).map(([start, end]) => snippet.slice(start, end))
  expect([ada?.fullName, ada?.match?.field, marked]).toEqual(['Ada Lovelace', 'tags', ['Python']])
  expect(await names(api, 'pyhton')).toEqual(['Ada Lovelace'])
  expect(await names(api, 'kubernets ')).toEqual(['Dana Reyes'])
  // Two typos from 9 letters: a swap and a missing letter.
  expect(await names(api, 'kuberntes terrafrom ')).toEqual(['Dana Reyes'])
  // Four letters: no typo forgiven, and 'jaba' is no 'java'.
  await setNotes(api, cv, 'knows java')
  expect(await names(api, 'java ')).toEqual(['Dana Reyes'])
  expect(await names(api, 'jabba ')).toEqual(['Jo Jaba'])
  // Exclusions and phrases are taken exactly.
  expect(await names(api, 'pyhton -pyhton ')).toEqual(['Ada Lovelace'])
  expect(await names(api, '"pyhton"')).toEqual([])
  // Two typos in a word of 5 to 8 letters are too many.
  expect(await names(api, 'pyhotn ')).toEqual([])
  // Attaching and reading a CV takes a job: more than the default 30 s on a loaded machine.
}, 90_000)

test('a word is corrected to even when dozens of closer-looking words crowd it', async ({
  api,
}) => {
  // 'pyhtonaa' … share six of pyhton's trigrams (similarity 0.6) but are two letters away;
  // python shares three (0.27) and is one swap away. Read by trigram distance, the 30 nearest
  // words were all crowders, and python was never offered.
  const crowders = Array.from(
    { length: 40 },
    (_, i) => `pyhton${'abcdefgh'[i % 8]}${'ijklm'[i % 5]}`,
  )
  await setNotes(api, await api.makeTalent({ fullName: 'Dee Coy' }), crowders.join(' '))
  await setNotes(api, await api.makeTalent({ fullName: 'Ada Lovelace' }), 'python')
  expect(await names(api, 'pyhton ')).toEqual(['Ada Lovelace'])
})

test('exact hits rank above corrected ones in the same field', async ({ api }) => {
  const typed = await api.makeTalent({ fullName: 'Tess Typed', email: 'a@x.test' })
  const right = await api.makeTalent({ fullName: 'Rita Right', email: 'b@x.test' })
  await setNotes(api, typed, 'pyhton scripts')
  await setNotes(api, right, 'python scripts')
  const order = async (q: string) => (await search(api, q)).map((t) => t.id)
  expect(await order('pyhton ')).toEqual([typed, right])
  expect(await order('python ')).toEqual([right, typed])
  expect(await order('scripts pyhton ')).toEqual([typed, right])
})

test('new words are corrected to as soon as they are written: edits, new talents, tags', async ({
  api,
}) => {
  const admin = await api.as('admin')
  const id = await api.makeTalent({ fullName: 'Mei Chen' })
  expect(await names(api, 'elixr ')).toEqual([])
  await setNotes(api, id, 'Elixir and Phoenix')
  expect(await names(api, 'elixr phoenx ')).toEqual(['Mei Chen'])

  const created = await admin.inject('POST', '/api/tags', { name: 'Blockchain' })
  expect(created.statusCode, created.body).toBe(201)
  const tagged = await admin.inject('POST', '/api/talents/bulk', {
    action: 'addTags',
    ids: [id],
    payload: { tags: ['Blockchain'] },
  })
  expect(tagged.statusCode, tagged.body).toBe(200)
  expect(await names(api, 'blokchain ')).toEqual(['Mei Chen'])
  // Statuses are known before any talent carries one.
  await admin.inject('POST', '/api/talents/bulk', {
    action: 'setStatus',
    ids: [id],
    payload: { statuses: ['Shortlisted'] },
  })
  expect(await names(api, 'shortlsited ')).toEqual(['Mei Chen'])
})

test('a word as typed in any field ranks above a correction of it, even in a name', async ({
  api,
}) => {
  // `cobol` corrects to `cool` (one letter); the e-mail's `cool` is a name-weight (A) hit.
  const cool = await api.makeTalent({ fullName: 'Hubert Bruen', email: 'hubert@cool-pillow.com' })
  const cobol = await api.makeTalent({ fullName: 'Dagny Marchetti', email: 'd@x.test' })
  await setNotes(api, cobol, 'COBOL mainframe batch jobs')
  const order = async (q: string) => (await search(api, q)).map((t) => t.id)
  expect(await order('cobol ')).toEqual([cobol, cool])
  // Either word: a word typed right outranks the other's correction.
  expect(await order('cobol OR java ')).toEqual([cobol, cool])
})
