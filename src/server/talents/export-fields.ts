import { EXPORT_HEADERS, type ExportTalent } from '#shared/talent-export.ts'
import { fieldCell } from '#shared/fields.ts'
import type { Db } from '../db/open.ts'
import { cachedDefinitions, fieldHidingFor, listedFor } from '../fields/definitions.ts'
import type { FieldHiding } from './talent-json.ts'

export type ExportViewer = { userId: number; role: string; dataVersion?: number }

/** A custom field's column in the export: its label as the header, its value as a cell. */
export type FieldColumn = { header: string; cell: (talent: ExportTalent) => string }
export type FieldColumns = { columns: FieldColumn[]; hiding: FieldHiding | undefined }

const BUILT_IN = new Set(EXPORT_HEADERS.map((h) => h.toLowerCase()))

/**
 * The custom fields' columns, after the built-in ones, in the fields' order. Security rule 65:
 * a private field's column is in the file for admins only; for everyone else it is left out
 * entirely, even on the talents they added, as GET /api/fields leaves out its definition (a
 * column would name it). The rows are read with the same hiding as the list's JSON.
 */
export async function exportFieldsFor(db: Db, viewer: ExportViewer): Promise<FieldColumns> {
  const definitions = await cachedDefinitions(db, viewer.dataVersion)
  const person = { id: viewer.userId, role: viewer.role }
  const columns = listedFor(definitions, person).map((field) => ({
    // A label that is also a built-in header (a field named "Notes") says it is the field's.
    header: BUILT_IN.has(field.label.toLowerCase()) ? `${field.label} (field)` : field.label,
    cell: (talent: ExportTalent) => fieldCell(field, talent.customFields?.[field.key]),
  }))
  return { columns, hiding: await fieldHidingFor(db, person, viewer.dataVersion) }
}
