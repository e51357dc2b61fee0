import {
  AREAS,
  DEFAULT_TAGS,
  SENIORITY_LEVELS,
  SYSTEM_TAGS,
  TALENT_STATUSES,
  type Area,
  type SeniorityLevel,
  type TalentStatus,
} from '../talent.ts'
import { PRIVACY_SOURCES, type PrivacySource } from '../privacy.ts'

export const COMPARISONS = ['<=', '>=', '<', '>', '='] as const
export type Comparison = (typeof COMPARISONS)[number]

/**
 * One test on one field's value. `compare` is for number and date fields (a number as its decimal
 * text, a date as YYYY-MM-DD); `is` an equal value (text, single choice, yes/no); `holds` a choice
 * among a multiple choice's.
 */
export type CustomCondition = {
  key: string
  /** The field's type (shared/fields.ts FIELD_TYPES): number and date compare by its index. */
  type: string
} & (
  | { test: 'has' }
  | { test: 'compare'; op: Comparison; value: string }
  | { test: 'is'; value: string | boolean }
  | { test: 'holds'; value: string }
)

/** Field terms of the search box; each mirrors a filter of the dashboard's panel. */
export const SEARCH_FIELDS = [
  'area',
  'level',
  'tag',
  'status',
  'addedby',
  'has',
  'consent',
  'informed',
  'source',
] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

/** What `has:` can ask for. Only the CV so far; more go here when the server knows them. */
export const HAS_VALUES = ['cv'] as const
export type HasValue = (typeof HAS_VALUES)[number]

/**
 * The privacy record's filters (security rule 49): `consent:expired` (basis consent, valid
 * until before today), `consent:expiring` (within CONSENT_EXPIRING_DAYS), `informed:no` / `yes`.
 */
export const CONSENT_VALUES = ['expired', 'expiring'] as const
export type ConsentValue = (typeof CONSENT_VALUES)[number]
export const INFORMED_VALUES = ['no', 'yes'] as const
export type InformedValue = (typeof INFORMED_VALUES)[number]

/**
 * A field and a value it can take. Enum fields carry the spec's spelling, so the server compares
 * with the column as it is; `tag` and `addedby` are free text (custom tags, a user's name or
 * e-mail) that the server matches without regard to case.
 */
export type FieldValue =
  | { field: 'area'; value: Area }
  | { field: 'level'; value: SeniorityLevel }
  | { field: 'status'; value: TalentStatus }
  | { field: 'has'; value: HasValue }
  | { field: 'consent'; value: ConsentValue }
  | { field: 'informed'; value: InformedValue }
  | { field: 'source'; value: PrivacySource }
  | { field: 'tag'; value: string }
  | { field: 'addedby'; value: string }
  /**
   * A custom field the caller may see (custom-terms.ts): `value` as typed (`<=4`, `german`; the
   * key for `has:`), `label` the field's.
   */
  | { field: 'custom'; key: string; label: string; value: string; condition: CustomCondition }

/** A field name as typed (`Area`, `ADDEDBY`), or undefined when it names no field. */
export function searchFieldNamed(name: string): SearchField | undefined {
  const lower = name.toLowerCase()
  return SEARCH_FIELDS.find((field) => field === lower)
}

/**
 * What a value is compared by: lower case, spaces and punctuation dropped, so `law-ethics`,
 * `"Law & Ethics"` and `LAW_ETHICS` all name 'Law & Ethics'.
 */
function matchKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}

/**
 * The option a typed value names: the one whose key equals it, else the only one whose key starts
 * with it (`level:sen`, `area:env`). Two candidates (`status:interview` could be 'Interviewed' or
 * 'Interview Scheduled') name nothing: guessing would filter on something the user did not mean.
 */
export function matchOption<T extends string>(options: readonly T[], typed: string): T | undefined {
  const key = matchKey(typed)
  if (key === '') return undefined
  const exact = options.find((option) => matchKey(option) === key)
  if (exact !== undefined) return exact
  const prefixed = options.filter((option) => matchKey(option).startsWith(key))
  return prefixed.length === 1 ? prefixed[0] : undefined
}

const KNOWN_TAGS = [...new Set<string>([...DEFAULT_TAGS, ...SYSTEM_TAGS])]

/**
 * The field term a value makes, or undefined when the value is not one the field takes (then the
 * parser searches the text as typed). Tags are free text, so only a known tag's exact key is
 * rewritten to its spelling (`tag:high-potential`); a prefix could be the start of a custom tag.
 */
export function resolveFieldValue(field: SearchField, typed: string): FieldValue | undefined {
  switch (field) {
    case 'area': {
      const value = matchOption(AREAS, typed)
      return value === undefined ? undefined : { field, value }
    }
    case 'level': {
      const value = matchOption(SENIORITY_LEVELS, typed)
      return value === undefined ? undefined : { field, value }
    }
    case 'status': {
      const value = matchOption(TALENT_STATUSES, typed)
      return value === undefined ? undefined : { field, value }
    }
    case 'has': {
      const value = matchOption(HAS_VALUES, typed)
      return value === undefined ? undefined : { field, value }
    }
    case 'consent': {
      const value = matchOption(CONSENT_VALUES, typed)
      return value === undefined ? undefined : { field, value }
    }
    case 'informed': {
      const value = matchOption(INFORMED_VALUES, typed)
      return value === undefined ? undefined : { field, value }
    }
    case 'source': {
      const value = matchOption(PRIVACY_SOURCES, typed)
      return value === undefined ? undefined : { field, value }
    }
    case 'tag': {
      const key = matchKey(typed)
      const known = KNOWN_TAGS.find((tag) => matchKey(tag) === key)
      return { field, value: known ?? typed }
    }
    case 'addedby':
      return { field, value: typed }
  }
}
