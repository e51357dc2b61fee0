import type { ImportField } from '#shared/imports/column-mapping.ts'
import type { ImportPrivacyDefaults, RowProblem } from '#shared/imports/import-api.ts'
import {
  LAWFUL_BASES,
  LAWFUL_BASIS_LABELS,
  PRIVACY_SOURCES,
  privacyRecordInputSchema,
  SOURCE_LABELS,
  type PrivacyRecordInput,
} from '#shared/privacy.ts'
import type { PrivacyImportField } from '#shared/talent-export.ts'

/*
 * A spreadsheet row's privacy record (security rule 49): the sheet's privacy columns where it has
 * them, the import's defaults (chosen on the mapping screen) where it has none or a cell is empty,
 * checked by the Privacy tab's own schema, so a row is refused with the tab's messages.
 */

/** The schema's field names as the mapping screen's targets. */
const IMPORT_FIELD_OF: Record<keyof PrivacyRecordInput, PrivacyImportField> = {
  source: 'privacySource',
  sourceDetail: 'privacySourceDetail',
  lawfulBasis: 'lawfulBasis',
  consentGivenOn: 'consentGivenOn',
  consentValidUntil: 'consentValidUntil',
  informedOn: 'informedOn',
}

const wordKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')

/** A listed value from its stored form or its label, in any case ('Legitimate interest'). */
function choice<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
  cell: string,
): T | string {
  const key = wordKey(cell)
  return values.find((value) => wordKey(value) === key || wordKey(labels[value]) === key) ?? cell
}

/** Day zero of Excel's serial dates (1899-12-30, with its 1900 leap-year quirk folded in). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30)

/**
 * A date cell as YYYY-MM-DD: as written, or an Excel serial day number (a workbook's date cell
 * reads as one, 45658 = 2025-01-01); anything else is passed on for the schema to refuse.
 */
export function dayOf(cell: string): string {
  const trimmed = cell.trim()
  if (/^\d{5}$/.test(trimmed)) {
    return new Date(EXCEL_EPOCH_MS + Number(trimmed) * 24 * 3600 * 1000).toISOString().slice(0, 10)
  }
  return trimmed
}

export type PrivacyReading =
  { ok: true; privacy: PrivacyRecordInput } | { ok: false; problems: RowProblem[] }

export function readRowPrivacy(
  raw: ReadonlyMap<ImportField, string>,
  row: number,
  defaults: ImportPrivacyDefaults,
): PrivacyReading {
  const cell = (field: PrivacyImportField) => {
    const value = raw.get(field)
    return value === undefined || value === '' ? undefined : value
  }
  const source = cell('privacySource')
  const basis = cell('lawfulBasis')
  const date = (field: PrivacyImportField) => {
    const value = cell(field)
    return value === undefined ? null : dayOf(value)
  }
  const parsed = privacyRecordInputSchema.safeParse({
    source: source === undefined ? defaults.source : choice(PRIVACY_SOURCES, SOURCE_LABELS, source),
    sourceDetail: cell('privacySourceDetail') ?? null,
    lawfulBasis:
      basis === undefined ? defaults.lawfulBasis : choice(LAWFUL_BASES, LAWFUL_BASIS_LABELS, basis),
    consentGivenOn: date('consentGivenOn'),
    consentValidUntil: date('consentValidUntil'),
    informedOn: date('informedOn'),
  })
  if (parsed.success) return { ok: true, privacy: parsed.data }
  const problems: RowProblem[] = []
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof PrivacyRecordInput | undefined
    const field = key === undefined ? null : IMPORT_FIELD_OF[key]
    // A cell failing two of a date's checks says so once.
    if (problems.some((p) => p.field === field && p.message === issue.message)) continue
    problems.push({ row, field, message: issue.message })
  }
  return { ok: false, problems }
}
