import { z } from 'zod'
import type { FieldDefinition } from '../fields.ts'
import { TALENT_DETAIL_FIELDS } from '../talent.ts'
import { EXPORT_COLUMNS, PRIVACY_IMPORT_FIELDS } from '../talent-export.ts'

/**
 * Which talent field each column of a spreadsheet fills. Suggested from the
 * header ("E-mail Address" → email, "First" + "Last" → full name, "Skills" → tags, "Stage" →
 * status …); the person changes any of it, and the server applies the same mapping, so both
 * sides read it from here.
 */
export const IMPORT_FIELDS = [
  'fullName',
  'firstName',
  'lastName',
  ...TALENT_DETAIL_FIELDS,
  'tags',
  'status',
  'notes',
  ...PRIVACY_IMPORT_FIELDS,
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** A column the import leaves out. */
export const IGNORE_COLUMN = 'ignore'
/** A column that fills a custom field: `field:` and the field's key. */
export type FieldTarget = `field:${string}`
const FIELD_TARGET = /^field:[a-z][a-z0-9_]{0,39}$/
export const fieldTarget = (key: string): FieldTarget => `field:${key}`
export const isFieldTarget = (target: string): target is FieldTarget => FIELD_TARGET.test(target)
/** The key of the custom field a column fills; undefined for a built-in target. */
export const fieldKeyOf = (target: string): string | undefined =>
  isFieldTarget(target) ? target.slice('field:'.length) : undefined

export const columnTargetSchema = z.union([
  z.enum([...IMPORT_FIELDS, IGNORE_COLUMN]),
  z.custom<FieldTarget>(
    (v) => typeof v === 'string' && FIELD_TARGET.test(v),
    'Unknown column target',
  ),
])
export type ColumnTarget = z.infer<typeof columnTargetSchema>

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  fullName: 'Full Name',
  firstName: 'First name (joined into Full Name)',
  lastName: 'Last name (joined into Full Name)',
  email: 'Email',
  phone: 'Phone',
  linkedinUrl: 'LinkedIn URL',
  cvResumePath: 'CV/Resume Link',
  areaOfInterest: 'Area of Interest',
  seniorityLevel: 'Seniority Level',
  tags: 'Tags',
  status: 'Status',
  notes: 'Notes',
  privacySource: 'Source (privacy record)',
  privacySourceDetail: 'Source note',
  lawfulBasis: 'Lawful basis',
  consentGivenOn: 'Consent given on',
  consentValidUntil: 'Consent valid until',
  informedOn: 'Informed on',
}

/** Lower case, letters and digits only: "E-mail Address" → "emailaddress". */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/**
 * Header words people use for each field, as header keys. Scout's own export headers come first
 * (an export re-imports as it was); a header names at most one field.
 */
const HEADER_WORDS: Record<ImportField, readonly string[]> = {
  fullName: ['fullname', 'name', 'candidate', 'candidatename', 'talent', 'talentname', 'person'],
  firstName: ['first', 'firstname', 'givenname', 'forename'],
  lastName: ['last', 'lastname', 'surname', 'familyname'],
  email: ['email', 'emailaddress', 'mail', 'emails', 'workemail', 'personalemail'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'tel', 'telephone', 'cell'],
  linkedinUrl: ['linkedin', 'linkedinurl', 'linkedinprofile', 'linkedinlink'],
  cvResumePath: ['cv', 'resume', 'cvresumelink', 'cvlink', 'resumelink', 'cvurl', 'resumeurl'],
  areaOfInterest: ['areaofinterest', 'area', 'department', 'discipline', 'field', 'domain'],
  seniorityLevel: ['senioritylevel', 'seniority', 'level', 'grade', 'experiencelevel'],
  tags: ['tags', 'tag', 'skills', 'labels', 'keywords'],
  status: ['status', 'statuses', 'stage', 'pipelinestage'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
  privacySource: ['source', 'privacysource', 'leadsource', 'candidatesource'],
  privacySourceDetail: ['sourcenote', 'sourcedetail', 'sourcedetails', 'sourcenotes'],
  lawfulBasis: ['lawfulbasis', 'legalbasis', 'basis', 'processingbasis'],
  consentGivenOn: ['consentgivenon', 'consentgiven', 'consentdate', 'consentedon'],
  consentValidUntil: ['consentvaliduntil', 'consentuntil', 'consentexpires', 'consentexpiry'],
  informedOn: ['informedon', 'informed', 'noticesenton', 'notifiedon', 'privacynoticesent'],
}

const FIELD_BY_HEADER = new Map<string, ImportField>()
for (const column of EXPORT_COLUMNS) {
  if ((IMPORT_FIELDS as readonly string[]).includes(column.field))
    FIELD_BY_HEADER.set(headerKey(column.header), column.field as ImportField)
}
for (const field of IMPORT_FIELDS) {
  for (const word of HEADER_WORDS[field])
    if (!FIELD_BY_HEADER.has(word)) FIELD_BY_HEADER.set(word, field)
}

/** A custom field's header keys: its label, its key, and the export's "Label (field)". */
function customFieldHeaders(fields: readonly FieldDefinition[]): Map<string, FieldTarget> {
  const byHeader = new Map<string, FieldTarget>()
  for (const field of fields) {
    for (const header of [field.label, `${field.label} (field)`, field.key]) {
      const key = headerKey(header)
      if (!byHeader.has(key)) byHeader.set(key, fieldTarget(field.key))
    }
  }
  return byHeader
}

/**
 * One target per column: the field its header names, each field at most once (the first column
 * wins), everything else ignored. "First" + "Last" map to the name's parts, joined on import.
 * A header naming no built-in field fills the custom field of that label (or key), if any.
 */
export function suggestColumnMapping(
  headers: readonly string[],
  fields: readonly FieldDefinition[] = [],
): ColumnTarget[] {
  const taken = new Set<ColumnTarget>()
  const custom = customFieldHeaders(fields)
  return headers.map((header) => {
    const key = headerKey(header)
    const builtIn = FIELD_BY_HEADER.get(key)
    const target = builtIn !== undefined && !taken.has(builtIn) ? builtIn : custom.get(key)
    if (!target || taken.has(target)) return IGNORE_COLUMN
    taken.add(target)
    return target
  })
}

export const NO_EMAIL_COLUMN_MESSAGE =
  'Map a column to Email: it is how an import recognises a talent.'
export const NO_NAME_COLUMN_MESSAGE =
  'Map a column to Full Name, or columns to First name and Last name.'
export const TWICE_MAPPED_MESSAGE = (label: string) =>
  `${label} is mapped from two columns; pick one.`

/** What a mapping lacks before rows can be read with it; empty when it is usable. */
export function mappingProblems(columns: readonly ColumnTarget[]): string[] {
  const problems: string[] = []
  const counts = new Map<ColumnTarget, number>()
  for (const target of columns) counts.set(target, (counts.get(target) ?? 0) + 1)
  for (const field of IMPORT_FIELDS)
    if ((counts.get(field) ?? 0) > 1)
      problems.push(TWICE_MAPPED_MESSAGE(IMPORT_FIELD_LABELS[field]))
  for (const [target, n] of counts)
    if (n > 1 && isFieldTarget(target)) problems.push(TWICE_MAPPED_MESSAGE(target.slice(6)))
  if (!counts.has('email')) problems.push(NO_EMAIL_COLUMN_MESSAGE)
  if (!counts.has('fullName') && !counts.has('firstName') && !counts.has('lastName'))
    problems.push(NO_NAME_COLUMN_MESSAGE)
  return problems
}
