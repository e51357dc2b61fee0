import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Talent } from '#shared/talent.ts'
import { makePdf } from '#tests/support/cv-files.ts'
import { apiTest as test } from '#tests/support/api-test.ts'
import { attachCv } from '../../cvs/service.ts'
import { rawRows } from '../../db/raw-rows.ts'
import { anonymise, anonymisedName } from './erase.ts'
import { findTraces } from './traces.test-helper.ts'

test('security rule 50: anonymise keeps the counts and drops what identifies the person', async ({
  api,
}) => {
  const user = await api.as('user')
  const created = await user.inject('POST', '/api/talents', {
    fullName: 'Marisol Ketterby',
    email: 'marisol.ketterby@example.org',
    phone: '+1 415 555 0134',
    linkedinUrl: 'https://linkedin.com/in/marisol-ketterby',
    areaOfInterest: 'Health',
    seniorityLevel: 'exec',
    notes: 'Knows Marisol Ketterby from the clinic',
    tags: ['High Potential'],
    status: ['Hired'],
  })
  expect(created.statusCode, created.body).toBe(201)
  const talent = created.json<Talent>()
  await attachCv(
    api.database.db,
    talent.id,
    { bytes: makePdf(['Ketterby cardiology residency']), fileName: 'marisol.pdf' },
    { id: user.user.id, role: 'user' },
  )

  await anonymise(api.database.db, talent.id, user.user.id)

  const read = await user.inject('GET', `/api/talents/${talent.id}`)
  expect(read.statusCode).toBe(200)
  expect(read.json()).toMatchObject({
    fullName: anonymisedName(talent.id),
    phone: null,
    linkedinUrl: null,
    notes: null,
    cv: null,
    areaOfInterest: 'Health',
    seniorityLevel: 'exec',
    status: ['Hired'],
    tags: ['High Potential'],
    createdAt: talent.createdAt,
  })
  expect(read.json<Talent>().email).not.toContain('marisol')
  const stats = await user.inject('GET', '/api/talents/stats')
  expect(stats.json()).toMatchObject({ total: 1 })
  expect(
    await findTraces(api.database.db, ['marisol', 'ketterby', '555 0134', 'cardiology']),
  ).toEqual([])
  const [doc] = await rawRows<{ doc: string }>(
    api.database.db,
    sql`SELECT search_document::text || search_cv_document::text AS doc FROM talents`,
  )
  expect(doc?.doc).toContain('erased')
  const history = await user.inject('GET', `/api/talents/${talent.id}/activity`)
  const actions = history.json<{ action: string }[]>().map((e) => e.action)
  expect(actions).toContain('talent.anonymised')
})
