import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import {
  BULK_NOT_FOUND,
  BULK_UNDO_FORBIDDEN,
  BULK_UNDO_HOURS,
  type BulkRequest,
  type BulkResult,
  type BulkUndoResult,
} from '#shared/bulk.ts'
import { chunksOf } from '#shared/chunks.ts'
import { MAX_TAGS_PER_TALENT } from '#shared/talent.ts'
import { canChange } from '../auth/can-change.ts'
import { openChangeSet, undoChangeSet } from '../changes/change-set.ts'
import {
  changesBetween,
  imageOf,
  recordTalentDeletes,
  type RestorableColumn,
} from '../changes/talent-images.ts'
import { idArray } from '../db/id-array.ts'
import { bulkActions } from '../db/change-schema.ts'
import { deferIndexMerges, queueTableUpkeep, UPKEEP_AFTER_ROWS } from '../jobs/table-upkeep.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { talents, tags } from '../db/schema.ts'
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors.ts'
import { lookUpCorrections } from '../search/corrections.ts'
import { filterOf } from '../talents/list-plan.ts'
import { searchableFields } from '../talents/searchable-fields.ts'
import { talentWhere } from '../talents/where.ts'
import { allowLongStatements } from '../db/long-statements.ts'
import { inTransaction } from '../db/in-transaction.ts'

/*
 * Bulk actions. PERMISSIONS (the README's table repeats this): every signed-in user may
 * tag, untag, set and clear statuses on any talents, as they may edit any talent; delete follows
 * the single delete's rule — a user only talents they added, an admin any (one talent added by
 * someone else refuses the whole action: nothing is half done). Undo: the person who ran the
 * action, or an admin, within BULK_UNDO_HOURS.
 *
 * Each action is ONE transaction: the change set, the before-images, the update or delete, a
 * History entry on every talent it changed. Targets are locked in id order, so two actions on
 * overlapping selections queue on the first shared talent instead of deadlocking, and the second
 * sees the first one's result (a talent the first already tagged is not touched again).
 */
export const BULK_DELETE_FORBIDDEN = (others: number) =>
  `You can only delete talents you added: ${others.toLocaleString('en-US')} of the selected ${others === 1 ? 'talent was' : 'talents were'} added by someone else. Nothing was deleted.`
export const TOO_MANY_TAGS = `A talent can have at most ${MAX_TAGS_PER_TALENT} tags. Nothing was changed.`

/**
 * How many talents one statement may write, in an action and in its undo. Unset: all of them, as
 * the server does on both engines. Parts were the embedded engine's answer while it ran on the
 * server's thread (a 10,000-talent edit in one statement held every request for ~2.3 s); on its
 * own thread (pglite-thread.ts) one statement is faster (2.1 s against 2.35 s in parts of 200)
 * and the list is answered meanwhile (docs/performance.md). Kept for callers that run
 * the embedded engine on their own thread (scripts, tests).
 */
export type BulkOptions = { rowsPerStatement?: number; undoRowsPerStatement?: number }

const textArray = (names: readonly string[]): SQL =>
  sql`array[${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )}]::text[]`

/** The names as the tags table spells them; an unknown tag is a 400 that names it. */
async function knownTags(tx: Db, names: readonly string[]): Promise<string[]> {
  const rows = await tx
    .select({ name: tags.name })
    .from(tags)
    .where(inArray(sql`lower(${tags.name})`, [...new Set(names.map((n) => n.toLowerCase()))]))
  const byKey = new Map(rows.map((row) => [row.name.toLowerCase(), row.name]))
  const unknown = names.filter((name) => !byKey.has(name.toLowerCase()))
  if (unknown.length > 0) {
    const message = `Unknown tag${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. Create it on the Tags page first.`
    throw new BadRequestError(message, { 'payload.tags': [message] })
  }
  return [...new Set(names.map((name) => byKey.get(name.toLowerCase()) ?? name))]
}

type Edit = { column: RestorableColumn & ('tags' | 'status'); adds: boolean }

const EDITS: Record<Exclude<BulkRequest['action'], 'delete'>, Edit> = {
  addTags: { column: 'tags', adds: true },
  removeTags: { column: 'tags', adds: false },
  setStatus: { column: 'status', adds: true },
  clearStatus: { column: 'status', adds: false },
}

/** Only talents the action changes: adding what they lack, removing what they have. */
function needsChange(edit: Edit, names: SQL): SQL {
  const column = edit.column === 'tags' ? talents.tags : talents.status
  return edit.adds ? sql`not (${column} @> ${names})` : sql`${column} && ${names}`
}

async function selectionWhere(
  tx: Db,
  request: BulkRequest,
  actor: Actor,
): Promise<SQL | undefined> {
  if (request.ids) return sql`${talents.id} = any(${idArray(request.ids)})`
  // The schema guarantees a filter when there are no ids; an empty one means the whole pool.
  if (!request.filter) return sql`false`
  // The same talents the dashboard lists for the filter, typo corrections included.
  const filter = filterOf(request.filter, await searchableFields(tx, actor))
  return talentWhere(filter, await lookUpCorrections(tx, filter.query))
}

/** Locks the targets in id order (see above) and returns them. */
async function lockTargets(tx: Db, request: BulkRequest, actor: Actor, change: SQL | undefined) {
  return tx
    .select({ id: talents.id, addedById: talents.addedById })
    .from(talents)
    .where(and(await selectionWhere(tx, request, actor), change))
    .orderBy(asc(talents.id))
    .for('update')
}

const NEXT_VERSION = sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', talents.updated_at) + interval '1 millisecond')`

/**
 * One statement for the whole edit: the before-images, the update, each talent's new version as
 * the change set's stamp and its History entry. Every part reads the rows as they were before the
 * update (a WITH query's parts share one snapshot), so nothing reads the 10,000 rows back.
 */
async function applyEdit(
  tx: Db,
  ids: number[],
  edit: Edit,
  names: SQL,
  context: { changeSetId: number; bulkId: number; actor: Actor },
): Promise<void> {
  const { changeSetId, bulkId, actor } = context
  const column = sql.identifier(edit.column)
  // Order kept: added names go last, removed ones leave the rest where they were.
  const next = edit.adds
    ? sql`${column} || array(select n from unnest(${names}) as n where not (n = any(${column})))`
    : sql`array(select x from unnest(${column}) with ordinality as u(x, i) where not (x = any(${names})) order by i)`
  if (edit.adds && edit.column === 'tags') {
    const [crowded] = await tx
      .select({ id: talents.id })
      .from(talents)
      .where(
        sql`${talents.id} = any(${idArray(ids)}) and cardinality(${next}) > ${MAX_TAGS_PER_TALENT}`,
      )
      .limit(1)
    if (crowded) throw new BadRequestError(TOO_MANY_TAGS)
  }
  await tx.execute(sql`
    with before as (
      select t.id, t.full_name, ${imageOf('t', [edit.column])} as image
      from talents t where t.id = any(${idArray(ids)})
    ), updated as (
      update talents set ${column} = ${next}, updated_at = ${NEXT_VERSION}
      where id = any(${idArray(ids)})
      returning id, ${column}, updated_at
    ), recorded as (
      insert into change_set_rows (change_set_id, entity, entity_id, op, before, stamp)
      select ${changeSetId}, 'talent', b.id, 'updated', b.image, u.updated_at
      from before b join updated u on u.id = b.id
    )
    insert into activity_log (user_id, action, entity_type, entity_id, details)
    select ${actor.id}, 'talent.updated', 'talent', b.id,
      jsonb_build_object('fullName', b.full_name, 'bulkId', ${bulkId}::int,
        'changes', ${changesBetween(sql`b.image`, imageOf('u', [edit.column]))})
    from before b join updated u on u.id = b.id
    order by b.id`)
}

async function applyDelete(
  tx: Db,
  targets: { id: number; addedById: number | null }[],
  context: { changeSetId: number; bulkId: number; actor: Actor },
): Promise<void> {
  const { changeSetId, bulkId, actor } = context
  const others = targets.filter((t) => !canChange(actor, t)).length
  if (others > 0) throw new ForbiddenError(BULK_DELETE_FORBIDDEN(others))
  const ids = targets.map((t) => t.id)
  await recordTalentDeletes(tx, changeSetId, ids)
  await tx.execute(sql`
    insert into activity_log (user_id, action, entity_type, entity_id, details)
    select ${actor.id}, 'talent.deleted', 'talent', t.id,
      jsonb_build_object('fullName', t.full_name, 'email', t.email, 'bulkId', ${bulkId}::int)
    from talents t where t.id = any(${idArray(ids)}) order by t.id`)
  await tx.delete(talents).where(sql`${talents.id} = any(${idArray(ids)})`)
}

/** How the selection was given, as the recent list and the log keep it. */
function selectionOf(request: BulkRequest): Record<string, unknown> {
  if (request.ids) return { ids: request.ids.length }
  return { filter: JSON.parse(JSON.stringify(request.filter ?? {})) as unknown }
}

/** POST /api/talents/bulk. */
export async function runBulk(
  db: Db,
  request: BulkRequest,
  actor: Actor,
  options: BulkOptions = {},
): Promise<BulkResult> {
  return inTransaction(db, async (tx) => {
    await allowLongStatements(tx) // security rule 43: past a request's limit
    // The schema checked that the action's payload is there (shared/bulk.ts).
    const names =
      request.action === 'delete'
        ? []
        : request.action === 'addTags' || request.action === 'removeTags'
          ? await knownTags(tx, request.payload?.tags ?? [])
          : (request.payload?.statuses ?? [])
    const changeSetId = await openChangeSet(tx, {
      kind: 'bulk',
      actor,
      undoHours: BULK_UNDO_HOURS,
    })
    const [bulk] = await tx
      .insert(bulkActions)
      .values({
        changeSetId,
        createdById: actor.id,
        action: request.action,
        payload: { names },
        selection: selectionOf(request),
        affected: 0,
      })
      .returning({ id: bulkActions.id })
    if (!bulk) throw new Error('Bulk action row was not inserted')
    const context = { changeSetId, bulkId: bulk.id, actor }
    const edit = request.action === 'delete' ? undefined : EDITS[request.action]
    const targets = await lockTargets(
      tx,
      request,
      actor,
      edit ? needsChange(edit, textArray(names)) : undefined,
    )
    const large = targets.length >= UPKEEP_AFTER_ROWS
    if (large) await deferIndexMerges(tx)
    if (targets.length > 0) {
      if (edit) {
        const ids = targets.map((t) => t.id)
        for (const part of chunksOf(ids, options.rowsPerStatement)) {
          await applyEdit(tx, part, edit, textArray(names), context)
        }
      } else {
        await applyDelete(tx, targets, context)
      }
    }
    await tx
      .update(bulkActions)
      .set({ affected: targets.length })
      .where(eq(bulkActions.id, bulk.id))
    if (large) await queueTableUpkeep(tx)
    return { bulkId: bulk.id, affected: targets.length }
  })
}

/** POST /api/bulk/:id/undo: the whole action, for its author or an admin. */
export async function undoBulk(
  db: Db,
  bulkId: number,
  actor: Actor,
  options: BulkOptions = {},
): Promise<BulkUndoResult> {
  return inTransaction(db, async (tx) => {
    await allowLongStatements(tx) // security rule 43: past a request's limit
    const [row] = await tx
      .select({
        createdById: bulkActions.createdById,
        changeSetId: bulkActions.changeSetId,
        affected: bulkActions.affected,
      })
      .from(bulkActions)
      .where(eq(bulkActions.id, bulkId))
      .for('update')
    if (!row) throw new NotFoundError(BULK_NOT_FOUND)
    if (!canChange(actor, row)) {
      throw new ForbiddenError(BULK_UNDO_FORBIDDEN)
    }
    const large = row.affected >= UPKEEP_AFTER_ROWS
    if (large) await deferIndexMerges(tx)
    const result = await undoChangeSet(tx, row.changeSetId, actor, {
      rowsPerStatement: options.undoRowsPerStatement,
    })
    if (large) await queueTableUpkeep(tx)
    return { restored: result.restoredTalents, kept: result.kept }
  })
}
