import type { FieldDefinition } from './definition.ts'
import { customFieldsSchema, EXPECTED, type FieldValue } from './values.ts'

// Custom field values as spreadsheet cells: how the export writes them and how the import reads
// them back, so an exported file imports again unchanged. The import's check is the one schema
// of the values (security rule 66), with its messages.

/** A list's cells are joined by this, as the export joins tags (talent-export.ts). */
const LIST_JOIN = '; '

const labelOf = (field: FieldDefinition, value: string) =>
  field.choices.find((c) => c.value === value)?.label ?? value

/** A value as the export's cell: choices by their label, yes/no as Yes or No, the rest as it is. */
export function fieldCell(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined || typeof value === 'object') {
    return Array.isArray(value) && field.type === 'multiple_choice'
      ? value.map((v) => labelOf(field, String(v))).join(LIST_JOIN)
      : ''
  }
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : ''
  switch (field.type) {
    case 'yes_no':
      return value === true ? 'Yes' : value === false ? 'No' : ''
    case 'single_choice':
      return labelOf(field, text)
    default:
      return text
  }
}

const YES = new Set(['yes', 'y', 'true', '1', 'x'])
const NO = new Set(['no', 'n', 'false', '0'])

/** A choice named by its label or its stored value, whatever the case; else the text as given. */
function choiceOf(field: FieldDefinition, text: string): string {
  const wanted = text.trim().toLowerCase()
  const match = field.choices.find(
    (c) => c.label.toLowerCase() === wanted || c.value.toLowerCase() === wanted,
  )
  return match?.value ?? text.trim()
}

/** The cell read as the type's raw value, before the schema checks it. */
function candidateOf(field: FieldDefinition, text: string): unknown {
  switch (field.type) {
    case 'number': {
      const compact = text.replace(/\s/g, '')
      return /^[-+]?(\d+([.,]\d*)?|[.,]\d+)(e[-+]?\d+)?$/i.test(compact)
        ? Number(compact.replace(',', '.'))
        : text
    }
    case 'yes_no': {
      const word = text.trim().toLowerCase()
      return YES.has(word) ? true : NO.has(word) ? false : text
    }
    case 'single_choice':
      return choiceOf(field, text)
    case 'multiple_choice':
      return text
        .split(/[;,]/)
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .map((part) => choiceOf(field, part))
    default:
      return text
  }
}

export type FieldCellResult = { ok: true; value: FieldValue } | { ok: false; message: string }

/**
 * A spreadsheet cell read as a value of `field`: an empty cell is no value; a value of the wrong
 * type says what the field expects, a choice that does not exist lists the allowed ones.
 */
export function readFieldCell(field: FieldDefinition, cell: string): FieldCellResult {
  if (cell.trim() === '') return { ok: true, value: null }
  const schema = customFieldsSchema([{ ...field, required: false }], { requireRequired: false })
  const parsed = schema.safeParse({ [field.key]: candidateOf(field, cell) })
  if (parsed.success) return { ok: true, value: parsed.data[field.key] ?? null }
  return {
    ok: false,
    message: parsed.error.issues[0]?.message ?? `${field.label} must be ${EXPECTED[field.type]}`,
  }
}
