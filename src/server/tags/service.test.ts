import type { Actor } from '../db/rows.ts'
import { describe, expect } from 'vitest'
import { sql } from 'drizzle-orm'
import {
  createTagSchema,
  MAX_TAGS_IN_POOL,
  TAG_EXISTS_MESSAGE,
  TAG_LIMIT_MESSAGE,
} from '#shared/tag.ts'
import { MAX_TAGS_PER_TALENT, talentInputSchema } from '#shared/talent.ts'
import { tags as tagsTable } from '../db/schema.ts'
import type { Db } from '../db/open.ts'
import { ConflictError } from '../errors.ts'
import { insertTalent, insertUser } from '#tests/support/talent-rows.ts'
import { databaseTest as test } from '#tests/support/database-test.ts'
import { createTag, ensureTags, listTags } from './service.ts'

let viewer: Actor

// One database for the file, never emptied: the tests build on each other's tags and on the
// migrations' default ones.
test.beforeAll(async ({ database }) => {
  viewer = await insertUser(database.db, 'alice@x.test')
})

const create = (db: Db, name: string) => createTag(db, createTagSchema.parse({ name }), viewer)

describe('tags', () => {
  test('the default tags of spec section 9 exist after migration, with counts and flags', async ({
    database,
  }) => {
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

  test('a new tag is created trimmed, as a custom tag with count 0', async ({ database }) => {
    const tag = await create(database.db, '  Remote First ')
    expect(tag).toMatchObject({ name: 'Remote First', count: 0, isDefault: false, isSystem: false })
    expect((await listTags(database.db, undefined)).map((t) => t.name)).toContain('Remote First')
  })

  test.for(['high potential', 'INTERVIEWED', ' remote first'])(
    "'%s' duplicates an existing tag (case-insensitive): 409",
    async (name, { database }) => {
      const attempt = create(database.db, name)
      await expect(attempt).rejects.toBeInstanceOf(ConflictError)
      await expect(attempt).rejects.toThrow(TAG_EXISTS_MESSAGE)
    },
  )
})

describe('tag caps (security rule 31)', () => {
  test('security rule 31: the pool holds at most MAX_TAGS_IN_POOL tags, by hand or typed on a talent', async ({
    database,
  }) => {
    const { db } = database
    const present = await db.$count(tagsTable)
    await db.execute(sql`
      INSERT INTO tags (name) SELECT 'Filler ' || i FROM generate_series(1, ${MAX_TAGS_IN_POOL - present}) AS i`)
    await expect(create(db, 'One Too Many')).rejects.toThrow(TAG_LIMIT_MESSAGE)
    await expect(ensureTags(db, ['Brand New'], viewer)).rejects.toThrow(TAG_LIMIT_MESSAGE)
    // Tags that exist already are always fine.
    expect(await ensureTags(db, ['Filler 1'], viewer)).toEqual(['Filler 1'])
    await db.execute(sql`DELETE FROM tags WHERE name LIKE 'Filler %'`)
  })

  test('security rule 31: a talent carries at most 50 tags, with a message the form shows', () => {
    const body = {
      fullName: 'Many Tags',
      email: 'many@x.test',
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
      tags: Array.from({ length: MAX_TAGS_PER_TALENT + 1 }, (_, i) => `t${i}`),
    }
    const parsed = talentInputSchema.safeParse(body)
    expect(parsed.error?.issues[0]?.message).toBe('A talent can have at most 50 tags')
  })
})
