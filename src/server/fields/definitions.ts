import { asc } from 'drizzle-orm'
import type { FieldDefinition } from '#shared/fields.ts'
import type { Db } from '../db/open.ts'
import { customFields } from '../db/field-schema.ts'

type Cached = { version: number; definitions: Promise<FieldDefinition[]> }
const caches = new WeakMap<Db, Cached>()

export const definitionColumns = {
  id: customFields.id,
  key: customFields.key,
  label: customFields.label,
  type: customFields.type,
  unit: customFields.unit,
  help: customFields.help,
  required: customFields.required,
  onCards: customFields.onCards,
  private: customFields.private,
  personalData: customFields.personalData,
  position: customFields.position,
  choices: customFields.choices,
  version: customFields.version,
  createdById: customFields.createdById,
}

/** Every definition in the order the form shows them, read now (inside a write, pass its tx). */
export function loadDefinitions(db: Db): Promise<FieldDefinition[]> {
  return db
    .select(definitionColumns)
    .from(customFields)
    .orderBy(asc(customFields.position), asc(customFields.id))
}

/**
 * Every definition, cached per data version like the list's pages: a definition change bumps
 * the version (migration 0032), so no request sees definitions older than its own data version.
 */
export function cachedDefinitions(
  db: Db,
  dataVersion: number | undefined,
): Promise<FieldDefinition[]> {
  if (dataVersion === undefined) return loadDefinitions(db)
  const cached = caches.get(db)
  if (cached && cached.version >= dataVersion) return cached.definitions
  const definitions = loadDefinitions(db)
  caches.set(db, { version: dataVersion, definitions })
  // A failed read is not kept.
  definitions.catch(() => {
    if (caches.get(db)?.definitions === definitions) caches.delete(db)
  })
  return definitions
}

export type FieldViewer = { id: number; role: string }

/** Security rule 65: the definitions a caller may see in GET /api/fields (private: admins only). */
export function listedFor(definitions: FieldDefinition[], viewer: FieldViewer): FieldDefinition[] {
  return viewer.role === 'admin' ? definitions : definitions.filter((d) => !d.private)
}

/**
 * Security rule 65: a talent's values a caller may see or write: every field for admins and for
 * the talent's adder, the fields that are not private for everyone else.
 */
export function visibleOnTalent(
  definitions: FieldDefinition[],
  viewer: FieldViewer,
  addedById: number | null,
): FieldDefinition[] {
  if (viewer.role === 'admin' || (addedById !== null && addedById === viewer.id)) return definitions
  return definitions.filter((d) => !d.private)
}

/** The keys of private fields: what a talent's JSON drops for a caller who may not see them. */
export function privateKeys(definitions: FieldDefinition[]): string[] {
  return definitions.filter((d) => d.private).map((d) => d.key)
}

/**
 * Security rule 65: what a talent read hides from this caller: nothing for admins, else the
 * private fields (shown anyway on the talents the caller added; talents/talent-json.ts).
 */
export async function fieldHidingFor(
  db: Db,
  viewer: FieldViewer,
  dataVersion: number | undefined,
): Promise<{ viewerId: number; keys: string[] } | undefined> {
  if (viewer.role === 'admin') return undefined
  const keys = privateKeys(await cachedDefinitions(db, dataVersion))
  return keys.length === 0 ? undefined : { viewerId: viewer.id, keys }
}
