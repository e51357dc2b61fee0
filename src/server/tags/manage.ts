import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import {
  SYSTEM_TAG_LOCKED_MESSAGE,
  TAG_EXISTS_MESSAGE,
  TAG_NOT_FOUND_MESSAGE,
  tagFlags,
  type DeleteTagResponse,
  type MergeTag,
  type RenameTag,
  type Tag,
} from '#shared/tag.ts'
import { recordActivity } from '../audit/record.ts'
import { inTransaction } from '../db/in-transaction.ts'
import { allowLongStatements } from '../db/long-statements.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { rawRows } from '../db/raw-rows.ts'
import { tags } from '../db/schema.ts'
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors.ts'

/*
 * Tag management on the Tags page. PERMISSIONS (the README's table repeats this):
 * renaming, merging and deleting a tag rewrite the tags of every talent carrying it, whoever
 * added them, so they are pool-wide curation, like managing users: admins only (the routes
 * declare access 'admin'). Anyone signed in may create a tag (service.ts).
 *
 * talents.tags holds names, so each write updates the tag row and the talents' arrays in ONE
 * transaction, together with its activity entry:
 * - tag.renamed { from, to, talentsAffected }
 * - tag.merged  { from, into, intoId, talentsAffected } (entityId: the merged-away tag)
 * - tag.deleted { name, talentsAffected }
 * System labels (spec section 4) are never renamed, merged away or deleted: 403.
 * Talents whose tags change get a new updatedAt, so an edit form opened before the change is
 * refused as stale (security rule 27) instead of quietly bringing the old name back.
 */
type TagRow = { id: number; name: string }

export const MERGE_INTO_ITSELF = 'Choose a different tag to merge into.'
export const MERGE_TARGET_MISSING = 'The tag to merge into was not found.'

/** Runs a tag write in one transaction; the lower(name) unique index has the last word. */
function write<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  // Security rule 43: a tag on most of the pool rewrites every talent holding it, past a
  // request's statement limit on a large pool.
  const long = async (tx: Db) => {
    await allowLongStatements(tx)
    return run(tx)
  }
  return inTransaction(db, long, { onDuplicate: () => new ConflictError(TAG_EXISTS_MESSAGE) })
}

/** The rows of `ids`, locked in id order so two writes on the same tags queue, never deadlock. */
function lockTags(tx: Db, ids: number[]): Promise<TagRow[]> {
  return tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(inArray(tags.id, ids))
    .orderBy(asc(tags.id))
    .for('update')
}

/** A tag this request may rename, merge away or delete: it exists and is no system label. */
function manageable(tag: TagRow | undefined): TagRow {
  if (!tag) throw new NotFoundError(TAG_NOT_FOUND_MESSAGE)
  if (tagFlags(tag.name).isSystem) throw new ForbiddenError(SYSTEM_TAG_LOCKED_MESSAGE)
  return tag
}

async function lockTag(tx: Db, id: number): Promise<TagRow> {
  const [tag] = await lockTags(tx, [id])
  return manageable(tag)
}

/**
 * Sets `tags = <next>` on every talent carrying `name` (GIN index on tags) and counts them.
 * Raw SQL so 100,000 rows are counted in the database, not returned.
 */
async function rewriteTalents(tx: Db, name: string, next: SQL): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    tx,
    sql`with changed as (
      update talents set tags = ${next}, updated_at = now()
      where tags @> array[${name}::text]
      returning 1
    ) select count(*)::int as n from changed`,
  )
  return row?.n ?? 0
}

/** `from` becomes `to` in place; a talent that already has `to` just loses `from` (no duplicates). */
const replaceName = (from: string, to: string) =>
  sql`case when ${to}::text = any(tags) then array_remove(tags, ${from}::text)
    else array_replace(tags, ${from}::text, ${to}::text) end`

async function toTag(tx: Db, tag: TagRow): Promise<Tag> {
  const [row] = await rawRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from talents where tags @> array[${tag.name}::text]`,
  )
  return { ...tag, count: row?.n ?? 0, ...tagFlags(tag.name) }
}

/** PUT /api/tags/:id: renames the tag and every talent's copy of its name. */
export async function renameTag(db: Db, id: number, input: RenameTag, viewer: Actor): Promise<Tag> {
  return write(db, async (tx) => {
    const tag = await lockTag(tx, id)
    if (input.name === tag.name) return toTag(tx, tag)
    // spec section 5: a case-insensitive duplicate is refused like a new tag. A system label's
    // name counts as taken, so a custom tag never turns into a locked one.
    const [clash] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(sql`lower(${tags.name}) = lower(${input.name})`, ne(tags.id, id)))
      .limit(1)
    if (clash || tagFlags(input.name).isSystem) throw new ConflictError(TAG_EXISTS_MESSAGE)

    await tx.update(tags).set({ name: input.name }).where(eq(tags.id, id))
    const talentsAffected = await rewriteTalents(tx, tag.name, replaceName(tag.name, input.name))
    await recordActivity(tx, {
      userId: viewer.id,
      action: 'tag.renamed',
      entityType: 'tag',
      entityId: id,
      details: { from: tag.name, to: input.name, talentsAffected },
    })
    return toTag(tx, { id, name: input.name })
  })
}

/** DELETE /api/tags/:id: removes the tag from every talent, then the tag itself. */
export async function deleteTag(db: Db, id: number, viewer: Actor): Promise<DeleteTagResponse> {
  return write(db, async (tx) => {
    const tag = await lockTag(tx, id)
    const talentsAffected = await rewriteTalents(
      tx,
      tag.name,
      sql`array_remove(tags, ${tag.name}::text)`,
    )
    await tx.delete(tags).where(eq(tags.id, id))
    await recordActivity(tx, {
      userId: viewer.id,
      action: 'tag.deleted',
      entityType: 'tag',
      entityId: id,
      details: { name: tag.name, talentsAffected },
    })
    return { message: `Tag "${tag.name}" deleted`, talentsAffected }
  })
}

/**
 * POST /api/tags/:id/merge: the source's talents get the target (once), the source is removed.
 * Merging into a system label is allowed; merging one away is not.
 */
export async function mergeTag(
  db: Db,
  sourceId: number,
  input: MergeTag,
  viewer: Actor,
): Promise<Tag> {
  if (input.targetId === sourceId) {
    throw new BadRequestError(MERGE_INTO_ITSELF, { targetId: [MERGE_INTO_ITSELF] })
  }
  return write(db, async (tx) => {
    const locked = await lockTags(tx, [sourceId, input.targetId])
    const source = manageable(locked.find((tag) => tag.id === sourceId))
    const target = locked.find((tag) => tag.id === input.targetId)
    if (!target)
      throw new BadRequestError(MERGE_TARGET_MISSING, { targetId: [MERGE_TARGET_MISSING] })

    const talentsAffected = await rewriteTalents(
      tx,
      source.name,
      replaceName(source.name, target.name),
    )
    await tx.delete(tags).where(eq(tags.id, source.id))
    await recordActivity(tx, {
      userId: viewer.id,
      action: 'tag.merged',
      entityType: 'tag',
      entityId: source.id,
      details: { from: source.name, into: target.name, intoId: target.id, talentsAffected },
    })
    return toTag(tx, target)
  })
}
