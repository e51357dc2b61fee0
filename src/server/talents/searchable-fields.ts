import type { FieldDefinition } from '#shared/fields.ts'
import type { Db } from '../db/open.ts'
import { cachedDefinitions, listedFor, type FieldViewer } from '../fields/definitions.ts'

/**
 * Security rule 65: the custom fields a caller may filter, search and sort by — the ones they
 * may see listed (every field for admins, none of the private ones for anyone else). A private
 * field's key is then no search term for them: `salary:<80000` is two plain words, and
 * `field.salary=…` an unknown field (400), so a filter never reveals a value they may not see.
 */
export async function searchableFields(
  db: Db,
  viewer: FieldViewer,
  dataVersion?: number,
): Promise<FieldDefinition[]> {
  return listedFor(await cachedDefinitions(db, dataVersion), viewer)
}
