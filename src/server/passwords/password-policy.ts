import { PASSWORD_MAX_LENGTH } from '#shared/auth.ts'
import { isCommonPassword } from './common-passwords.ts'

/** The policy never goes below this, whatever PASSWORD_MIN_LENGTH says (security rule 2). */
export const PASSWORD_MIN_LENGTH_FLOOR = 6

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose a less predictable one.'
export const PERSONAL_PASSWORD_MESSAGE = 'Password must not contain your email or name.'

export type PasswordOwner = {
  email: string
  firstName?: string | null
  lastName?: string | null
}

// Parts shorter than this ("Al", "Li") would refuse too many good passwords by accident.
const MIN_PERSONAL_PART = 3

/**
 * Security rule 2: length in characters (code points, any Unicode, no truncation), no composition
 * rules, not one of the ~10,000 most common passwords, not containing the account's own e-mail,
 * its local part, or the first or last name. Returns the problems; empty means acceptable. The
 * messages are shown by the UI as they are.
 */
export function passwordProblems(
  password: string,
  owner: PasswordOwner,
  minLength: number,
): string[] {
  const problems: string[] = []
  const length = [...password].length
  if (length < minLength) problems.push(`Password must be at least ${minLength} characters`)
  if (length > PASSWORD_MAX_LENGTH) {
    problems.push(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  }
  if (isCommonPassword(password)) problems.push(COMMON_PASSWORD_MESSAGE)
  if (containsPersonalData(password, owner)) problems.push(PERSONAL_PASSWORD_MESSAGE)
  return problems
}

function containsPersonalData(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase()
  const email = owner.email.trim().toLowerCase()
  const parts = [email, email.split('@')[0] ?? '', owner.firstName ?? '', owner.lastName ?? '']
  return parts
    .map((part) => part.trim().toLowerCase())
    .some((part) => part.length >= MIN_PERSONAL_PART && lower.includes(part))
}
