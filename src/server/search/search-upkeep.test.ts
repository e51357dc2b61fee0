import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { z } from 'zod'
import { talentSchema, type Talent } from '#shared/talent.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { makePdf, uploadCv } from '#tests/support/cv-files.ts'
import { rawRows } from '../db/raw-rows.ts'

/**
 * The search document follows every write that changes what it holds, in the same
 * transaction — edits, tag renames and deletes, a CV attached, read, replaced or removed.
 */

async function search(api: Api, q: string): Promise<Talent[]> {
  const caller = await api.as('user')
  const response = await caller.inject('GET', `/api/talents?${new URLSearchParams({ q })}`)
  expect(response.statusCode, response.body).toBe(200)
  return z.array(talentSchema).parse(response.json())
}

const names = async (api: Api, q: string) => (await search(api, q)).map((t) => t.fullName)

function upload(api: Api, who: SignedIn, talentId: number, name: string, bytes: Buffer) {
  return uploadCv(api.app, who, talentId, { name, bytes })
}

test("a CV's text is found once read, and no longer once replaced or removed", async ({ api }) => {
  const admin = await api.as('admin')
  const id = await api.makeTalent({ fullName: 'Dana Reyes', email: 'dana@x.test' })
  const pdf = makePdf(['Dana Reyes', 'Platform work: Kubernetes operators and Terraform modules'])
  expect((await upload(api, admin, id, 'cv.pdf', pdf)).statusCode).toBe(201)
  // A job reads the PDF; it may be done before a search here could ask, so none asks before it.
  await api.app.jobs.drain()
  const [found] = await search(api, 'terraform kubernetes ')
  expect(found?.fullName).toBe('Dana Reyes')
  expect(found?.match?.field).toBe('cv')
  const snippet = found?.match?.snippet ?? ''
  const marked = (found?.match?.highlights ?? []).map(([start, end]) => snippet.slice(start, end))
  expect(marked).toEqual(['Kubernetes', 'Terraform'])

  // A new version replaces the text the search knows (a text file is read at once).
  const markdown = Buffer.from('# Dana\n\nHaskell and Elm')
  expect((await upload(api, admin, id, 'cv.md', markdown)).statusCode).toBe(201)
  expect(await names(api, 'terraform ')).toEqual([])
  expect(await names(api, 'haskell ')).toEqual(['Dana Reyes'])

  const removed = await admin.inject('DELETE', `/api/talents/${id}/cv`)
  expect(removed.statusCode).toBe(204)
  expect(await names(api, 'haskell ')).toEqual([])
  expect(await names(api, 'dana ')).toEqual(['Dana Reyes'])
})

test('an edit reaches the document; so do tag renames, merges and deletes', async ({ api }) => {
  const admin = await api.as('admin')
  const blockchain = await api.makeTag('Blockchain')
  const ledger = await api.makeTag('Ledgers')
  const id = await api.makeTalent({
    fullName: 'Mei Chen',
    email: 'mei@x.test',
    tags: ['Blockchain'],
  })
  const edit = await admin.inject('PUT', `/api/talents/${id}`, {
    fullName: 'Mei Chen',
    email: 'mei@x.test',
    areaOfInterest: 'Science',
    seniorityLevel: 'mid',
    notes: 'Elixir and Phoenix',
  })
  expect(edit.statusCode, edit.body).toBe(200)
  expect(await names(api, 'elixir blockchain ')).toEqual(['Mei Chen'])

  const renamed = await admin.inject('PUT', `/api/tags/${blockchain}`, { name: 'Crypto' })
  expect(renamed.statusCode, renamed.body).toBe(200)
  expect(await names(api, 'blockchain ')).toEqual([])
  expect(await names(api, 'crypto ')).toEqual(['Mei Chen'])

  const merged = await admin.inject('POST', `/api/tags/${blockchain}/merge`, { targetId: ledger })
  expect(merged.statusCode, merged.body).toBe(200)
  expect(await names(api, 'crypto ')).toEqual([])
  expect(await names(api, 'ledgers ')).toEqual(['Mei Chen'])

  const deleted = await admin.inject('DELETE', `/api/tags/${ledger}`)
  expect(deleted.statusCode, deleted.body).toBe(200)
  expect(await names(api, 'ledgers ')).toEqual([])

  expect((await admin.inject('DELETE', `/api/talents/${id}`)).statusCode).toBe(200)
  expect(await names(api, 'elixir ')).toEqual([])
})

/** Talents whose stored document differs from the whole document computed afresh. */
async function staleDocuments(api: Api): Promise<number[]> {
  const rows = await rawRows<{ id: number }>(
    api.database.db,
    sql`select id from talents where search_document is distinct from talent_search_document(
      full_name, email, phone, linkedin_url, area_of_interest, seniority_level, notes, tags, status)
      order by id`,
  )
  return rows.map((row) => row.id)
}

test('a change of labels alone re-cuts only their words, to exactly the whole document', async ({
  api,
}) => {
  // Migration 0019: tags, statuses, area or level alone keep the own text's words (ts_filter)
  // and append the new labels'; the result must be what a full recomputation gives.
  const user = await api.as('user')
  await api.makeTag('Job Fair')
  await api.makeTag('Rust')
  const ids = [
    await api.makeTalent({ fullName: 'Zoë Ortiz', email: 'zoe.ortiz@x.test', tags: ['Rust'] }),
    await api.makeTalent({ fullName: 'Job Fairweather' }),
    await api.makeTalent({ fullName: 'Noel Quiet' }),
  ]
  await api.database.db.execute(sql`update talents set phone = '+1 (555) 010-2000',
    linkedin_url = 'https://www.linkedin.com/in/zoe-ortiz/',
    notes = 'Fair-minded Élixir engineer, job hopper' where id = ${ids[0]}`)
  await api.database.db.execute(sql`update talents set notes = 'a fair job' where id = ${ids[1]}`)
  const bulk = (action: string, payload: Record<string, string[]>) =>
    user.inject('POST', '/api/talents/bulk', { action, ids, payload })

  const tagged = await bulk('addTags', { tags: ['Job Fair'] })
  expect(tagged.statusCode, tagged.body).toBe(200)
  expect(await staleDocuments(api)).toEqual([])
  expect(await names(api, '"job fair" noel ')).toEqual(['Noel Quiet'])
  expect(await names(api, 'elixir fair ')).toEqual(['Zoë Ortiz'])

  expect((await bulk('setStatus', { statuses: ['Interviewed'] })).statusCode).toBe(200)
  await api.database.db.execute(
    sql`update talents set seniority_level = 'exec' where id = ${ids[2]}`,
  )
  expect(await staleDocuments(api)).toEqual([])
  expect(await names(api, 'interviewed exec ')).toEqual(['Noel Quiet'])

  const untagged = await bulk('removeTags', { tags: ['Job Fair', 'Rust'] })
  expect(untagged.statusCode, untagged.body).toBe(200)
  expect(await staleDocuments(api)).toEqual([])
  expect(await names(api, 'rust ')).toEqual([])
  // Words the own text holds stay, whatever the labels did.
  expect(await names(api, 'job fair ')).toEqual(['Job Fairweather', 'Zoë Ortiz'].sort())
  expect((await names(api, 'ortiz 15550102000 zoe ')).length).toBe(1)

  const { bulkId } = z.object({ bulkId: z.number() }).parse(tagged.json())
  const undone = await user.inject('POST', `/api/bulk/${bulkId}/undo`)
  expect(undone.statusCode, undone.body).toBe(200)
  expect(await staleDocuments(api)).toEqual([])

  // The document is the database's to keep: written directly, it is recomputed.
  await api.database.db.execute(sql`update talents set search_document = ''::tsvector`)
  expect(await staleDocuments(api)).toEqual([])
  expect(await names(api, 'zoe ')).toEqual(['Zoë Ortiz'])
})
