import { count, eq, sql } from 'drizzle-orm'
import {
  convertValue,
  deriveFieldKey,
  FIELD_KEY_RESERVED,
  FIELD_KEY_TAKEN,
  FIELD_LABEL_TAKEN,
  FIELD_LIMIT,
  FIELD_NOT_FOUND,
  FIELD_STALE_EDIT,
  FIELD_TYPE_DROPS,
  isChoiceType,
  MAX_CUSTOM_FIELDS,
  RESERVED_FIELD_KEYS,
  type CreateField,
  type FieldDefinition,
  type FieldType,
  type TypeChangePreview,
  type UpdateField,
} from '#shared/fields.ts'
import type { Actor } from '../db/rows.ts'
import type { Db } from '../db/open.ts'
import { customFields } from '../db/field-schema.ts'
import { rawRows } from '../db/raw-rows.ts'
import { talents } from '../db/schema.ts'
import { BadRequestError, ConflictError, isUniqueViolation, NotFoundError } from '../errors.ts'
import { definitionColumns, loadDefinitions } from './definitions.ts'
import { createFieldIndexes, dropFieldIndexes } from './field-indexes.ts'

/*
 * PERMISSIONS (routes.ts declares them; the README's permissions table repeats this): every
 * signed-in person lists the definitions (private ones: admins only, security rule 65); only
 * admins create, change and delete them.
 */

export const CHOICE_IN_USE =
  'A choice cannot be removed once made; retire it instead (talents keep it)'

/** How many values a type-change preview shows. */
const EXAMPLES = 5

async function findField(db: Db, id: number, lock = false): Promise<FieldDefinition> {
  const query = db.select(definitionColumns).from(customFields).where(eq(customFields.id, id))
  const [row] = await (lock ? query.for('update') : query)
  if (!row) throw new NotFoundError(FIELD_NOT_FOUND)
  return row
}

/** A unique violation names the label or the key: a 409 on that input. */
function duplicate(error: unknown): never {
  if (isUniqueViolation(error)) {
    const text = `${error instanceof Error ? error.message : ''} ${JSON.stringify(error)}`
    if (text.includes('custom_fields_key_idx')) {
      throw new ConflictError(FIELD_KEY_TAKEN, { key: [FIELD_KEY_TAKEN] })
    }
    throw new ConflictError(FIELD_LABEL_TAKEN, { label: [FIELD_LABEL_TAKEN] })
  }
  throw error
}

async function assertLabelFree(db: Db, label: string, exceptId?: number) {
  const [row] = await db
    .select({ id: customFields.id })
    .from(customFields)
    .where(sql`lower(${customFields.label}) = lower(${label})`)
  if (row && row.id !== exceptId) {
    throw new ConflictError(FIELD_LABEL_TAKEN, { label: [FIELD_LABEL_TAKEN] })
  }
}

/** POST /api/fields (admins). The key comes from the label unless given; it never changes. */
export async function createField(db: Db, input: CreateField, viewer: Actor) {
  const key = input.key ?? deriveFieldKey(input.label)
  if (RESERVED_FIELD_KEYS.has(key)) {
    throw new BadRequestError(FIELD_KEY_RESERVED, { key: [FIELD_KEY_RESERVED] })
  }
  const choices = isChoiceType(input.type) ? input.choices : []
  try {
    return await db.transaction(async (tx) => {
      // Serialises creates, so two at once cannot both pass the limit.
      await tx.execute(sql`lock table ${customFields} in share row exclusive mode`)
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(customFields)
      if (n >= MAX_CUSTOM_FIELDS) throw new BadRequestError(FIELD_LIMIT)
      await assertLabelFree(tx, input.label)
      const [taken] = await tx
        .select({ id: customFields.id })
        .from(customFields)
        .where(eq(customFields.key, key))
      if (taken) throw new ConflictError(FIELD_KEY_TAKEN, { key: [FIELD_KEY_TAKEN] })
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${customFields.position}), -1)::int` })
        .from(customFields)
      const [row] = await tx
        .insert(customFields)
        .values({
          ...input,
          key,
          choices,
          unit: input.type === 'number' ? input.unit : null,
          position: (last?.position ?? -1) + 1,
          createdById: viewer.id,
        })
        .returning(definitionColumns)
      if (!row) throw new Error(`Field ${key} was not inserted`)
      await createFieldIndexes(tx, key, row.type)
      return row
    })
  } catch (error) {
    return duplicate(error)
  }
}

/** The values of one field, talent by talent (a type change converts them). */
async function valuesOf(db: Db, key: string) {
  return rawRows<{ id: number; value: unknown }>(
    db,
    sql`select ${talents.id} as id, ${talents.customFields} -> ${key} as value
      from ${talents} where ${talents.customFields} ? ${key}`,
  )
}

function planConversion(
  field: FieldDefinition,
  type: FieldType,
  rows: { id: number; value: unknown }[],
) {
  const converted: { id: number; value: unknown }[] = []
  const dropped: unknown[] = []
  for (const row of rows) {
    const value = convertValue(row.value, field, type)
    if (value === null) dropped.push(row.value)
    else converted.push({ id: row.id, value })
  }
  return { converted, dropped }
}

/** GET /api/fields/:id/type-change-preview: which values would not convert to `type`. */
export async function previewTypeChange(
  db: Db,
  id: number,
  type: FieldType,
): Promise<TypeChangePreview> {
  const field = await findField(db, id)
  const rows = await valuesOf(db, field.key)
  const { dropped } = planConversion(field, type, rows)
  return {
    withValue: rows.length,
    wouldDrop: dropped.length,
    examples: dropped
      .slice(0, EXAMPLES)
      .map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  }
}

/**
 * PATCH /api/fields/:id (admins). Refused with 409 when `version` is not the stored one (two
 * admins editing at once). A type change converts every value or is refused with the count of
 * those it would drop; a choice once made stays (retired, never removed), so no value is lost.
 */
export async function updateField(db: Db, id: number, input: UpdateField) {
  const { version, ...changes } = input
  try {
    return await db.transaction(async (tx) => {
      const field = await findField(tx, id, true)
      if (field.version !== version) throw new ConflictError(FIELD_STALE_EDIT)
      if (changes.label !== undefined) await assertLabelFree(tx, changes.label, id)
      const type = changes.type ?? field.type
      if (isChoiceType(type) && changes.choices === undefined && !isChoiceType(field.type)) {
        throw new BadRequestError('Add at least one choice', {
          choices: ['Add at least one choice'],
        })
      }
      if (changes.choices !== undefined) {
        const kept = new Set(changes.choices.map((c) => c.value))
        if (field.choices.some((c) => !kept.has(c.value))) {
          throw new BadRequestError(CHOICE_IN_USE, { choices: [CHOICE_IN_USE] })
        }
      }
      const next: FieldDefinition = {
        ...field,
        ...changes,
        type,
        unit: type === 'number' ? (changes.unit !== undefined ? changes.unit : field.unit) : null,
        help: changes.help !== undefined ? changes.help : field.help,
        choices: isChoiceType(type) ? (changes.choices ?? field.choices) : [],
      }
      if (type !== field.type) {
        await dropFieldIndexes(tx, field.key)
        const { converted, dropped } = planConversion(next, type, await valuesOf(tx, field.key))
        if (dropped.length > 0) {
          const message = FIELD_TYPE_DROPS(dropped.length)
          throw new ConflictError(message, { type: [message] })
        }
        if (converted.length > 0) {
          // Written as the converted values, without touching updated_at: nobody edited them.
          await tx.execute(sql`update ${talents} t
            set custom_fields = jsonb_set(t.custom_fields, array[${field.key}]::text[], v.value)
            from jsonb_to_recordset(${JSON.stringify(converted)}::jsonb) as v(id int, value jsonb)
            where t.id = v.id`)
        }
      }
      const [row] = await tx
        .update(customFields)
        .set({
          label: next.label,
          type: next.type,
          unit: next.unit,
          help: next.help,
          required: next.required,
          onCards: next.onCards,
          private: next.private,
          personalData: next.personalData,
          position: next.position,
          choices: next.choices,
          version: field.version + 1,
        })
        .where(eq(customFields.id, id))
        .returning(definitionColumns)
      if (!row) throw new NotFoundError(FIELD_NOT_FOUND)
      if (type !== field.type) await createFieldIndexes(tx, field.key, type)
      return row
    })
  } catch (error) {
    return duplicate(error)
  }
}

export { loadDefinitions }
