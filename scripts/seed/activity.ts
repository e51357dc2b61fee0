import type { Faker } from '@faker-js/faker'
import type { FieldChange } from '#shared/activity.ts'
import { DEFAULT_TAGS, SENIORITY_LEVELS, TALENT_STATUSES } from '#shared/talent.ts'
import { LIST_SEPARATOR, type SeedTalentColumns } from './generate.ts'

/**
 * talent.updated entries for the seeded talents (the History tab and the Engagement
 * report need data), in column form for INSERT … SELECT FROM unnest. Each edited talent (its
 * updatedAt is after its createdAt) gets one entry at updatedAt and sometimes an earlier one;
 * every change ends at the talent's stored value, so a History reads true.
 */
export type SeedEditColumns = {
  /** The talent's e-mail, matched to the inserted row's id. */
  email: string[]
  userIndex: (number | null)[]
  /** JSON of FieldChange[]. */
  changes: string[]
  at: string[]
}

type Field = 'status' | 'seniorityLevel' | 'tags' | 'phone' | 'notes'

const split = (joined: string) => (joined === '' ? [] : joined.split(LIST_SEPARATOR))

/** The statuses before: none, or one the talent does not have now (Interviewed → Hired). */
function statusChange(faker: Faker, c: SeedTalentColumns, i: number): FieldChange {
  const to = split(c.status[i] ?? '')
  const others = TALENT_STATUSES.filter((s) => !to.includes(s))
  const from =
    to.length > 0 && faker.datatype.boolean(0.3) ? [] : [faker.helpers.arrayElement(others)]
  return { field: 'status', from, to }
}

/** A change of `field` ending at the talent's current value; undefined when none fits. */
function changeOf(faker: Faker, field: Field, c: SeedTalentColumns, i: number) {
  const change = (from: unknown, to: unknown): FieldChange => ({ field, from, to })
  switch (field) {
    case 'status':
      return statusChange(faker, c, i)
    case 'seniorityLevel': {
      const to = c.seniorityLevel[i] ?? 'mid'
      return change(faker.helpers.arrayElement(SENIORITY_LEVELS.filter((l) => l !== to)), to)
    }
    case 'tags': {
      const to = split(c.tags[i] ?? '')
      if (to.length > 0) return change(to.slice(0, -1), to)
      return change([faker.helpers.arrayElement(DEFAULT_TAGS)], to)
    }
    case 'phone':
      return c.phone[i] ? change(null, c.phone[i]) : undefined
    case 'notes':
      return c.notes[i] ? change(null, c.notes[i]) : undefined
  }
}

const FIELD_WEIGHTS = [
  { weight: 5, value: 'status' },
  { weight: 2, value: 'seniorityLevel' },
  { weight: 2, value: 'tags' },
  { weight: 1, value: 'phone' },
  { weight: 1, value: 'notes' },
] as const

/** One edit: one or two changed fields, each ending at the talent's stored value. */
function editChanges(faker: Faker, c: SeedTalentColumns, i: number, exclude: FieldChange[]) {
  const changes: FieldChange[] = []
  const count = faker.datatype.boolean(0.2) ? 2 : 1
  for (let n = 0; n < count; n++) {
    const field = faker.helpers.weightedArrayElement([...FIELD_WEIGHTS])
    if ([...exclude, ...changes].some((ch) => ch.field === field)) continue
    const change = changeOf(faker, field, c, i)
    if (change) changes.push(change)
  }
  // A status change always fits: the fallback when the fields drawn had nothing to change.
  const hasStatus = [...exclude, ...changes].some((ch) => ch.field === 'status')
  if (changes.length === 0 && !hasStatus) changes.push(statusChange(faker, c, i))
  return changes
}

/** The edits of one batch of generated talents; `faker` is its own stream, so talents stay as they were. */
export function generateEdits(
  faker: Faker,
  c: SeedTalentColumns,
  userCount: number,
): SeedEditColumns {
  const edits: SeedEditColumns = { email: [], userIndex: [], changes: [], at: [] }
  const push = (i: number, at: number, changes: FieldChange[]) => {
    if (changes.length === 0) return
    edits.email.push(c.email[i] ?? '')
    edits.userIndex.push(userCount > 0 ? faker.number.int(userCount - 1) : null)
    edits.changes.push(JSON.stringify(changes))
    edits.at.push(new Date(at).toISOString())
  }
  c.email.forEach((_email, i) => {
    const created = Date.parse(c.createdAt[i] ?? '')
    const updated = Date.parse(c.updatedAt[i] ?? '')
    if (!(updated > created)) return
    const last = editChanges(faker, c, i, [])
    // Sometimes an earlier edit, of other fields, so the later one still starts where it ended.
    if (faker.datatype.boolean(0.3)) {
      push(i, created + faker.number.int(updated - created), editChanges(faker, c, i, last))
    }
    push(i, updated, last)
  })
  return edits
}
