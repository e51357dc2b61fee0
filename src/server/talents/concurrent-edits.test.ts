import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Talent } from '#shared/talent.ts'
import {
  createTestApp,
  createTestUser,
  loginAs,
  type LoggedIn,
  type TestApp,
} from '#tests/support/test-app.ts'
import { STALE_EDIT } from './service.ts'

let testApp: TestApp
const editors: LoggedIn[] = []

beforeAll(async () => {
  testApp = await createTestApp()
  for (const name of ['ana', 'ben', 'cai', 'dov']) {
    await createTestUser(testApp.database.db, { email: `${name}@x.test` })
    editors.push(await loginAs(testApp.app, `${name}@x.test`))
  }
})
afterAll(async () => {
  await testApp.close()
})

const EDITS = 8

test('SECURITY.md 27: N parallel edits of one version — exactly one wins, the rest get 409, the row is the winner', async () => {
  const [first] = editors
  if (!first) throw new Error('no editor')
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/talents',
    headers: first.headers,
    payload: {
      fullName: 'Contested Talent',
      email: 'contested@example.com',
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
      tags: [],
      status: [],
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const talent = created.json<Talent>()

  const answers = await Promise.all(
    Array.from({ length: EDITS }, (_, i) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/talents/${talent.id}`,
        headers: editors[i % editors.length]?.headers,
        payload: {
          fullName: talent.fullName,
          email: talent.email,
          areaOfInterest: talent.areaOfInterest,
          seniorityLevel: talent.seniorityLevel,
          tags: [],
          notes: `edit number ${i}`,
          updatedAt: talent.updatedAt,
        },
      }),
    ),
  )
  const winners = answers.filter((a) => a.statusCode === 200)
  const refused = answers.filter((a) => a.statusCode === 409)
  expect(winners).toHaveLength(1)
  expect(refused).toHaveLength(EDITS - 1)
  for (const answer of refused) expect(answer.json()).toEqual({ message: STALE_EDIT })

  const winner = winners[0]?.json<Talent>()
  const stored = await testApp.app.inject({
    url: `/api/talents/${talent.id}`,
    headers: first.headers,
  })
  expect(stored.json()).toEqual(winner)
  expect(winner?.updatedAt).not.toBe(talent.updatedAt)
})
