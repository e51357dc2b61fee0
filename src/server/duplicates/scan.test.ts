import { expect } from 'vitest'
import type { DuplicateGroups } from '#shared/duplicates.ts'
import { apiTest as test, type SignedIn } from '#tests/support/api-test.ts'
import { addTalent } from '#tests/support/duplicate-talents.ts'

test.override('appConfig', { defaultPhoneRegion: 'US' })

async function groups(caller: SignedIn): Promise<DuplicateGroups> {
  const response = await caller.inject('GET', '/api/duplicates')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<DuplicateGroups>()
}

test('the pool is grouped, strongest first: a chain of pairs is one group', async ({ api }) => {
  const user = await api.as('user')
  const a = await addTalent(user, { email: 'a@example.com', phone: '+1 415 555 0134' })
  const b = await addTalent(user, {
    fullName: 'D. Reyes',
    email: 'b@example.com',
    phone: '(415) 555-0134',
    linkedinUrl: 'https://linkedin.com/in/dreyes',
  })
  const c = await addTalent(user, {
    fullName: 'Someone Else',
    email: 'c@example.com',
    areaOfInterest: 'Health',
    linkedinUrl: 'https://www.linkedin.com/in/dreyes/',
  })
  const x = await addTalent(user, { fullName: 'Mark Twain', email: 'mark@one.com' })
  const y = await addTalent(user, { fullName: 'Mark Twains', email: 'twain@two.com' })
  await addTalent(user, { fullName: 'Alone Here', email: 'alone@example.com' })
  const found = await groups(user)
  expect(found.total).toBe(2)
  expect(found.groups.map((g) => [g.talents.map((t) => t.id), g.reasons])).toEqual([
    [
      [a.id, b.id, c.id],
      ['same phone number', 'same LinkedIn profile'],
    ],
    [[x.id, y.id], ['similar name in the same area']],
  ])
  expect(found.groups[0]?.confidence).toBe(0.95)
  expect(found.groups[1]?.confidence).toBeLessThan(0.95)
})

test("'Not duplicates' is remembered: the pair does not come back, for anyone", async ({ api }) => {
  const user = await api.as('user')
  const a = await addTalent(user, { email: 'a@example.com', phone: '+1 415 555 0134' })
  const b = await addTalent(user, { email: 'b@example.com', phone: '+14155550134' })
  expect((await groups(user)).total).toBe(1)
  const dismiss = await user.inject('POST', '/api/duplicates/dismiss', { ids: [b.id, a.id] })
  expect(dismiss.statusCode, dismiss.body).toBe(200)
  expect(dismiss.json()).toEqual({ dismissed: 1 })
  expect(await groups(await api.as('admin'))).toEqual({ total: 0, groups: [] })
  // Saying it again is no error.
  expect(
    (await user.inject('POST', '/api/duplicates/dismiss', { ids: [a.id, b.id] })).statusCode,
  ).toBe(200)
  // A third talent with the same phone is new news: it groups with both.
  const c = await addTalent(user, { email: 'c@example.com', phone: '415 555 0134' })
  const again = await groups(user)
  expect(again.groups.map((g) => g.talents.map((t) => t.id))).toEqual([[a.id, b.id, c.id]])
})

test('dismissing needs two talents; bad bodies are 400s', async ({ api }) => {
  const user = await api.as('user')
  for (const body of [{ ids: [1] }, { ids: [1, 1] }, { ids: [] }, { ids: ['x', 2] }, {}]) {
    const response = await user.inject('POST', '/api/duplicates/dismiss', body)
    expect(response.statusCode, JSON.stringify(body)).toBe(400)
  }
})
