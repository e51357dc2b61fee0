import { expect } from 'vitest'
import { z } from 'zod'
import { talentSchema, type Talent } from '#shared/talent.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { makePdf, multipart } from '#tests/support/cv-files.ts'

/**
 * Issue 17: the search document follows every write that changes what it holds, in the same
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
  const { payload, headers } = multipart({ name, bytes })
  return api.app.inject({
    method: 'POST',
    url: `/api/talents/${talentId}/cv`,
    headers: { ...who.headers, ...headers },
    payload,
  })
}

test("a CV's text is found once read, and no longer once replaced or removed", async ({ api }) => {
  const admin = await api.as('admin')
  const id = await api.makeTalent({ fullName: 'Dana Reyes', email: 'dana@x.test' })
  const pdf = makePdf(['Dana Reyes', 'Platform work: Kubernetes operators and Terraform modules'])
  expect((await upload(api, admin, id, 'cv.pdf', pdf)).statusCode).toBe(201)
  // Still being read: nothing to find yet.
  expect(await names(api, 'terraform ')).toEqual([])
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
