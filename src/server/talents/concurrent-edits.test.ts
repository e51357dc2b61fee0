import { expect } from 'vitest'
import type { Talent } from '#shared/talent.ts'
import { apiTest as test } from '#tests/support/api-test.ts'
import { STALE_EDIT } from './service.ts'

const EDITS = 8

test('security rule 27: N parallel edits of one version — exactly one wins, the rest get 409, the row is the winner', async ({
  api,
}) => {
  // Four editors, each a user of their own.
  const editors = await Promise.all(Array.from({ length: 4 }, () => api.signIn()))
  const [first] = editors
  if (!first) throw new Error('no editor')
  const created = await api.app.inject({
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
      api.app.inject({
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
  const stored = await api.app.inject({
    url: `/api/talents/${talent.id}`,
    headers: first.headers,
  })
  expect(stored.json()).toEqual(winner)
  expect(winner?.updatedAt).not.toBe(talent.updatedAt)
})
