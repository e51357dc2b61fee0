import { describe, expect } from 'vitest'
import {
  CONSENT_DATES_NEED_CONSENT,
  CONSENT_IN_FUTURE,
  INFORMED_IN_FUTURE,
  INVALID_DATE,
  todayIso,
  VALID_BEFORE_GIVEN,
  type PrivacyRecord,
} from '#shared/privacy.ts'
import type { Talent } from '#shared/talent.ts'
import { apiTest as test, type SignedIn } from '#tests/support/api-test.ts'

const day = (offset: number) => todayIso(new Date(Date.now() + offset * 24 * 3600 * 1000))

const talentBody = (email: string, extra: object = {}) => ({
  fullName: 'Privacy Person',
  email,
  areaOfInterest: 'Design',
  seniorityLevel: 'mid',
  tags: [],
  status: [],
  ...extra,
})

async function create(caller: SignedIn, email: string, extra: object = {}): Promise<Talent> {
  const response = await caller.inject('POST', '/api/talents', talentBody(email, extra))
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Talent>()
}

async function listIds(caller: SignedIn, query: string): Promise<number[]> {
  const response = await caller.inject('GET', `/api/talents?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Talent[]>().map((t) => t.id)
}

describe('security rule 49: the privacy record', () => {
  test('a talent added through the form is sourced on legitimate interest, not yet informed', async ({
    api,
  }) => {
    const user = await api.as('user')
    const talent = await create(user, 'form@example.com')
    const response = await user.inject('GET', `/api/talents/${talent.id}/privacy`)
    expect(response.statusCode).toBe(200)
    expect(response.json<PrivacyRecord>()).toEqual({
      talentId: talent.id,
      source: 'sourced',
      sourceDetail: null,
      lawfulBasis: 'legitimate interest',
      consentGivenOn: null,
      consentValidUntil: null,
      informedOn: null,
      consentState: 'none',
    })
  })

  test('the form may send its own record; a talent from before the record is "other"', async ({
    api,
  }) => {
    const user = await api.as('user')
    const privacy = { source: 'referred', sourceDetail: 'By Sam', lawfulBasis: 'contract' }
    const talent = await create(user, 'referred@example.com', { privacy })
    const read = await user.inject('GET', `/api/talents/${talent.id}/privacy`)
    expect(read.json()).toMatchObject(privacy)
    const older = await api.makeTalent({ email: 'older@example.com' })
    const old = await user.inject('GET', `/api/talents/${older}/privacy`)
    expect(old.json()).toMatchObject({ source: 'other', lawfulBasis: 'legitimate interest' })
  })

  test('PUT sets the record, moves the version and tells History', async ({ api }) => {
    const user = await api.as('user')
    const talent = await create(user, 'put@example.com')
    const other = await api.as('otherUser')
    const body = {
      source: 'event',
      sourceDetail: 'Career fair',
      lawfulBasis: 'consent',
      consentGivenOn: day(-10),
      consentValidUntil: day(10),
      informedOn: day(-9),
    }
    const response = await other.inject('PUT', `/api/talents/${talent.id}/privacy`, body)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ talentId: talent.id, ...body, consentState: 'expiring' })
    // The edit form's version is stale now (security rule 27).
    const stale = await user.inject('PUT', `/api/talents/${talent.id}`, {
      ...talentBody('put@example.com'),
      updatedAt: talent.updatedAt,
    })
    expect(stale.statusCode).toBe(409)
    const history = await user.inject('GET', `/api/talents/${talent.id}/activity`)
    const entry = history.json<{ action: string; details: { changes: { field: string }[] } }[]>()
    const privacy = entry.find((e) => e.action === 'talent.privacy_updated')
    expect(privacy?.details.changes.map((c) => c.field)).toEqual([
      'source',
      'sourceDetail',
      'lawfulBasis',
      'consentGivenOn',
      'consentValidUntil',
      'informedOn',
    ])
  })

  const BAD: { name: string; body: object; field: string; message: string }[] = [
    {
      name: 'valid until before given',
      body: { lawfulBasis: 'consent', consentGivenOn: day(-5), consentValidUntil: day(-6) },
      field: 'consentValidUntil',
      message: VALID_BEFORE_GIVEN,
    },
    {
      name: 'consent given in the future',
      body: { lawfulBasis: 'consent', consentGivenOn: day(5) },
      field: 'consentGivenOn',
      message: CONSENT_IN_FUTURE,
    },
    {
      name: 'consent dates on another basis',
      body: { lawfulBasis: 'contract', consentValidUntil: day(5) },
      field: 'consentValidUntil',
      message: CONSENT_DATES_NEED_CONSENT,
    },
    {
      name: 'informed in the future',
      body: { lawfulBasis: 'contract', informedOn: day(5) },
      field: 'informedOn',
      message: INFORMED_IN_FUTURE,
    },
    {
      name: 'a day that does not exist',
      body: { lawfulBasis: 'consent', consentGivenOn: '2025-02-30' },
      field: 'consentGivenOn',
      message: INVALID_DATE,
    },
  ]
  test.for(BAD)('400 and nothing written: $name', async ({ body, field, message }, { api }) => {
    const user = await api.as('user')
    const talent = await create(user, 'bad@example.com')
    const response = await user.inject('PUT', `/api/talents/${talent.id}/privacy`, {
      source: 'applied',
      ...body,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors[field]).toEqual([
      message,
    ])
    const read = await user.inject('GET', `/api/talents/${talent.id}/privacy`)
    expect(read.json()).toMatchObject({ source: 'sourced', consentGivenOn: null })
  })

  test('bad sources, unknown keys and unknown talents get a clear 4xx', async ({ api }) => {
    const user = await api.as('user')
    const talent = await create(user, 'shape@example.com')
    const url = `/api/talents/${talent.id}/privacy`
    const badSource = await user.inject('PUT', url, { source: 'found', lawfulBasis: 'contract' })
    expect(badSource.statusCode).toBe(400)
    const unknown = await user.inject('PUT', url, {
      source: 'applied',
      lawfulBasis: 'contract',
      extra: 1,
    })
    expect(unknown.statusCode).toBe(400)
    const gone = await user.inject('PUT', '/api/talents/999999/privacy', {
      source: 'applied',
      lawfulBasis: 'contract',
    })
    expect(gone.statusCode).toBe(404)
    expect((await user.inject('GET', '/api/talents/999999/privacy')).statusCode).toBe(404)
  })
})

describe('security rule 49: filters on the record, in the search language and as parameters', () => {
  test('consent:expired, consent:expiring, informed:no and source:sourced', async ({ api }) => {
    const user = await api.as('user')
    const put = (id: number, body: object) =>
      user.inject('PUT', `/api/talents/${id}/privacy`, { source: 'applied', ...body })
    const expired = await create(user, 'expired@example.com')
    const expiring = await create(user, 'expiring@example.com')
    const valid = await create(user, 'valid@example.com')
    const informed = await create(user, 'informed@example.com')
    const consent = { lawfulBasis: 'consent', consentGivenOn: day(-400), informedOn: day(-1) }
    expect((await put(expired.id, { ...consent, consentValidUntil: day(-1) })).statusCode).toBe(200)
    expect((await put(expiring.id, { ...consent, consentValidUntil: day(20) })).statusCode).toBe(
      200,
    )
    expect((await put(valid.id, { ...consent, consentValidUntil: day(60) })).statusCode).toBe(200)
    expect(
      (await put(informed.id, { lawfulBasis: 'contract', informedOn: day(0) })).statusCode,
    ).toBe(200)
    const sourced = await create(user, 'sourced@example.com')

    expect(await listIds(user, 'q=consent:expired')).toEqual([expired.id])
    expect(await listIds(user, 'consent=expired')).toEqual([expired.id])
    expect(await listIds(user, 'q=consent:expiring')).toEqual([expiring.id])
    expect(await listIds(user, 'consent=expiring')).toEqual([expiring.id])
    expect(await listIds(user, 'q=informed:no')).toEqual([sourced.id])
    expect(await listIds(user, 'informed=no')).toEqual([sourced.id])
    expect(await listIds(user, 'q=source:sourced')).toEqual([sourced.id])
    expect(await listIds(user, 'source=sourced')).toEqual([sourced.id])
    expect((await listIds(user, 'q=-source:sourced')).sort()).toEqual(
      [expired.id, expiring.id, valid.id, informed.id].sort(),
    )
    expect((await user.inject('GET', '/api/talents?consent=soon')).statusCode).toBe(400)
  })
})
