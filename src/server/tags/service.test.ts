import type { Actor } from '../db/rows.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTagSchema, TAG_EXISTS_MESSAGE } from '#shared/tag.ts'
import type { OpenDatabase } from '../db/open.ts'
import { ConflictError } from '../errors.ts'
import { insertTalent, insertUser } from '#tests/support/talent-rows.ts'
import { createTestDatabase } from '#tests/support/test-database.ts'
import { createTag, listTags } from './service.ts'

let database: OpenDatabase
let viewer: Actor

beforeAll(async () => {
  database = await createTestDatabase()
  viewer = await insertUser(database.db, 'alice@x.test')
})
afterAll(async () => {
  await database.close()
})

const create = (name: string) => createTag(database.db, createTagSchema.parse({ name }), viewer)

describe('tags', () => {
  test('the default tags of spec section 9 exist after migration, with counts and flags', async () => {
    await insertTalent(database.db, {
      fullName: 'A B',
      email: 'a@x.test',
      tags: ['High Potential'],
    })
    await insertTalent(database.db, {
      fullName: 'C D',
      email: 'c@x.test',
      tags: ['High Potential', 'Interviewed'],
    })
    const list = await listTags(database.db, undefined)
    expect(list.map((t) => [t.name, t.count, t.isDefault, t.isSystem])).toEqual([
      ['High Potential', 2, true, false],
      ['Interviewed', 1, true, true],
      ['Management Track', 0, true, false],
      ['Needs Follow-Up', 0, true, true],
    ])
  })

  test('a new tag is created trimmed, as a custom tag with count 0', async () => {
    const tag = await create('  Remote First ')
    expect(tag).toMatchObject({ name: 'Remote First', count: 0, isDefault: false, isSystem: false })
    expect((await listTags(database.db, undefined)).map((t) => t.name)).toContain('Remote First')
  })

  test.each(['high potential', 'INTERVIEWED', ' remote first'])(
    "'%s' duplicates an existing tag (case-insensitive): 409",
    async (name) => {
      const attempt = create(name)
      await expect(attempt).rejects.toBeInstanceOf(ConflictError)
      await expect(attempt).rejects.toThrow(TAG_EXISTS_MESSAGE)
    },
  )
})
