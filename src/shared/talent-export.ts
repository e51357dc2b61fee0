import { z } from 'zod'
import type { PrivacyRecordInput } from './privacy.ts'
import type { Talent } from './talent.ts'
import { talentIdsSchema } from './bulk.ts'
import { talentListParams, withFieldParams } from './talent-list-query.ts'
import { neutraliseCell } from './formula-cells.ts'

// The export's formats, query and columns. The importer (same issue) reads
// files with these headers back, so the header list lives here, once, for both.

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const EXPORT_FORMAT_MESSAGE = "Format must be 'csv' or 'xlsx'"

/**
 * GET /api/talents/export: every list parameter the dashboard sends (filters, search, sort, and
 * whatever the list schema gains later, such as `q`) except paging, plus the format.
 * Derived from the list's schema so the two never drift apart.
 */
export const talentExportQuerySchema = withFieldParams(
  talentListParams
    .omit({ limit: true, cursor: true })
    .extend({ format: z.enum(EXPORT_FORMATS, { error: EXPORT_FORMAT_MESSAGE }) }),
)
export type TalentExportQuery = z.infer<typeof talentExportQuerySchema>

export const EXPORT_TOO_MANY_IDS =
  "An export of a selection takes at most 100,000 talents. Use 'Select all matching' instead."

/**
 * POST /api/talents/export: a hand-picked selection, by id, in the dashboard's
 * sort. The ids travel in a body because 100,000 of them do not fit in a URL.
 */
export const talentSelectionExportSchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: EXPORT_FORMAT_MESSAGE }),
  ids: talentIdsSchema(EXPORT_TOO_MANY_IDS),
  sort: talentListParams.shape.sort,
})
export type TalentSelectionExport = z.infer<typeof talentSelectionExportSchema>
export type TalentSelectionExportInput = z.input<typeof talentSelectionExportSchema>

/** Joins a talent's tags and statuses in one cell; the importer splits on ';'. */
export const LIST_SEPARATOR = '; '

/**
 * A talent as the export writes it: the list's fields and its privacy record (security rule 49),
 * so an export imports back with the record it had.
 */
export type ExportTalent = Talent & { privacy: PrivacyRecordInput }

export type ExportColumn = {
  /** The header cell, as the importer recognises it. */
  header: string
  /** The talent field the importer maps it back to (the talent form's names). */
  field: string
  cell: (talent: ExportTalent) => string
}

/** The privacy record's fields as import targets, in the Privacy tab's order. */
export const PRIVACY_IMPORT_FIELDS = [
  'privacySource',
  'privacySourceDetail',
  'lawfulBasis',
  'consentGivenOn',
  'consentValidUntil',
  'informedOn',
] as const
export type PrivacyImportField = (typeof PRIVACY_IMPORT_FIELDS)[number]

const text = (value: string | null | undefined) => value ?? ''

const adderName = (talent: Talent) =>
  [talent.addedByUser?.firstName, talent.addedByUser?.lastName]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' ')

/** Every field of a talent, in the order of the file's columns. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Full Name', field: 'fullName', cell: (t) => t.fullName },
  { header: 'Email', field: 'email', cell: (t) => t.email },
  { header: 'Phone', field: 'phone', cell: (t) => text(t.phone) },
  { header: 'Area of Interest', field: 'areaOfInterest', cell: (t) => t.areaOfInterest },
  { header: 'Seniority Level', field: 'seniorityLevel', cell: (t) => t.seniorityLevel },
  { header: 'Tags', field: 'tags', cell: (t) => t.tags.join(LIST_SEPARATOR) },
  { header: 'Status', field: 'status', cell: (t) => t.status.join(LIST_SEPARATOR) },
  { header: 'Notes', field: 'notes', cell: (t) => text(t.notes) },
  { header: 'LinkedIn URL', field: 'linkedinUrl', cell: (t) => text(t.linkedinUrl) },
  { header: 'CV/Resume Link', field: 'cvResumePath', cell: (t) => text(t.cvResumePath) },
  { header: 'CV File Name', field: 'cvFileName', cell: (t) => text(t.cv?.fileName) },
  { header: 'Created At', field: 'createdAt', cell: (t) => t.createdAt },
  { header: 'Updated At', field: 'updatedAt', cell: (t) => t.updatedAt },
  { header: 'Added By Name', field: 'addedByName', cell: adderName },
  { header: 'Added By Email', field: 'addedByEmail', cell: (t) => text(t.addedByUser?.email) },
  // The privacy record, after the profile's columns (security rule 49).
  { header: 'Source', field: 'privacySource', cell: (t) => t.privacy.source },
  {
    header: 'Source Note',
    field: 'privacySourceDetail',
    cell: (t) => text(t.privacy.sourceDetail),
  },
  { header: 'Lawful Basis', field: 'lawfulBasis', cell: (t) => t.privacy.lawfulBasis },
  {
    header: 'Consent Given On',
    field: 'consentGivenOn',
    cell: (t) => text(t.privacy.consentGivenOn),
  },
  {
    header: 'Consent Valid Until',
    field: 'consentValidUntil',
    cell: (t) => text(t.privacy.consentValidUntil),
  },
  { header: 'Informed On', field: 'informedOn', cell: (t) => text(t.privacy.informedOn) },
]

export const EXPORT_HEADERS: readonly string[] = EXPORT_COLUMNS.map((column) => column.header)

// The formula check lives with the other spreadsheet-cell rules; the importer takes restoreCell
// from here, beside the headers it reads back.
export { neutraliseCell, restoreCell } from './formula-cells.ts'

/** One talent as the file's row: every column's value as it is (the CSV writer neutralises). */
export function exportValues(talent: ExportTalent): string[] {
  return EXPORT_COLUMNS.map((column) => column.cell(talent))
}

/** One talent as the file's row: every column, every cell neutralised (the XLSX export). */
export function exportCells(talent: ExportTalent): string[] {
  return exportValues(talent).map(neutraliseCell)
}

/** 'scout-talents-2026-11-24.csv' — the day in UTC, as the server names the download. */
export function exportFileName(format: ExportFormat, now: Date): string {
  return `scout-talents-${now.toISOString().slice(0, 10)}.${format}`
}
