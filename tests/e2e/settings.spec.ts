import type { APIRequestContext, Page } from '@playwright/test'
import type { E2eAccount } from './support/accounts.ts'
import { accounts } from './support/accounts.ts'
import { expect, newAccountViaApi, signInViaApi, test, toast, unique } from './support/fixtures.ts'

const PASSWORD = 'Blue-Kettle-Morning-77'
const NEW_PASSWORD = 'Quiet-Harbor-Lantern-58'

/** A user of their own per test: switches and passwords change, and must not leak between tests. */
function freshUser(request: APIRequestContext): Promise<E2eAccount> {
  const invite = {
    email: `settings.${unique()}@example.com`,
    firstName: 'Sita',
    lastName: 'Settings',
  }
  return newAccountViaApi(request, invite, PASSWORD)
}

async function openSettings(page: Page, account: E2eAccount) {
  await signInViaApi(page, account)
  await page.goto('/dashboard/settings')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
}

const emailSwitch = (page: Page) => page.getByRole('switch', { name: 'Email Notifications' })
const alertsSwitch = (page: Page) => page.getByRole('switch', { name: 'New Talent Alerts' })

/** Counts PUT /api/me/preferences requests the page sends. */
function countSaves(page: Page): () => number {
  let saves = 0
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/me/preferences')) saves++
  })
  return () => saves
}

test('Settings shows the read-only e-mail with its hint and the role', async ({ page }) => {
  await openSettings(page, accounts.user)
  const email = page.getByLabel('Email', { exact: true })
  await expect(email).toHaveValue(accounts.user.email)
  await expect(email).toHaveAttribute('readonly', '')
  await expect(email).toHaveAccessibleDescription('Contact admin to change your email address')
  await expect(page.getByLabel('Role')).toHaveValue('User')
})

test('the switches start on; Save Changes keeps them across a reload and in another browser', async ({
  page,
  browser,
  request,
}) => {
  test.slow()
  const account = await freshUser(request)
  await openSettings(page, account)
  const saves = countSaves(page)
  await expect(emailSwitch(page)).toBeChecked()
  await expect(alertsSwitch(page)).toBeChecked()

  // Toggling alone sends nothing: a reload brings back the saved value.
  await emailSwitch(page).click()
  await expect(emailSwitch(page)).not.toBeChecked()
  await expect(page.getByText('You have unsaved changes.')).toBeVisible()
  expect(saves()).toBe(0)
  await page.reload()
  await expect(emailSwitch(page)).toBeChecked()

  // By keyboard: focus the switch, Space toggles it, then save.
  await emailSwitch(page).focus()
  await page.keyboard.press('Space')
  await expect(emailSwitch(page)).not.toBeChecked()
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page).getByText('Settings Saved', { exact: true })).toBeVisible()
  expect(saves()).toBe(1)
  await expect(page.getByText('You have unsaved changes.')).toBeHidden()

  await page.reload()
  await expect(emailSwitch(page)).not.toBeChecked()
  await expect(alertsSwitch(page)).toBeChecked()

  // Another browser (its own storage and cookies) signed in as the same person.
  const otherContext = await browser.newContext()
  try {
    const other = await otherContext.newPage()
    await openSettings(other, account)
    await expect(emailSwitch(other)).not.toBeChecked()
    await expect(alertsSwitch(other)).toBeChecked()
    await alertsSwitch(other).click()
    await other.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(other).getByText('Settings Saved', { exact: true })).toBeVisible()
  } finally {
    await otherContext.close()
  }
  await page.reload()
  await expect(emailSwitch(page)).not.toBeChecked()
  await expect(alertsSwitch(page)).not.toBeChecked()

  // Someone else's switches are their own.
  const stranger = await browser.newContext()
  try {
    const strangerPage = await stranger.newPage()
    await openSettings(strangerPage, accounts.shellUser)
    await expect(emailSwitch(strangerPage)).toBeChecked()
  } finally {
    await stranger.close()
  }
})

test('a failed save says so and keeps the unsaved toggles', async ({ page, request }) => {
  test.slow()
  const account = await freshUser(request)
  await openSettings(page, account)
  await page.route('**/api/me/preferences', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 503, json: { message: 'The database is unavailable.' } })
      : route.fallback(),
  )
  await alertsSwitch(page).click()
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page).getByText('Error', { exact: true })).toBeVisible()
  await expect(toast(page).getByText('The database is unavailable.')).toBeVisible()
  await expect(alertsSwitch(page)).not.toBeChecked()
  await expect(page.getByText('You have unsaved changes.')).toBeVisible()

  await page.unroute('**/api/me/preferences')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page).getByText('Settings Saved', { exact: true })).toBeVisible()
  await page.reload()
  await expect(alertsSwitch(page)).not.toBeChecked()
})

test('a settings load failure shows an error with a retry', async ({ page }) => {
  let failing = true
  await page.route('**/api/me/preferences', (route) =>
    failing ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback(),
  )
  await openSettings(page, accounts.user)
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load your notification' })
  // Reads retry (spec section 9) before the error shows.
  await expect(alert).toBeVisible({ timeout: 15_000 })
  await expect(emailSwitch(page)).toHaveCount(0)
  failing = false
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(emailSwitch(page)).toBeVisible()
})

test('Change Password checks the form, then the current password on the server', async ({
  page,
  request,
}) => {
  test.slow()
  const account = await freshUser(request)
  await openSettings(page, account)
  let posts = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/auth/change-password')) posts++
  })

  await page.getByRole('button', { name: 'Change Password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change Password' })
  await expect(dialog.getByLabel('Current Password')).toBeFocused()

  // spec section 5: the dialog's own rules, checked before anything is sent.
  await dialog.getByLabel('Current Password').fill(PASSWORD)
  await dialog.getByLabel('New Password', { exact: true }).fill('abc')
  await dialog.getByLabel('Confirm New Password').fill('abd')
  await dialog.getByRole('button', { name: 'Update Password' }).click()
  await expect(dialog.getByText('Password must be at least 6 characters long')).toBeVisible()
  await expect(dialog.getByText('New passwords do not match')).toBeVisible()
  expect(posts).toBe(0)

  // The server checks the current password.
  await dialog.getByLabel('Current Password').fill('Not-My-Password-99')
  await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD)
  await dialog.getByLabel('Confirm New Password').fill(NEW_PASSWORD)
  await dialog.getByRole('button', { name: 'Update Password' }).click()
  await expect(toast(page).getByText('Error', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible()
  await expect(dialog.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true')

  await dialog.getByLabel('Current Password').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Update Password' }).click()
  await expect(toast(page).getByText('Password Changed', { exact: true })).toBeVisible()
  await expect(
    toast(page).getByText('Your password has been updated successfully', { exact: true }),
  ).toBeVisible()
  await expect(dialog).toBeHidden()

  // The new password signs in; the old one no longer does.
  const withNew = await request.post('/api/auth/login', {
    data: { email: account.email, password: NEW_PASSWORD },
  })
  expect(withNew.status()).toBe(200)
  const withOld = await request.post('/api/auth/login', {
    data: { email: account.email, password: PASSWORD },
  })
  expect(withOld.status()).toBe(401)

  // Reopened, the dialog starts empty.
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(dialog.getByLabel('Current Password')).toHaveValue('')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})
