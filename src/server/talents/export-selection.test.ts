import * as XLSX from '@e965/xlsx'
import { describe, expect } from 'vitest'
import { BULK_NO_IDS } from '#shared/bulk.ts'
import {
  EXPORT_FORMAT_MESSAGE,
  EXPORT_HEADERS,
  EXPORT_TOO_MANY_IDS,
} from '#shared/talent-export.ts'
import { talents } from '../db/schema.ts'
import { activityMark, activitySince } from '#tests/support/activity-log.ts'
import { apiTest as test, type Api, type Caller } from '#tests/support/api-test.ts'
import { csvRecords } from '#tests/support/export-files.ts'

/** POST /api/talents/export, the export of hand-picked talents. */

const EMAIL = EXPORT_HEADERS.indexOf('Email')
const NAME = EXPORT_HEADERS.indexOf('Full Name')

/** Talents 'Person 0' … with ascending creation times; returns their ids in that order. */
async function seed(api: Api, count: number, addedById: number): Promise<number[]> {
  const rows = await api.database.db
    .insert(talents)
    .values(
      Array.from({ length: count }, (_, i) => ({
        fullName: `Person ${String(i).padStart(3, '0')}`,
        email: `picked-${i}@example.com`,
        areaOfInterest: 'Design' as const,
        seniorityLevel: 'mid' as const,
        addedById,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    )
    .returning({ id: talents.id })
  return rows.map((row) => row.id)
}

async function exportSelection(caller: Caller, body: object) {
  return caller.inject('POST', '/api/talents/export', body)
}

function csvRows(body: Buffer): string[][] {
  const [header, ...rows] = csvRecords(body.toString('utf8').slice(1)) // after the BOM
  expect(header).toEqual(EXPORT_HEADERS)
  return rows
}

describe('POST /api/talents/export', () => {
  test('exactly the picked talents, in the chosen sort, as CSV', async ({ api }) => {
    const user = await api.as('user')
    const ids = await seed(api, 12, user.user.id)
    const picked = [ids[7], ids[2], ids[9], ids[2]] // a repeat counts once
    const response = await exportSelection(user, { format: 'csv', ids: picked, sort: 'oldest' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="scout-talents-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(response.headers['x-total-count']).toBe('3')
    expect(csvRows(response.rawPayload).map((row) => row[NAME])).toEqual([
      'Person 002',
      'Person 007',
      'Person 009',
    ])
    // No sort: the dashboard's default, newest first.
    const newest = await exportSelection(user, { format: 'csv', ids: picked })
    expect(csvRows(newest.rawPayload).map((row) => row[EMAIL])).toEqual([
      'picked-9@example.com',
      'picked-7@example.com',
      'picked-2@example.com',
    ])
  })

  test('XLSX holds the same rows; talents deleted since are left out', async ({ api }) => {
    const user = await api.as('user')
    const ids = await seed(api, 5, user.user.id)
    const gone = 2_000_000_000
    const response = await exportSelection(user, {
      format: 'xlsx',
      ids: [ids[0], ids[4], gone],
      sort: 'name_asc',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['x-total-count']).toBe('2')
    const sheet = XLSX.read(response.rawPayload).Sheets.Talents
    if (!sheet) throw new Error('no sheet')
    const [header, ...rows] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })
    expect(header).toEqual(EXPORT_HEADERS)
    expect(rows.map((row) => row[NAME])).toEqual(['Person 000', 'Person 004'])
  })

  test('a selection of 100,000 ids is one query parameter, not 100,000', async ({ api }) => {
    const user = await api.as('user')
    const [first] = await seed(api, 1, user.user.id)
    const ids = Array.from({ length: 100_000 }, (_, i) => i + 1_000_000)
    ids[50_000] = first ?? 0
    const response = await exportSelection(user, { format: 'csv', ids })
    expect(response.statusCode, response.body).toBe(200)
    expect(csvRows(response.rawPayload)).toHaveLength(1)
  })

  test('the export is in the activity log: who, format, how many asked and exported', async ({
    api,
  }) => {
    const user = await api.as('user')
    const ids = await seed(api, 3, user.user.id)
    const mark = await activityMark(api.database.db)
    await exportSelection(user, { format: 'csv', ids: [...ids, 2_000_000_000], sort: 'oldest' })
    expect(await activitySince(api.database.db, mark)).toEqual([
      {
        userId: user.user.id,
        action: 'talent.exported',
        entityType: 'talent',
        entityId: null,
        details: { format: 'csv', sort: 'oldest', selected: 4, rowCount: 3 },
      },
    ])
  })

  test('bad selections are 400s with a message; anonymous callers are refused', async ({ api }) => {
    expect(
      (await exportSelection(await api.as('anonymous'), { format: 'csv', ids: [1] })).statusCode,
    ).toBe(401)
    const user = await api.as('user')
    const cases: [object, string, string][] = [
      [{ format: 'csv', ids: [] }, 'ids', BULK_NO_IDS],
      [
        { format: 'csv', ids: Array.from({ length: 100_001 }, (_, i) => i + 1) },
        'ids',
        EXPORT_TOO_MANY_IDS,
      ],
      [{ format: 'pdf', ids: [1] }, 'format', EXPORT_FORMAT_MESSAGE],
    ]
    for (const [body, field, message] of cases) {
      const response = await exportSelection(user, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ fieldErrors: { [field]: [message] } })
    }
    for (const body of [
      { format: 'csv', ids: [1.5] },
      { format: 'csv', ids: [2_147_483_648] },
      { format: 'csv', ids: ['1'] },
      { format: 'csv', ids: [1], search: 'ann' }, // strict: a selection takes no filter
    ]) {
      const response = await exportSelection(user, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toHaveProperty('message')
    }
  })
})
