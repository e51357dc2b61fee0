import { test as base, expect, type Page } from '@playwright/test'
import type { E2eAccount } from './accounts.ts'

/** Signs in through the API (fast) and stores the token the way the login screen does. */
export async function signInViaApi(page: Page, account: E2eAccount): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  })
  expect(response.status()).toBe(200)
  const body: unknown = await response.json()
  const token = typeof body === 'object' && body && 'token' in body ? String(body.token) : ''
  await page.goto('/login')
  await page.evaluate((value) => localStorage.setItem('authToken', value), token)
}

/** Signs in through the real login form. */
export async function signInViaForm(page: Page, account: E2eAccount): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The single toast region (spec section 9: one toast at a time). */
export function toast(page: Page) {
  return page.getByRole('region', { name: /notifications/i }).getByRole('status')
}

export const test = base
export { expect }
