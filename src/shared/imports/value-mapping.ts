import { z } from 'zod'
import {
  AREAS,
  SENIORITY_LEVELS,
  TALENT_STATUSES,
  type Area,
  type SeniorityLevel,
  type TalentStatus,
} from '../talent.ts'
import { headerKey } from './column-mapping.ts'

/**
 * Values that do not fit a field's list ("Sr.", "Eng") are listed with their
 * counts and mapped by the person, or left empty. Scout suggests what it can tell for sure; a
 * value with no suggestion waits for the person.
 */
export const LISTED_FIELDS = ['areaOfInterest', 'seniorityLevel', 'status'] as const
export type ListedField = (typeof LISTED_FIELDS)[number]

export const LISTED_FIELD_CHOICES = {
  areaOfInterest: AREAS,
  seniorityLevel: SENIORITY_LEVELS,
  status: TALENT_STATUSES,
} as const satisfies Record<ListedField, readonly string[]>

/** Per listed field: a file's value (as written) → a value of the list, or null for "leave empty". */
export const valueMappingSchema = z.strictObject({
  areaOfInterest: z.record(z.string().max(200), z.enum(AREAS).nullable()).default({}),
  seniorityLevel: z.record(z.string().max(200), z.enum(SENIORITY_LEVELS).nullable()).default({}),
  status: z.record(z.string().max(200), z.enum(TALENT_STATUSES).nullable()).default({}),
})
export type ValueMapping = z.infer<typeof valueMappingSchema>

const LEVEL_WORDS: Record<SeniorityLevel, readonly string[]> = {
  intern: ['intern', 'internship', 'trainee', 'student', 'apprentice'],
  junior: ['junior', 'jr', 'entry', 'entrylevel', 'graduate', 'grad', 'associate'],
  mid: ['mid', 'midlevel', 'intermediate', 'medior', 'regular', 'experienced'],
  senior: ['senior', 'sr', 'snr', 'lead', 'principal', 'staff', 'expert'],
  exec: [
    'exec',
    'executive',
    'director',
    'vp',
    'vicepresident',
    'head',
    'chief',
    'cxo',
    'cto',
    'ceo',
  ],
}

const LEVEL_BY_KEY = new Map<string, SeniorityLevel>(
  SENIORITY_LEVELS.flatMap((level) => LEVEL_WORDS[level].map((word) => [word, level] as const)),
)

/** The list value a file's value surely means, or undefined when the person has to say. */
export function suggestListedValue(field: ListedField, value: string): string | undefined {
  const key = headerKey(value)
  if (key === '') return undefined
  const choices: readonly string[] = LISTED_FIELD_CHOICES[field]
  const exact = choices.find((choice) => headerKey(choice) === key)
  if (exact) return exact
  if (field === 'seniorityLevel') return LEVEL_BY_KEY.get(key)
  if (field === 'areaOfInterest' && key.length >= 3) {
    // "Eng" → Engineering, "Env" → Environment & Sustainability: a prefix of exactly one area.
    const prefixed = choices.filter((choice) => headerKey(choice).startsWith(key))
    if (prefixed.length === 1) return prefixed[0]
  }
  return undefined
}

/** A listed field's value as the import stores it: the list value, null (left empty), or undefined (unknown). */
export function resolveListedValue(
  field: 'areaOfInterest',
  value: string,
  mapping: ValueMapping,
): Area | null | undefined
export function resolveListedValue(
  field: 'seniorityLevel',
  value: string,
  mapping: ValueMapping,
): SeniorityLevel | null | undefined
export function resolveListedValue(
  field: 'status',
  value: string,
  mapping: ValueMapping,
): TalentStatus | null | undefined
export function resolveListedValue(
  field: ListedField,
  value: string,
  mapping: ValueMapping,
): string | null | undefined {
  const trimmed = value.trim()
  if (Object.hasOwn(mapping[field], trimmed)) return mapping[field][trimmed]
  return suggestListedValue(field, trimmed)
}
