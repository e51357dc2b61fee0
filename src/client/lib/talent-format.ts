import type { Talent } from '#shared/talent.ts'

// Display helpers for talents (spec section 2: cards, table and detail).

type AddedByUser = Pick<
  NonNullable<Talent['addedByUser']>,
  'firstName' | 'lastName' | 'email'
> | null

/** 'science' → 'Science': the first letter upper-cased, the rest kept. */
export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}

/** 'mid level' → 'Mid Level': every word capitalised (seniority levels). */
export function capitalizeWords(value: string): string {
  return value.split(' ').map(capitalize).join(' ')
}

function toDate(value: string | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/** 'Jan 5' (cards' created date); 'Unknown date' when the value is not a date. */
export function formatShortDate(value: string | Date): string {
  const date = toDate(value)
  return date === undefined ? 'Unknown date' : shortDate.format(date)
}

/** 'Jan 5, 2024' (detail 'Added On', 'Last updated'); 'Unknown date' when it cannot be formatted. */
export function formatLongDate(value: string | Date): string {
  const date = toDate(value)
  return date === undefined ? 'Unknown date' : longDate.format(date)
}

/** spec section 2: 'Last updated' is updatedAt, falling back to createdAt. */
export function lastUpdated(talent: Pick<Talent, 'createdAt' | 'updatedAt'>): string {
  return talent.updatedAt === '' ? talent.createdAt : talent.updatedAt
}

/** The first letter of the full name, upper-cased (card avatar); '?' for a blank name. */
export function firstLetter(fullName: string): string {
  const letter = fullName.trim().charAt(0)
  return letter === '' ? '?' : letter.toUpperCase()
}

/** 'Ada King Lovelace' → 'AL': first letters of the first and last words (detail avatar). */
export function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  const first = words[0]?.charAt(0) ?? ''
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : ''
  const result = `${first}${last}`.toUpperCase()
  return result === '' ? '?' : result
}

/**
 * spec section 9: the seven avatar colours (theme-independent). Shades dark enough for white text
 * at WCAG AA, 4.5:1 or better (tests/e2e/accessibility.spec.ts).
 */
export const AVATAR_COLORS = [
  'bg-rose-700 text-white',
  'bg-orange-700 text-white',
  'bg-emerald-700 text-white',
  'bg-sky-700 text-white',
  'bg-indigo-600 text-white',
  'bg-fuchsia-700 text-white',
  'bg-teal-700 text-white',
] as const

/** The avatar colour for a name: a deterministic string hash, so a name keeps its colour. */
export function avatarColor(name: string): (typeof AVATAR_COLORS)[number] {
  let hash = 0
  for (const char of name) {
    hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 2_147_483_647
  }
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? AVATAR_COLORS[0]
}

/** Card banner (spec section 2): first name, else the e-mail before '@', else 'Admin'. */
export function addedByShortName(user: AddedByUser): string {
  const firstName = user?.firstName?.trim()
  if (firstName) return firstName
  const localPart = user?.email.split('@')[0]?.trim()
  if (localPart) return localPart
  return 'Admin'
}

/** Detail 'Added By' (spec section 2): first and last name, else first name, else e-mail. */
export function addedByFullName(user: AddedByUser): string {
  if (user === null) return 'Admin'
  const firstName = user.firstName?.trim() ?? ''
  const lastName = user.lastName?.trim() ?? ''
  if (firstName !== '' && lastName !== '') return `${firstName} ${lastName}`
  if (firstName !== '') return firstName
  return user.email
}

/**
 * spec section 6: 'Edit Profile' shows when the viewer is admin, the talent has no recorded
 * adder, or the adder is the default admin account — which the server marks.
 */
export function canEditProfile(isAdmin: boolean, talent: Pick<Talent, 'addedByUser'>): boolean {
  if (isAdmin) return true
  if (talent.addedByUser === null) return true
  return talent.addedByUser.isDefaultAdmin
}
