import { readFieldCell, type FieldDefinition, type FieldValue } from '#shared/fields.ts'
import { fieldKeyOf, IGNORE_COLUMN, type ImportField } from '#shared/imports/column-mapping.ts'
import {
  unstorableCellMessage,
  type ImportMapping,
  type RowProblem,
} from '#shared/imports/import-api.ts'
import { resolveListedValue, type ListedField } from '#shared/imports/value-mapping.ts'
import { unstorableCharacter } from '#shared/stored-text.ts'
import { restoreCell } from '#shared/talent-export.ts'
import { talentInputSchema, type TalentInput } from '#shared/talent.ts'
import { readRowPrivacy } from './row-privacy.ts'

/**
 * One spreadsheet row, read through the person's mapping, checked by the talent form's
 * own schema — so an import can never store what the form would refuse.
 */
export type RowReading =
  | { ok: true; talent: TalentInput; emailKey: string }
  | { ok: false; problems: RowProblem[]; emailKey: string | null }

/** A listed value the mapping does not place: listed on the mapping screen with its count. */
export type UnplacedValue = { field: ListedField; value: string }

const LIST_SPLIT = /[;,]/

export const AREA_REQUIRED_MESSAGE = 'Area of Interest is required'
export const LEVEL_REQUIRED_MESSAGE = 'Seniority Level is required'
export const unplacedValueMessage = (label: string, value: string) =>
  `${label} "${value}" is not one of Scout's values; map it on the mapping screen.`

const LABELS: Record<ListedField, string> = {
  areaOfInterest: 'Area of Interest',
  seniorityLevel: 'Seniority Level',
  status: 'Status',
}

export function readRow(
  cells: readonly string[],
  row: number,
  mapping: ImportMapping,
  unplaced?: (value: UnplacedValue) => void,
  fields: readonly FieldDefinition[] = [],
): RowReading {
  // Checked first and alone: no other reason (which may quote a value) carries the character on.
  const unstorable = unstorableCells(cells, row, mapping)
  if (unstorable.length > 0) return { ok: false, problems: unstorable, emailKey: null }
  const raw = new Map<ImportField, string>()
  const fieldCells = new Map<string, string>()
  mapping.columns.forEach((target, column) => {
    if (target === IGNORE_COLUMN) return
    const key = fieldKeyOf(target)
    const cell = restoreCell(cells[column] ?? '').trim()
    if (key === undefined) raw.set(target as ImportField, cell)
    else fieldCells.set(key, cell)
  })
  const problems: RowProblem[] = []
  const problem = (field: string, message: string) => problems.push({ row, field, message })
  const customFields = readFieldCells(fieldCells, fields, problem)

  const listed = <F extends ListedField>(field: F, value: string) => {
    const resolved = resolveListedValue(field as 'status', value, mapping.values)
    if (resolved === undefined) {
      unplaced?.({ field, value: value.trim() })
      problem(field, unplacedValueMessage(LABELS[field], value.trim()))
    }
    return resolved ?? null
  }

  const fullName =
    raw.get('fullName') ??
    [raw.get('firstName'), raw.get('lastName')].filter((part) => part).join(' ')
  const areaCell = raw.get('areaOfInterest') ?? ''
  const levelCell = raw.get('seniorityLevel') ?? ''
  const area = areaCell === '' ? null : listed('areaOfInterest', areaCell)
  const level = levelCell === '' ? null : listed('seniorityLevel', levelCell)
  const statuses = split(raw.get('status')).map((value) => listed('status', value))
  if (areaCell === '' || (area === null && !problems.some((p) => p.field === 'areaOfInterest')))
    problem('areaOfInterest', AREA_REQUIRED_MESSAGE)
  if (levelCell === '' || (level === null && !problems.some((p) => p.field === 'seniorityLevel')))
    problem('seniorityLevel', LEVEL_REQUIRED_MESSAGE)

  const email = raw.get('email') ?? ''
  const emailKey = email === '' ? null : email.toLowerCase()
  const parsed = talentInputSchema.safeParse({
    fullName,
    email,
    phone: emptyToNull(raw.get('phone')),
    linkedinUrl: emptyToNull(raw.get('linkedinUrl')),
    cvResumePath: emptyToNull(raw.get('cvResumePath')),
    areaOfInterest: area ?? 'Science',
    seniorityLevel: level ?? 'mid',
    notes: emptyToNull(raw.get('notes')),
    tags: split(raw.get('tags')),
    status: statuses.filter((status) => status !== null),
  })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problem(String(issue.path[0] ?? ''), issue.message)
  }
  const privacy = readRowPrivacy(raw, row, mapping.privacy)
  if (!privacy.ok) problems.push(...privacy.problems)
  if (problems.length > 0 || !parsed.success || !privacy.ok)
    return { ok: false, problems, emailKey }
  return {
    ok: true,
    talent: {
      ...parsed.data,
      privacy: privacy.privacy,
      ...(Object.keys(customFields).length > 0 ? { customFields } : {}),
    },
    emailKey: parsed.data.email.toLowerCase(),
  }
}

/**
 * The custom fields' cells, each checked against its definition (security rule 66): a value of
 * the wrong type or a choice that does not exist is the row's problem, named by the field. A
 * column of a field deleted since the mapping was saved is read as nothing.
 */
function readFieldCells(
  cells: Map<string, string>,
  fields: readonly FieldDefinition[],
  problem: (field: string, message: string) => void,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {}
  for (const field of fields) {
    const cell = cells.get(field.key)
    if (cell === undefined) continue
    const read = readFieldCell(field, cell)
    if (!read.ok) problem(`customFields.${field.key}`, read.message)
    else if (read.value !== null) values[field.key] = read.value
  }
  return values
}

/**
 * Security rule 45: a cell holding NUL or a lone surrogate, in any column (an ignored one too: the
 * file is corrupt there), refuses its row at the check, where the person reads why; written, it
 * failed the run's batch on every retry.
 */
function unstorableCells(cells: readonly string[], row: number, mapping: ImportMapping) {
  const problems: RowProblem[] = []
  cells.forEach((cell, column) => {
    const character = unstorableCharacter(cell)
    if (character === undefined) return
    const target = mapping.columns[column]
    const field = target === undefined || target === IGNORE_COLUMN ? null : target
    problems.push({ row, field, message: unstorableCellMessage(column + 1, character) })
  })
  return problems
}

function split(cell: string | undefined): string[] {
  if (!cell) return []
  return cell
    .split(LIST_SPLIT)
    .map((part) => part.trim())
    .filter((part) => part !== '')
}

function emptyToNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value
}
