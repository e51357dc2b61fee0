import { customFieldsSchema, type FieldDefinition } from '#shared/fields.ts'
import type { Db } from '../db/open.ts'
import { BadRequestError } from '../errors.ts'
import { loadDefinitions, visibleOnTalent, type FieldViewer } from './definitions.ts'

/**
 * Security rule 66: a talent's `customFields` checked against the definitions the caller may
 * write (security rule 65), read in the write's own transaction. Returns the values to store:
 * the stored ones with the sent ones over them (null clears one); a field the caller may not
 * see keeps its stored value. A 400 names the field and what it expects.
 *
 * Required fields must hold a value on a create and on an edit that sends custom fields; an
 * edit that sends none (the spec's client) leaves them as they are, so talents from before a
 * field was made required stay valid until edited. Private required fields bind only callers
 * who see them in the form (admins).
 */
export async function checkedValues(
  tx: Db,
  viewer: FieldViewer,
  addedById: number | null,
  sent: Record<string, unknown> | undefined,
  stored: Record<string, unknown>,
  isCreate: boolean,
): Promise<Record<string, unknown> | undefined> {
  if (!isCreate && sent === undefined) return undefined
  const definitions = await loadDefinitions(tx)
  const writable = visibleOnTalent(definitions, viewer, addedById)
  const requiredFor = (d: FieldDefinition) => d.required && (!d.private || viewer.role === 'admin')
  const schema = customFieldsSchema(
    writable.map((d) => ({ ...d, required: requiredFor(d) })),
    { existing: stored, requireRequired: true },
  )
  const parsed = schema.safeParse(sent ?? {})
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const path = `customFields.${issue.path.map(String).join('.')}`
      fieldErrors[path] = [...(fieldErrors[path] ?? []), issue.message]
    }
    const first = parsed.error.issues[0]?.message ?? 'Invalid custom field'
    throw new BadRequestError(first, fieldErrors)
  }
  // Keys of deleted fields never linger: only defined keys are kept.
  const defined = new Set(definitions.map((d) => d.key))
  const merged: Record<string, unknown> = {}
  for (const [key, value] of Object.entries({ ...stored, ...parsed.data })) {
    if (defined.has(key) && value !== null && value !== undefined) merged[key] = value
  }
  return merged
}

/** Security rule 65: the values of `values` this caller may see on a talent added by `addedById`. */
export async function visibleValues(
  db: Db,
  viewer: FieldViewer,
  addedById: number | null,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const visible = new Set(
    visibleOnTalent(await loadDefinitions(db), viewer, addedById).map((d) => d.key),
  )
  return Object.fromEntries(Object.entries(values).filter(([key]) => visible.has(key)))
}
