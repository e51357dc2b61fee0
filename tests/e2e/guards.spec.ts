import { accounts } from './support/accounts.ts'
import { expect, signInViaApi, test } from './support/fixtures.ts'

test('visitors who are not signed in are sent to /login', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/dashboard/settings')
  await expect(page).toHaveURL(/\/login$/)
})

test('an expired stored token is removed and treated as signed out', async ({ page }) => {
  await page.goto('/login')
  const expired = Buffer.from(
    JSON.stringify({ sid: 'x'.repeat(43), exp: Date.now() - 1000 }),
  ).toString('base64')
  await page.evaluate((value) => localStorage.setItem('authToken', value), expired)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull()
})

test('a signed-in person at / goes to the dashboard', async ({ page }) => {
  await signInViaApi(page, accounts.user)
  await page.goto('/')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('non-admins on /dashboard/users are sent to /dashboard; admins see it', async ({ page }) => {
  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard/users')
  await expect(page).toHaveURL(/\/dashboard$/)

  await signInViaApi(page, accounts.admin)
  await page.goto('/dashboard/users')
  await expect(page).toHaveURL(/\/dashboard\/users$/)
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible()
})

test('security rule 48: an unknown address is a 404 that shows the not-found screen', async ({
  page,
}) => {
  for (const address of ['/no/such/page', '/no-such-page', '/dashboard/nonsense/x']) {
    const response = await page.goto(address)
    expect(response?.status(), address).toBe(404)
    await expect(page.getByText('404 Page Not Found')).toBeVisible()
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
  }
})
