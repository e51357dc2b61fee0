import { asc, sql } from 'drizzle-orm'
import {
  MAX_TAGS_IN_POOL,
  TAG_EXISTS_MESSAGE,
  TAG_LIMIT_MESSAGE,
  type CreateTag,
  type Tag,
} from '#shared/tag.ts'
import { DEFAULT_TAGS, SYSTEM_TAGS } from '#shared/talent.ts'
import { recordActivities, recordActivity } from '../audit/record.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { rawRows } from '../db/raw-rows.ts'
import { tags } from '../db/schema.ts'
import { ConflictError } from '../errors.ts'
import { inTransaction } from '../db/in-transaction.ts'
import { cached } from '../cache/count-cache.ts'

const lowerSet = (names: readonly string[]) => new Set(names.map((n) => n.toLowerCase()))
const DEFAULT_KEYS = lowerSet(DEFAULT_TAGS)
const SYSTEM_KEYS = lowerSet(SYSTEM_TAGS)

/**
 * GET /api/tags: every tag with how many talents carry it (spec section 3: "may carry a count").
 * One grouped pass over unnest(tags), joined to the tags table (bench/explain.ts measures it).
 */
export const tagCountsSql = sql`
  select ${tags.id} as id, ${tags.name} as name, coalesce(c.n, 0)::int as count
  from ${tags}
  left join (
    select t.name, count(*) as n from talents, unnest(talents.tags) as t(name) group by t.name
  ) c on c.name = ${tags.name}
  order by lower(${tags.name})`

type TagCountRow = { id: number; name: string; count: number }
const isTagRows = (value: unknown): value is TagCountRow[] => Array.isArray(value)

export async function listTags(db: Db, dataVersion: number | undefined): Promise<Tag[]> {
  // The grouped pass reads every talent (~90 ms on PostgreSQL, ~400 ms on PGlite at 100k), so it
  // is kept per data version: until a talent or tag write moves it (count-cache.ts).
  const load = () => rawRows<TagCountRow>(db, tagCountsSql)
  const rows = await cached(db, dataVersion, 'tags', load, isTagRows)
  return rows.map((row) => {
    const key = row.name.toLowerCase()
    return { ...row, isDefault: DEFAULT_KEYS.has(key), isSystem: SYSTEM_KEYS.has(key) }
  })
}

/**
 * POST /api/tags. spec section 5: a case-insensitive duplicate of a default or custom tag is
 * refused with 'This tag already exists in the system.' The lower(name) unique index decides,
 * so two people creating the same tag at once cannot both succeed.
 */
/** Security rule 31: refuses a write that would take the pool past MAX_TAGS_IN_POOL tags. */
async function assertRoomForTags(db: Db, adding: number, field?: string): Promise<void> {
  if (adding === 0) return
  const total = await db.$count(tags)
  if (total + adding > MAX_TAGS_IN_POOL) {
    throw new ConflictError(TAG_LIMIT_MESSAGE, field ? { [field]: [TAG_LIMIT_MESSAGE] } : undefined)
  }
}

export async function createTag(db: Db, input: CreateTag, viewer: Actor): Promise<Tag> {
  // The tag and its tag.created entry commit together; the lower(name) unique index decides a race.
  const row = await inTransaction(
    db,
    async (tx) => {
      await assertRoomForTags(tx, 1, 'name')
      const [inserted] = await tx
        .insert(tags)
        .values({ name: input.name, createdById: viewer.id })
        .returning({ id: tags.id, name: tags.name })
      if (!inserted) throw new Error(`Tag "${input.name}" was not inserted`)
      await recordActivity(tx, {
        userId: viewer.id,
        action: 'tag.created',
        entityType: 'tag',
        entityId: inserted.id,
        details: { name: inserted.name },
      })
      return inserted
    },
    { onDuplicate: () => new ConflictError(TAG_EXISTS_MESSAGE) },
  )
  const key = row.name.toLowerCase()
  return { ...row, count: 0, isDefault: DEFAULT_KEYS.has(key), isSystem: SYSTEM_KEYS.has(key) }
}

/**
 * Keeps the tags table in step with the names talents carry: inserts the new ones and
 * returns each given name in the spelling the table already has ('high potential' →
 * 'High Potential'), so filters by tag match however it was typed. Run inside the talent's
 * transaction.
 */
export async function ensureTags(db: Db, names: string[], viewer: Actor): Promise<string[]> {
  if (names.length === 0) return []
  const known = await db
    .select({ name: tags.name })
    .from(tags)
    .where(sql`lower(${tags.name}) in ${names.map((n) => n.toLowerCase())}`)
  await assertRoomForTags(db, names.length - known.length, 'tags')
  const created = await db
    .insert(tags)
    .values(names.map((name) => ({ name, createdById: viewer.id })))
    .onConflictDoNothing()
    .returning({ id: tags.id, name: tags.name })
  // A tag first typed on a talent is a created tag too, in the talent's transaction.
  await recordActivities(
    db,
    created.map((tag) => ({
      userId: viewer.id,
      action: 'tag.created',
      entityType: 'tag',
      entityId: tag.id,
      details: { name: tag.name },
    })),
  )
  const existing = await db
    .select({ name: tags.name })
    .from(tags)
    .where(sql`lower(${tags.name}) in ${names.map((n) => n.toLowerCase())}`)
    .orderBy(asc(tags.id))
  const canonical = new Map(existing.map((t) => [t.name.toLowerCase(), t.name]))
  return names.map((name) => canonical.get(name.toLowerCase()) ?? name)
}
