import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { DuplicateCandidate } from '#shared/duplicates.ts'
import type { Talent } from '#shared/talent.ts'
import { apiTestWith, type SignedIn } from '#tests/support/api-test.ts'
import { addTalent } from '#tests/support/duplicate-talents.ts'
import { insertTalent } from '#tests/support/talent-rows.ts'
import { rawRows } from '../db/raw-rows.ts'
import { phoneE164 } from './phone-keys.ts'

const test = apiTestWith({ defaultPhoneRegion: 'US' })

async function check(caller: SignedIn, query: Record<string, string>) {
  const response = await caller.inject(
    'GET',
    `/api/talents/duplicates?${new URLSearchParams(query)}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<DuplicateCandidate[]>()
}

test('phones are compared in E.164: a reformatted number is the same phone', async ({ api }) => {
  const user = await api.as('user')
  const dana = await addTalent(user, { phone: '+1 (415) 555-0134' })
  const found = await check(user, { phone: '415.555.0134', fullName: 'D. R.' })
  expect(found).toHaveLength(1)
  expect(found[0]?.talent.id).toBe(dana.id)
  expect(found[0]?.reasons).toEqual(['same phone number'])
  expect(found[0]?.confidence).toBe(0.95)
  expect(await check(user, { phone: '415 555 0135' })).toEqual([])
})

test('no region guessing: without DEFAULT_PHONE_REGION only international numbers match', () => {
  expect(phoneE164('(415) 555-0134', undefined)).toBe('')
  expect(phoneE164('+1 415 555 0134', undefined)).toBe('+14155550134')
  expect(phoneE164('020 7946 0958', 'GB')).toBe('+442079460958')
  expect(phoneE164('call me', 'US')).toBe('')
})

test('a phone changed by any path (even raw SQL) gets its key again before the next check', async ({
  api,
}) => {
  const user = await api.as('user')
  const id = await insertTalent(api.database.db, { fullName: 'Raw Row', email: 'raw@example.com' })
  await api.database.db.execute(`UPDATE talents SET phone = '+44 20 7946 0958' WHERE id = ${id}`)
  const found = await check(user, { phone: '+442079460958' })
  expect(found.map((c) => c.talent.id)).toEqual([id])
  // The key is no edit: updated_at did not move (undo and stale-edit checks read it).
  const after = await user.inject('GET', `/api/talents/${id}`)
  expect(after.json<Talent>().updatedAt).toBe(after.json<Talent>().createdAt)
})

test('LinkedIn profiles are compared without scheme, www or locale host, query and trailing slash', async ({
  api,
}) => {
  const user = await api.as('user')
  const dana = await addTalent(user, { linkedinUrl: 'https://www.linkedin.com/in/dana-reyes/' })
  for (const url of [
    'http://de.linkedin.com/in/Dana-Reyes?trk=public',
    'https://linkedin.com/in/dana-reyes',
    'https://www.linkedin.com/in/dana-reyes///#about',
  ]) {
    const found = await check(user, { linkedinUrl: url })
    expect(
      found.map((c) => [c.talent.id, c.reasons]),
      url,
    ).toEqual([[dana.id, ['same LinkedIn profile']]])
  }
  expect(await check(user, { linkedinUrl: 'https://www.linkedin.com/in/dana-reyes-2' })).toEqual([])
})

test('same e-mail (any case) is the strongest; the same name with the same e-mail name follows', async ({
  api,
}) => {
  const user = await api.as('user')
  const dana = await addTalent(user, { email: 'Dana.Reyes@Example.com', areaOfInterest: 'Health' })
  const sameEmail = await check(user, { email: 'dana.reyes@example.COM' })
  expect(sameEmail).toMatchObject([
    { talent: { id: dana.id }, confidence: 1, reasons: ['same e-mail'] },
  ])
  const sameName = await check(user, {
    fullName: 'Dána  Reyes',
    email: 'dana.reyes+jobs@gmail.com',
    areaOfInterest: 'Science',
  })
  expect(sameName).toMatchObject([
    { talent: { id: dana.id }, reasons: ['same name and e-mail name'], confidence: 0.85 },
  ])
})

test('a very similar name counts only in the same area, and reasons add up', async ({ api }) => {
  const user = await api.as('user')
  const dana = await addTalent(user, { fullName: 'Dana Reyes', phone: '+1 415 555 0134' })
  await addTalent(user, { fullName: 'Mark Twain', email: 'mark@example.com' })
  const similar = await check(user, { fullName: 'Dana Reyess', areaOfInterest: 'Design' })
  expect(similar.map((c) => [c.talent.id, c.reasons])).toEqual([
    [dana.id, ['similar name in the same area']],
  ])
  expect(similar[0]?.confidence).toBeGreaterThan(0.6)
  expect(await check(user, { fullName: 'Dana Reyess', areaOfInterest: 'Health' })).toEqual([])
  const both = await check(user, {
    fullName: 'Dana Reyes',
    areaOfInterest: 'Design',
    phone: '4155550134',
  })
  expect(both[0]?.reasons).toEqual([
    'same phone number',
    'same name and e-mail name',
    'similar name in the same area',
  ])
  expect(both[0]?.confidence).toBe(1)
})

test('a similar name must share a word and an initial: one surname is not enough', async ({
  api,
}) => {
  const user = await api.as('user')
  const dana = await addTalent(user, { fullName: 'Dana Reyes' })
  const eli = await addTalent(user, { fullName: 'Eli Greenfelder', email: 'eli@example.com' })
  const found = async (fullName: string) =>
    (await check(user, { fullName, areaOfInterest: 'Design' })).map((c) => c.talent.id)
  // A typo, a middle initial, the words swapped: a block (a word and an initial) is still shared.
  expect(await found('Dana Reyez')).toEqual([dana.id])
  expect(await found('Dana M Reyes')).toEqual([dana.id])
  expect(await found('Reyes Dana')).toEqual([dana.id])
  expect(await found('Eli Grenfelder')).toEqual([eli.id])
  // Trigram similarity 0.6, another person: only the long surname is shared.
  expect(await found('Grace Greenfelder')).toEqual([])
})
test('the talent being edited is not its own duplicate; bad input is a 400, not a 500', async ({
  api,
}) => {
  const user = await api.as('user')
  const dana = await addTalent(user, { phone: '+1 415 555 0134' })
  expect(await check(user, { phone: '+14155550134', excludeId: String(dana.id) })).toEqual([])
  const bad = await user.inject('GET', '/api/talents/duplicates?excludeId=abc')
  expect(bad.statusCode).toBe(400)
  const unknown = await user.inject('GET', '/api/talents/duplicates?password=x')
  expect(unknown.statusCode).toBe(400)
  expect(await check(user, {})).toEqual([])
})

test('saving a likely duplicate is still allowed; only the same e-mail is refused (409)', async ({
  api,
}) => {
  const user = await api.as('user')
  await addTalent(user, { phone: '+1 415 555 0134' })
  await addTalent(user, { email: 'other@example.com', phone: '415-555-0134' })
  const same = await user.inject('POST', '/api/talents', {
    fullName: 'Dana R',
    email: 'DANA.REYES@example.com',
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  expect(same.statusCode).toBe(409)
})

test('anonymous callers are refused', async ({ api }) => {
  const anonymous = await api.as('anonymous')
  expect((await anonymous.inject('GET', '/api/talents/duplicates?phone=1')).statusCode).toBe(401)
})

test('the name blocks follow a rename and a new area, a bulk tag leaves them, a delete takes them', async ({
  api,
}) => {
  const user = await api.as('user')
  const dana = await addTalent(user, {})
  const found = async (fullName: string, areaOfInterest: string) =>
    (await check(user, { fullName, areaOfInterest })).map((c) => c.talent.id)
  expect(await found('Dana Reyess', 'Design')).toEqual([dana.id])

  const renamed = await user.inject('PUT', `/api/talents/${dana.id}`, {
    fullName: 'Eli Grantham',
    email: dana.email,
    areaOfInterest: 'Engineering',
    seniorityLevel: dana.seniorityLevel,
    updatedAt: dana.updatedAt,
  })
  expect(renamed.statusCode, renamed.body).toBe(200)
  expect(await found('Dana Reyess', 'Design')).toEqual([])
  expect(await found('Eli Granthem', 'Engineering')).toEqual([dana.id])

  const blocks = () =>
    rawRows<{ block: string }>(
      api.database.db,
      sql`select block from name_blocks where talent_id = ${dana.id} order by block`,
    )
  const before = await blocks()
  expect(before.length).toBeGreaterThan(0)
  await api.makeTag('Job Fair')
  const tagged = await user.inject('POST', '/api/talents/bulk', {
    action: 'addTags',
    ids: [dana.id],
    payload: { tags: ['Job Fair'] },
  })
  expect(tagged.statusCode, tagged.body).toBe(200)
  expect(await blocks()).toEqual(before)

  const admin = await api.as('admin')
  expect((await admin.inject('DELETE', `/api/talents/${dana.id}`)).statusCode).toBe(200)
  expect(await blocks()).toEqual([])
})
