import { Faker, en } from '@faker-js/faker'
import {
  AREAS,
  DEFAULT_TAGS,
  NEEDS_UPDATING_TAG,
  SENIORITY_LEVELS,
  TALENT_STATUSES,
} from '#shared/talent.ts'

/** Custom tags a few talents carry besides the defaults (spec section 9: "others are custom"). */
export const CUSTOM_TAGS = ['Remote', 'Bilingual', 'Open Source', 'Referral', 'Relocation'] as const

export type SeedUser = { email: string; firstName: string; lastName: string }

/** One talent in column form, ready for INSERT … SELECT FROM unnest. */
export type SeedTalentColumns = {
  fullName: string[]
  email: string[]
  phone: (string | null)[]
  linkedinUrl: (string | null)[]
  areaOfInterest: string[]
  seniorityLevel: string[]
  notes: (string | null)[]
  /** '\u001f'-joined names: text[][] must be rectangular, so each row travels as one string. */
  tags: string[]
  status: string[]
  addedByIndex: (number | null)[]
  createdAt: string[]
  updatedAt: string[]
}

export const LIST_SEPARATOR = '\u001f'
const THREE_YEARS_MS = 3 * 365 * 24 * 3600 * 1000

export function createFaker(seed: number, refDate: Date): Faker {
  const faker = new Faker({ locale: [en] })
  faker.seed(seed)
  faker.setDefaultRefDate(refDate)
  return faker
}

function slug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toLowerCase()
}

export function generateUsers(faker: Faker, count: number): SeedUser[] {
  return Array.from({ length: count }, (_, i) => {
    const firstName = faker.person.firstName()
    const lastName = faker.person.lastName()
    // The index keeps e-mails unique however often faker repeats a name.
    return { firstName, lastName, email: `${slug(firstName)}.${slug(lastName)}.${i}@scout.test` }
  })
}

function pickTags(faker: Faker): string[] {
  const tags = new Set<string>()
  const count = faker.helpers.weightedArrayElement([
    { weight: 3, value: 0 },
    { weight: 4, value: 1 },
    { weight: 2, value: 2 },
    { weight: 1, value: 3 },
  ])
  for (let i = 0; i < count; i++) {
    const custom = faker.number.int(9) === 0
    tags.add(faker.helpers.arrayElement(custom ? CUSTOM_TAGS : DEFAULT_TAGS))
  }
  // spec section 4: the Needs Updating card counts this tag; about one talent in ten carries it.
  if (faker.number.int(9) === 0) tags.add(NEEDS_UPDATING_TAG)
  return [...tags]
}

/** Generates `count` talents; e-mails are unique (the table's lower(email) index demands it). */
export function generateTalents(
  faker: Faker,
  count: number,
  userCount: number,
  refDate: Date,
  offset = 0,
): SeedTalentColumns {
  const columns: SeedTalentColumns = {
    fullName: [],
    email: [],
    phone: [],
    linkedinUrl: [],
    areaOfInterest: [],
    seniorityLevel: [],
    notes: [],
    tags: [],
    status: [],
    addedByIndex: [],
    createdAt: [],
    updatedAt: [],
  }
  const now = refDate.getTime()
  for (let i = 0; i < count; i++) {
    const firstName = faker.person.firstName()
    const lastName = faker.person.lastName()
    const n = offset + i
    const handle = `${slug(firstName)}.${slug(lastName)}`
    const created = now - faker.number.int(THREE_YEARS_MS)
    const edited = faker.datatype.boolean(0.4)
    columns.fullName.push(`${firstName} ${lastName}`)
    columns.email.push(`${handle}.${n}@${faker.internet.domainName()}`)
    columns.phone.push(faker.datatype.boolean(0.7) ? faker.phone.number() : null)
    columns.linkedinUrl.push(
      faker.datatype.boolean(0.6) ? `https://www.linkedin.com/in/${handle}-${n}` : null,
    )
    columns.areaOfInterest.push(faker.helpers.arrayElement(AREAS))
    columns.seniorityLevel.push(faker.helpers.arrayElement(SENIORITY_LEVELS))
    columns.notes.push(faker.datatype.boolean(0.4) ? faker.lorem.sentences(2) : null)
    columns.tags.push(pickTags(faker).join(LIST_SEPARATOR))
    const statuses = faker.helpers.arrayElements(TALENT_STATUSES, { min: 0, max: 2 })
    columns.status.push(statuses.join(LIST_SEPARATOR))
    columns.addedByIndex.push(
      userCount > 0 && faker.datatype.boolean(0.85) ? faker.number.int(userCount - 1) : null,
    )
    columns.createdAt.push(new Date(created).toISOString())
    const updated = edited ? created + faker.number.int(now - created) : created
    columns.updatedAt.push(new Date(updated).toISOString())
  }
  return columns
}
