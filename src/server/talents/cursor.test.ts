import { describe, expect, it } from 'vitest'
import { apiTest } from '#tests/support/api-test.ts'
import { decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE } from './cursor.ts'

const forge = (value: object) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
const VALID_KEY = '2024-02-28T10:00:00.123456Z'

// Each of these was a 500 (the probe table in the issue); now a 400.
const FORGED: [string, object][] = [
  ['a date that does not exist (Feb 30)', { s: 'newest', k: '2024-02-30T10:00:00.123456Z', i: 1 }],
  ['an hour past 23', { s: 'newest', k: '2024-02-28T24:00:00.000000Z', i: 1 }],
  ['an id past int4 (2^31)', { s: 'newest', k: VALID_KEY, i: 2 ** 31 }],
  ['a NUL in a name key', { s: 'name_asc', k: 'ann\u0000a', i: 1 }],
]

describe('security rule 36: forged cursors are checked in full before the query', () => {
  it.each(FORGED)('%s → 400', (_label, value) => {
    expect(() =>
      decodeCursor(forge(value), value && 's' in value ? (value.s as 'newest') : 'newest'),
    ).toThrow(INVALID_CURSOR_MESSAGE)
  })

  it('a real cursor still round-trips', () => {
    const cursor = { sort: 'newest' as const, key: VALID_KEY, id: 2_147_483_647 }
    expect(decodeCursor(encodeCursor(cursor), 'newest')).toEqual(cursor)
  })
})

describe('security rule 36: through the API', () => {
  apiTest.for(FORGED)('%s → 400 with a message, never a 500', async ([, value], { api }) => {
    const sort = 's' in value ? String(value.s) : 'newest'
    const user = await api.as('user')
    const response = await user.inject('GET', `/api/talents?sort=${sort}&cursor=${forge(value)}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: INVALID_CURSOR_MESSAGE })
  })
})
