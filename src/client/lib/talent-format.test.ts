import { describe, expect, it } from 'vitest'
import {
  AVATAR_COLORS,
  addedByFullName,
  addedByShortName,
  avatarColor,
  canEditProfile,
  capitalize,
  capitalizeWords,
  firstLetter,
  formatLongDate,
  formatShortDate,
  initials,
  lastUpdated,
} from './talent-format.ts'

const user = (firstName: string | null, lastName: string | null, email = 'sam@example.com') => ({
  firstName,
  lastName,
  email,
  isDefaultAdmin: false,
})

describe('capitalisation (spec section 2)', () => {
  it('capitalises an area and every word of a level', () => {
    expect(capitalize('science')).toBe('Science')
    expect(capitalize('Law & Ethics')).toBe('Law & Ethics')
    expect(capitalize('')).toBe('')
    expect(capitalizeWords('mid')).toBe('Mid')
    expect(capitalizeWords('senior exec')).toBe('Senior Exec')
  })
})

describe('dates', () => {
  // Midday UTC, so the calendar day is the same in every time zone the tests run in.
  const iso = '2024-01-05T12:00:00.000Z'

  it('formats the card date as short month and day', () => {
    expect(formatShortDate(iso)).toBe('Jan 5')
  })

  it("formats 'Added On' like 'Jan 5, 2024', else 'Unknown date'", () => {
    expect(formatLongDate(iso)).toBe('Jan 5, 2024')
    expect(formatLongDate('not a date')).toBe('Unknown date')
    expect(formatShortDate('')).toBe('Unknown date')
  })

  it("'Last updated' falls back to createdAt", () => {
    expect(lastUpdated({ createdAt: 'a', updatedAt: 'b' })).toBe('b')
    expect(lastUpdated({ createdAt: 'a', updatedAt: '' })).toBe('a')
  })
})

describe('avatars', () => {
  it('uses the first letter and the initials of the name', () => {
    expect(firstLetter('ada lovelace')).toBe('A')
    expect(firstLetter('  ')).toBe('?')
    expect(initials('Ada King Lovelace')).toBe('AL')
    expect(initials('  grace  ')).toBe('G')
    expect(initials('')).toBe('?')
  })

  it('picks one of seven colours, always the same for a name', () => {
    expect(AVATAR_COLORS).toHaveLength(7)
    expect(avatarColor('Ada Lovelace')).toBe(avatarColor('Ada Lovelace'))
    const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Ken', 'Dennis', 'Linus']
    const used = new Set(names.map(avatarColor))
    expect(used.size).toBeGreaterThan(2)
    for (const color of used) expect(AVATAR_COLORS).toContain(color)
  })
})

describe('added by', () => {
  it('card banner: first name, else e-mail local part, else Admin', () => {
    expect(addedByShortName(user('Sam', 'Lee'))).toBe('Sam')
    expect(addedByShortName(user(null, 'Lee', 'sam.lee@example.com'))).toBe('sam.lee')
    expect(addedByShortName(user(' ', null, 'x@example.com'))).toBe('x')
    expect(addedByShortName(null)).toBe('Admin')
  })

  it('detail: first and last name, else first name, else e-mail', () => {
    expect(addedByFullName(user('Sam', 'Lee'))).toBe('Sam Lee')
    expect(addedByFullName(user('Sam', null))).toBe('Sam')
    expect(addedByFullName(user(null, 'Lee'))).toBe('sam@example.com')
  })
})

describe("'Edit Profile' rule (spec section 6)", () => {
  it('shows for admins, talents without an adder and talents of the default admin', () => {
    expect(canEditProfile(true, { addedByUser: user('Sam', 'Lee') })).toBe(true)
    expect(canEditProfile(false, { addedByUser: null })).toBe(true)
    const chief = { ...user('Chief', null, 'chief@example.com'), isDefaultAdmin: true }
    expect(canEditProfile(false, { addedByUser: chief })).toBe(true)
    expect(canEditProfile(false, { addedByUser: user('Sam', 'Lee') })).toBe(false)
    // The address is not the rule: the server's marker is.
    const namesake = user('Admin', null, 'admin@talentpool.local')
    expect(canEditProfile(false, { addedByUser: namesake })).toBe(false)
  })
})
