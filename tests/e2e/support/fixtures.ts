import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import type { E2eAccount } from './accounts.ts'

/** Signs in through the API (fast) and stores the token the way the login screen does. */
export async function signInViaApi(page: Page, account: E2eAccount): Promise<string> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  })
  expect(response.status()).toBe(200)
  const body: unknown = await response.json()
  const token = typeof body === 'object' && body && 'token' in body ? String(body.token) : ''
  await page.goto('/login')
  await page.evaluate((value) => localStorage.setItem('authToken', value), token)
  return token
}

export type TalentSeed = {
  fullName: string
  email: string
  areaOfInterest: string
  seniorityLevel: string
  phone?: string
  linkedinUrl?: string
  notes?: string
  tags?: string[]
  status?: string[]
}

/** Adds a talent through the API as the holder of `token`; returns its id. */
export async function createTalentViaApi(page: Page, token: string, talent: TalentSeed) {
  const response = await page.request.post('/api/talents', {
    data: talent,
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status()).toBe(201)
  const body: unknown = await response.json()
  return typeof body === 'object' && body && 'id' in body ? Number(body.id) : 0
}

/** A suffix that keeps one run's rows apart from another test's in the shared database. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** Signs in through the real login form. */
export async function signInViaForm(page: Page, account: E2eAccount): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * The single toast region (spec section 9: one toast at a time). While a modal dialog is open the
 * rest of the page, toasts included, is aria-hidden, so the lookup includes hidden elements; the
 * assertions still check that the toast is visible on screen.
 */
export function toast(page: Page) {
  return page
    .getByRole('region', { name: /notifications/i, includeHidden: true })
    .getByRole('status', { includeHidden: true })
}

export const test = base
export { expect }

export type InvitedUser = { id: number; email: string; tempPassword: string }

/**
 * Invites a user through POST /api/invite as the admin holding `adminToken`. Without SMTP in the
 * journeys the answer carries the temporary password (spec section 7).
 */
export async function inviteUserViaApi(
  request: APIRequestContext,
  adminToken: string,
  invite: { email: string; firstName?: string; lastName?: string; role?: 'admin' | 'user' },
): Promise<InvitedUser> {
  const response = await request.post('/api/invite', {
    data: { firstName: 'Invited', lastName: 'Person', role: 'user', ...invite },
    headers: { Authorization: `Bearer ${adminToken}` },
  })
  expect(response.status()).toBe(201)
  const body = (await response.json()) as { user: { id: number }; tempPassword?: string }
  expect(body.tempPassword).toBeTruthy()
  return { id: body.user.id, email: invite.email, tempPassword: body.tempPassword ?? '' }
}

/**
 * Signs an invited user in with the temporary password and sets `newPassword` through the API,
 * so the account can use the dashboard. Returns the account with its new password.
 */
export async function settleInvitedUser(
  request: APIRequestContext,
  invited: InvitedUser,
  newPassword: string,
): Promise<E2eAccount> {
  const login = await request.post('/api/auth/login', {
    data: { email: invited.email, password: invited.tempPassword },
  })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const change = await request.post('/api/auth/change-password', {
    data: { newPassword },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(change.status()).toBe(200)
  return {
    email: invited.email,
    password: newPassword,
    firstName: 'Invited',
    lastName: 'Person',
    role: 'user',
    mustChangePassword: false,
    isActive: true,
  }
}

/** Signs in through the API without a page (for a token to call the API with). */
export async function apiToken(request: APIRequestContext, account: E2eAccount): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  })
  expect(response.status()).toBe(200)
  const { token } = (await response.json()) as { token: string }
  return token
}
