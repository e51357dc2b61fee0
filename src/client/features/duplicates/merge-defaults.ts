import type { MergeField } from '#shared/duplicates.ts'
import type { Talent } from '#shared/talent.ts'

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/** Issue 19 item 3: per field, the most recently updated talent that has a value (else the first). */
export function defaultPicks(talents: Talent[]): Record<MergeField, number> {
  const newestFirst = [...talents].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
  const first = talents[0]?.id ?? 0
  const pick = (field: MergeField) =>
    newestFirst.find((talent) => !isEmpty(talent[field]))?.id ?? first
  return {
    fullName: pick('fullName'),
    email: pick('email'),
    phone: pick('phone'),
    linkedinUrl: pick('linkedinUrl'),
    cvResumePath: pick('cvResumePath'),
    areaOfInterest: pick('areaOfInterest'),
    seniorityLevel: pick('seniorityLevel'),
  }
}
