import type { AdminUser } from '#shared/user.ts'

// Display helpers for the user table (spec section 2 "User management").

/** 'Ada Admin'; 'Not Set' when the user has neither a first nor a last name. */
export function displayName(user: Pick<AdminUser, 'firstName' | 'lastName'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ')
  return name === '' ? 'Not Set' : name
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})
const fullDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long' })

function toDate(value: string): Date | undefined {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** 'Jan 5, 2025': the Created column. */
export function formatCreatedDate(value: string): string {
  const date = toDate(value)
  return date === undefined ? 'Unknown date' : shortDate.format(date)
}

/** 'Sunday, January 5, 2025 at 2:03:04 PM UTC': the Created column's tooltip. */
export function formatFullDateTime(value: string): string {
  const date = toDate(value)
  return date === undefined ? 'Unknown date' : fullDateTime.format(date)
}
