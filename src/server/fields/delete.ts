import { and, count, eq, sql } from 'drizzle-orm'
import {
  FIELD_DELETE_UNDO_HOURS,
  FIELD_KEY_TAKEN,
  FIELD_LABEL_TAKEN,
  FIELD_LIMIT,
  FIELD_NOT_FOUND,
  MAX_CUSTOM_FIELDS,
  type DeletedField,
  type FieldDefinition,
  type FieldDeleted,
  type FieldDeleteUndone,
} from '#shared/fields.ts'
import {
  CHANGE_SET_EXPIRED,
  CHANGE_SET_NOT_FOUND,
  CHANGE_SET_UNDONE,
  openChangeSet,
} from '../changes/change-set.ts'
import { changeSetRows, changeSets } from '../db/change-schema.ts'
import { customFields } from '../db/field-schema.ts'
import { inTransaction } from '../db/in-transaction.ts'
import type { Db } from '../db/open.ts'
import { rawRows } from '../db/raw-rows.ts'
import type { Actor } from '../db/rows.ts'
import { ConflictError, NotFoundError } from '../errors.ts'
import { definitionColumns } from './definitions.ts'
import { createFieldIndexes, dropFieldIndexes } from './field-indexes.ts'

/*
 * Deleting a custom field, undoable for FIELD_DELETE_UNDO_HOURS like a bulk action (admins
 * only; routes.ts). The definition and each talent's value go into a change set in the delete's
 * own transaction (changes/ in docs/architecture.md): the definition as a `custom_field` row, each
 * value as a `field_value_removed` row of its talent, so erasing a talent erases its kept value
 * too (privacy/erasure/scrub.ts deletes the talent's rows) and housekeeping drops them when the
 * window ends. Values are removed and put back without touching updated_at (decision 028).
 */
const KIND = 'field_delete'

/** DELETE /api/fields/:id: the field and every talent's value of it; the count and an undo id. */
export async function deleteField(db: Db, id: number, actor: Actor): Promise<FieldDeleted> {
  return inTransaction(db, async (tx) => {
    const [field] = await tx
      .select(definitionColumns)
      .from(customFields)
      .where(eq(customFields.id, id))
      .for('update')
    if (!field) throw new NotFoundError(FIELD_NOT_FOUND)
    const undoId = await openChangeSet(tx, {
      kind: KIND,
      actor,
      undoHours: FIELD_DELETE_UNDO_HOURS,
    })
    await tx.insert(changeSetRows).values({
      changeSetId: undoId,
      entity: 'custom_field',
      entityId: field.id,
      op: 'deleted',
      before: field,
    })
    // One statement keeps each value and removes it (decision 028: a scan, an admin's rare act).
    const removed = await rawRows<{ n: number }>(
      tx,
      sql`with kept as (
          insert into change_set_rows (change_set_id, entity, entity_id, op, before)
          select ${undoId}, 'talent', t.id, 'field_value_removed',
            jsonb_build_object('value', t.custom_fields -> ${field.key}::text)
          from talents t where t.custom_fields ? ${field.key}::text
          returning entity_id
        ), gone as (
          update talents t set custom_fields = t.custom_fields - ${field.key}::text
          from kept where t.id = kept.entity_id
          returning t.id
        )
        select count(*)::int as n from gone`,
    )
    await tx.delete(customFields).where(eq(customFields.id, id))
    await dropFieldIndexes(tx, field.key)
    const removedValues = removed[0]?.n ?? 0
    return {
      message: `Field '${field.label}' deleted`,
      removedValues,
      undoId,
      undoHours: FIELD_DELETE_UNDO_HOURS,
    }
  })
}

/**
 * POST /api/fields/deleted/:undoId/undo: the field comes back with its id, key, position and
 * choices, and every kept value goes back onto its talent (still there; an erased talent's
 * value went with it). Refused (409) when already undone, past the window, when another field
 * has taken the label or key since, or when the limit of fields is reached.
 */
export async function undoFieldDelete(
  db: Db,
  undoId: number,
  actor: Actor,
): Promise<FieldDeleteUndone> {
  return inTransaction(db, async (tx) => {
    const [set] = await tx
      .select({
        kind: changeSets.kind,
        undoneAt: changeSets.undoneAt,
        expired: sql<boolean>`${changeSets.undoUntil} < now()`,
      })
      .from(changeSets)
      .where(eq(changeSets.id, undoId))
      .for('update')
    if (set?.kind !== KIND) throw new NotFoundError(CHANGE_SET_NOT_FOUND)
    if (set.undoneAt) throw new ConflictError(CHANGE_SET_UNDONE)
    if (set.expired) throw new ConflictError(CHANGE_SET_EXPIRED)
    const [kept] = await tx
      .select({ before: changeSetRows.before })
      .from(changeSetRows)
      .where(and(eq(changeSetRows.changeSetId, undoId), eq(changeSetRows.entity, 'custom_field')))
    if (!kept) throw new NotFoundError(CHANGE_SET_NOT_FOUND)
    const field = kept.before as FieldDefinition
    await tx.execute(sql`lock table ${customFields} in share row exclusive mode`)
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(customFields)
    if (n >= MAX_CUSTOM_FIELDS) throw new ConflictError(FIELD_LIMIT)
    const [clash] = await tx
      .select({ key: customFields.key })
      .from(customFields)
      .where(
        sql`${customFields.key} = ${field.key} or lower(${customFields.label}) = lower(${field.label})`,
      )
    if (clash)
      throw new ConflictError(clash.key === field.key ? FIELD_KEY_TAKEN : FIELD_LABEL_TAKEN)
    const [restored] = await tx
      .insert(customFields)
      .values({
        id: field.id,
        key: field.key,
        label: field.label,
        type: field.type,
        unit: field.unit,
        help: field.help,
        required: field.required,
        onCards: field.onCards,
        private: field.private,
        personalData: field.personalData,
        position: field.position,
        choices: field.choices,
        version: field.version + 1,
        createdById: sql`(select u.id from users u where u.id = ${field.createdById ?? 0})`,
      })
      .returning(definitionColumns)
    if (!restored) throw new Error(`Field ${field.key} was not restored`)
    await createFieldIndexes(tx, restored.key, restored.type)
    const back = await rawRows<{ n: number }>(
      tx,
      sql`with put as (
          update talents t
          set custom_fields = t.custom_fields || jsonb_build_object(${field.key}::text, c.before -> 'value')
          from change_set_rows c
          where c.change_set_id = ${undoId} and c.entity = 'talent'
            and c.op = 'field_value_removed' and t.id = c.entity_id
          returning t.id
        ) select count(*)::int as n from put`,
    )
    await tx
      .update(changeSets)
      .set({ undoneAt: sql`now()`, undoneById: actor.id })
      .where(eq(changeSets.id, undoId))
    const restoredValues = back[0]?.n ?? 0
    return { message: `Field '${restored.label}' restored`, restoredValues, field: restored }
  })
}

/** GET /api/fields/deleted (admins): the deletes that can still be undone, newest first. */
export async function listDeletedFields(db: Db): Promise<DeletedField[]> {
  const rows = await rawRows<{
    undoId: number
    label: string
    removedValues: number
    deletedAt: Date | string
    undoUntil: Date | string
  }>(
    db,
    sql`select s.id as "undoId", d.before ->> 'label' as label,
        (select count(*)::int from change_set_rows v where v.change_set_id = s.id
          and v.op = 'field_value_removed') as "removedValues",
        s.created_at as "deletedAt", s.undo_until as "undoUntil"
      from change_sets s
      join change_set_rows d on d.change_set_id = s.id and d.entity = 'custom_field'
      where s.kind = ${KIND} and s.undone_at is null and s.undo_until > now()
      order by s.id desc`,
  )
  const iso = (v: Date | string) => new Date(v).toISOString()
  return rows.map((r) => ({ ...r, deletedAt: iso(r.deletedAt), undoUntil: iso(r.undoUntil) }))
}
