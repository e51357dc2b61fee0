import { describe, expect } from 'vitest'
import {
  SAVED_VIEW_FORBIDDEN,
  SAVED_VIEW_NAME_TAKEN,
  SAVED_VIEW_NOT_FOUND,
  type SavedView,
} from '#shared/saved-view.ts'
import { apiTest as test } from '#tests/support/api-test.ts'

// Saved views — personal or shared, live counts, changed by owner (admins: shared).

const designSeniors = { areaOfInterest: 'Design', seniorityLevel: 'senior', view: 'list' }

describe('POST and GET /api/views', () => {
  test('a personal view is saved, listed with its live count and opened by id; others never see it', async ({
    api,
  }) => {
    await api.makeTalent({
      fullName: 'Dana One',
      areaOfInterest: 'Design',
      seniorityLevel: 'senior',
    })
    await api.makeTalent({ fullName: 'Dana Two', areaOfInterest: 'Design', seniorityLevel: 'mid' })
    const me = await api.as('user')

    const created = await me.inject('POST', '/api/views', {
      name: '  Design seniors ',
      state: designSeniors,
    })
    expect(created.statusCode).toBe(201)
    const view = created.json<SavedView>()
    expect(view).toMatchObject({
      name: 'Design seniors',
      isShared: false,
      state: designSeniors,
      owner: { id: me.user.id, email: me.user.email },
      canEdit: true,
      count: 1,
    })

    // The count is live: a new matching talent shows in the next answer.
    await api.makeTalent({
      fullName: 'Dana Three',
      areaOfInterest: 'Design',
      seniorityLevel: 'senior',
    })
    const listed = await me.inject('GET', '/api/views')
    expect(listed.statusCode).toBe(200)
    expect(listed.json<SavedView[]>().map((v) => [v.name, v.count])).toEqual([
      ['Design seniors', 2],
    ])
    expect((await me.inject('GET', `/api/views/${view.id}`)).json()).toMatchObject({ count: 2 })

    for (const role of ['otherUser', 'admin'] as const) {
      const other = await api.as(role)
      expect((await other.inject('GET', '/api/views')).json()).toEqual([])
      const opened = await other.inject('GET', `/api/views/${view.id}`)
      expect(opened.statusCode).toBe(404)
      expect(opened.json()).toMatchObject({ message: SAVED_VIEW_NOT_FOUND })
    }
  })

  test('a search view counts like the list: q, filters and search combine', async ({ api }) => {
    await api.makeTalent({ fullName: 'Ann Python', areaOfInterest: 'Engineering' })
    await api.makeTalent({ fullName: 'Ann Rust', areaOfInterest: 'Engineering' })
    await api.makeTalent({ fullName: 'Bob Python', areaOfInterest: 'Science' })
    const me = await api.as('user')
    const response = await me.inject('POST', '/api/views', {
      name: 'Pythonistas',
      state: { q: 'python area:engineering', sort: 'name_asc' },
    })
    expect(response.json()).toMatchObject({ count: 1 })
    const list = await me.inject('GET', '/api/talents?q=python%20area:engineering')
    expect(list.headers['x-total-count']).toBe('1')
  })

  test('names are unique per owner without regard to case; two people may use one name', async ({
    api,
  }) => {
    const me = await api.as('user')
    expect((await me.inject('POST', '/api/views', { name: 'Hot', state: {} })).statusCode).toBe(201)
    const again = await me.inject('POST', '/api/views', { name: 'HOT', state: {} })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ fieldErrors: { name: [SAVED_VIEW_NAME_TAKEN] } })
    const other = await api.as('otherUser')
    expect((await other.inject('POST', '/api/views', { name: 'Hot', state: {} })).statusCode).toBe(
      201,
    )
  })

  test('refuses a blank name, unknown state fields, bad values and anonymous callers', async ({
    api,
  }) => {
    const me = await api.as('user')
    const blank = await me.inject('POST', '/api/views', { name: '  ', state: {} })
    expect(blank.statusCode).toBe(400)
    expect(blank.json()).toMatchObject({ fieldErrors: { name: ['Name is required'] } })
    for (const state of [
      { color: 'red' },
      { sort: 'loudest' },
      { view: 'kanban' },
      { q: 'x'.repeat(501) },
    ]) {
      expect((await me.inject('POST', '/api/views', { name: 'Bad', state })).statusCode).toBe(400)
    }
    const anonymous = await api.as('anonymous')
    expect((await anonymous.inject('GET', '/api/views')).statusCode).toBe(401)
    expect(
      (await anonymous.inject('POST', '/api/views', { name: 'A', state: {} })).statusCode,
    ).toBe(401)
  })
})

describe('PATCH and DELETE /api/views/:id', () => {
  test('a shared view is listed for everyone; only its owner and admins change it', async ({
    api,
  }) => {
    const owner = await api.as('user')
    const created = await owner.inject('POST', '/api/views', {
      name: 'Team pipeline',
      isShared: true,
      state: { status: 'Shortlisted' },
    })
    const view = created.json<SavedView>()

    const other = await api.as('otherUser')
    const seen = (await other.inject('GET', '/api/views')).json<SavedView[]>()
    expect(seen).toMatchObject([{ id: view.id, isShared: true, canEdit: false }])
    const refused = await other.inject('PATCH', `/api/views/${view.id}`, { name: 'Mine now' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ message: SAVED_VIEW_FORBIDDEN })
    expect((await other.inject('DELETE', `/api/views/${view.id}`)).statusCode).toBe(403)

    // The owner renames it and saves a new state over it.
    const updated = await owner.inject('PATCH', `/api/views/${view.id}`, {
      name: 'Team shortlist',
      state: { status: 'Shortlisted', view: 'grid' },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({
      name: 'Team shortlist',
      isShared: true,
      state: { status: 'Shortlisted', view: 'grid' },
    })

    // An admin may change and delete someone's shared view.
    const admin = await api.as('admin')
    expect((await admin.inject('GET', '/api/views')).json()).toMatchObject([{ canEdit: true }])
    const renamed = await admin.inject('PATCH', `/api/views/${view.id}`, { name: 'Shortlist' })
    expect(renamed.json()).toMatchObject({ name: 'Shortlist', owner: { id: owner.user.id } })
    expect((await admin.inject('DELETE', `/api/views/${view.id}`)).statusCode).toBe(204)
    expect((await owner.inject('GET', `/api/views/${view.id}`)).statusCode).toBe(404)
  })

  test('unsharing hides it from others; an admin cannot touch a personal view', async ({ api }) => {
    const owner = await api.as('user')
    const view = (
      await owner.inject('POST', '/api/views', { name: 'Mine', isShared: true, state: {} })
    ).json<SavedView>()
    expect(
      (await owner.inject('PATCH', `/api/views/${view.id}`, { isShared: false })).json(),
    ).toMatchObject({
      isShared: false,
    })
    const admin = await api.as('admin')
    expect((await admin.inject('GET', '/api/views')).json()).toEqual([])
    expect((await admin.inject('PATCH', `/api/views/${view.id}`, { name: 'X' })).statusCode).toBe(
      404,
    )
    expect((await admin.inject('DELETE', `/api/views/${view.id}`)).statusCode).toBe(404)
    expect((await owner.inject('DELETE', `/api/views/${view.id}`)).statusCode).toBe(204)
    expect((await owner.inject('GET', '/api/views')).json()).toEqual([])
  })

  test('a rename onto another of the owner’s names is a 409; an empty change a 400', async ({
    api,
  }) => {
    const me = await api.as('user')
    await me.inject('POST', '/api/views', { name: 'First', state: {} })
    const second = (
      await me.inject('POST', '/api/views', { name: 'Second', state: {} })
    ).json<SavedView>()
    const clash = await me.inject('PATCH', `/api/views/${second.id}`, { name: 'first' })
    expect(clash.statusCode).toBe(409)
    expect((await me.inject('PATCH', `/api/views/${second.id}`, {})).statusCode).toBe(400)
    expect((await me.inject('PATCH', '/api/views/999999', { name: 'Z' })).statusCode).toBe(404)
  })
})
