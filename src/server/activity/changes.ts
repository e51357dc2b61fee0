import type { FieldChange } from '#shared/activity.ts'
import type { FieldDefinition } from '#shared/fields.ts'

function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const left = new Set(a)
  const right = new Set(b)
  return left.size === right.size && [...left].every((value) => right.has(value))
}

function sameValue(a: unknown, b: unknown): boolean {
  // Tags and statuses are sets: reordering them is not a change.
  if (Array.isArray(a) && Array.isArray(b)) return sameSet(a, b)
  return (a ?? null) === (b ?? null)
}

/**
 * The fields whose value differs between two API shapes of one entity, in `fields` order, with
 * the values as the API shows them. Arrays compare as sets; undefined and null are the same.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  return fields
    .filter((field) => !sameValue(before[field], after[field]))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }))
}

/**
 * A talent.updated entry's custom field changes, in the fields' order: `customFields.<key>`, the
 * field's label at the time, and whether it is private (the History hides those from who may not
 * see them, security rule 65).
 */
export function customFieldChanges(
  definitions: readonly FieldDefinition[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): (FieldChange & { label: string; private: boolean })[] {
  return definitions
    .filter((field) => !sameValue(before[field.key], after[field.key]))
    .map((field) => ({
      field: `customFields.${field.key}`,
      label: field.label,
      private: field.private,
      from: before[field.key] ?? null,
      to: after[field.key] ?? null,
    }))
}
