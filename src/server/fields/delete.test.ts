import { sql } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import {
  FIELD_LABEL_TAKEN,
  type FieldDefinition,
  type FieldDeleted,
  type FieldDeleteUndone,
} from '#shared/fields.ts'
import type { Talent } from '#shared/talent.ts'
import { apiTest as test, type Api } from '#tests/support/api-test.ts'
import { CHANGE_SET_EXPIRED, CHANGE_SET_UNDONE } from '../changes/change-set.ts'

// Deleting a custom field: the count of values removed, and an undo within 24 hours that brings
// the field and each value back.

const talentBody = (n: string, customFields?: Record<string, unknown>) => ({
  fullName: `Robin ${n}`,
  email: `robin-${n}@example.com`,
  areaOfInterest: 'Engineering',
  seniorityLevel: 'mid',
  ...(customFields ? { customFields } : {}),
})

async function define(api: Api, body: object): Promise<FieldDefinition> {
  const admin = await api.as('admin')
  const response = await admin.inject('POST', '/api/fields', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<FieldDefinition>()
}

const workPermit = {
  label: 'Work permit',
  type: 'single_choice',
  choices: [
    { value: 'eu', label: 'EU' },
    { value: 'needs_visa', label: 'Needs visa' },
  ],
}

describe('deleting a custom field, and its undo', () => {
  test('the delete counts the values it removed; undo brings the field and every value back', async ({
    api,
  }) => {
    const field = await define(api, workPermit)
    const other = await define(api, { label: 'Team', type: 'text' })
    const user = await api.as('user')
    const ids: number[] = []
    for (const [n, permit] of [
      ['a', 'eu'],
      ['b', 'needs_visa'],
      ['c', null],
    ] as const) {
      const body = talentBody(n, permit ? { work_permit: permit, team: 'Core' } : {})
      const created = await user.inject('POST', '/api/talents', body)
      expect(created.statusCode, created.body).toBe(201)
      ids.push(created.json<Talent>().id)
    }
    const admin = await api.as('admin')
    const deleted = await admin.inject('DELETE', `/api/fields/${field.id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    const answer = deleted.json<FieldDeleted>()
    expect(answer).toMatchObject({ removedValues: 2, undoHours: 24 })
    const gone = await user.inject('GET', `/api/talents/${ids[0]}`)
    expect(gone.json<Talent>().customFields).toEqual({ team: 'Core' })
    const listed = await admin.inject('GET', '/api/fields')
    expect(listed.json<FieldDefinition[]>().map((f) => f.label)).toEqual(['Team'])

    const recent = await admin.inject('GET', '/api/fields/deleted')
    expect(recent.json()).toEqual([
      expect.objectContaining({ undoId: answer.undoId, label: 'Work permit', removedValues: 2 }),
    ])
    const undone = await admin.inject('POST', `/api/fields/deleted/${answer.undoId}/undo`)
    expect(undone.statusCode, undone.body).toBe(200)
    expect(undone.json<FieldDeleteUndone>()).toMatchObject({
      restoredValues: 2,
      field: { id: field.id, key: 'work_permit', position: field.position },
    })
    const back = await Promise.all(
      ids.map(async (id) => (await user.inject('GET', `/api/talents/${id}`)).json<Talent>()),
    )
    expect(back.map((t) => t.customFields)).toEqual([
      { work_permit: 'eu', team: 'Core' },
      { work_permit: 'needs_visa', team: 'Core' },
      {},
    ])
    const order = await admin.inject('GET', '/api/fields')
    expect(order.json<FieldDefinition[]>().map((f) => f.id)).toEqual([field.id, other.id])

    expect((await admin.inject('GET', '/api/fields/deleted')).json()).toEqual([])
    const again = await admin.inject('POST', `/api/fields/deleted/${answer.undoId}/undo`)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ message: CHANGE_SET_UNDONE })
  })

  test('undo is refused past 24 hours, and when another field took the label', async ({ api }) => {
    const admin = await api.as('admin')
    const first = await define(api, workPermit)
    const late = (await admin.inject('DELETE', `/api/fields/${first.id}`)).json<FieldDeleted>()
    await api.database.db.execute(
      sql`update change_sets set undo_until = now() - interval '1 minute' where id = ${late.undoId}`,
    )
    const expired = await admin.inject('POST', `/api/fields/deleted/${late.undoId}/undo`)
    expect(expired.statusCode).toBe(409)
    expect(expired.json()).toMatchObject({ message: CHANGE_SET_EXPIRED })

    const second = await define(api, workPermit)
    const taken = (await admin.inject('DELETE', `/api/fields/${second.id}`)).json<FieldDeleted>()
    await define(api, { label: 'Work permit', type: 'text', key: 'permit' })
    const clash = await admin.inject('POST', `/api/fields/deleted/${taken.undoId}/undo`)
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({ message: FIELD_LABEL_TAKEN })
  })

  test('only admins delete and undo; an unknown undo id is a 404', async ({ api }) => {
    const field = await define(api, workPermit)
    const user = await api.as('user')
    expect((await user.inject('DELETE', `/api/fields/${field.id}`)).statusCode).toBe(403)
    const admin = await api.as('admin')
    const { undoId } = (
      await admin.inject('DELETE', `/api/fields/${field.id}`)
    ).json<FieldDeleted>()
    expect((await user.inject('POST', `/api/fields/deleted/${undoId}/undo`)).statusCode).toBe(403)
    expect((await user.inject('GET', '/api/fields/deleted')).statusCode).toBe(403)
    const unknown = await admin.inject('POST', `/api/fields/deleted/${undoId + 1000}/undo`)
    expect(unknown.statusCode).toBe(404)
  })
})
