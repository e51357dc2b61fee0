import type { APIRequestContext, Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { accounts } from './support/accounts.ts'
import type { E2eAccount } from './support/accounts.ts'
import {
  expect,
  newAccountViaApi,
  signInViaApi,
  signInViaForm,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

/**
 * In Chromium: two-factor enrolment and sign-in with codes the test computes with the
 * same TOTP library as the server, an admin requiring it, the forced password change that keeps
 * the password, and the sessions list.
 */

const PASSWORD = 'Quiet-Harbour-Compass-61'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
function codeFor(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSteps * 30_000,
  })
}

function newAccount(request: APIRequestContext, name: string): Promise<E2eAccount> {
  return newAccountViaApi(request, { email: `${name}.${unique()}@example.com` }, PASSWORD)
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

/** Reads the key shown beside the QR code, as a person would type it into their app. */
async function shownKey(page: Page): Promise<string> {
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const key = await page.getByLabel('Key', { exact: true }).textContent()
  return (key ?? '').replace(/\s+/g, '')
}

async function readRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Recovery codes' })
  await expect(list.getByRole('listitem')).toHaveCount(10)
  return list.getByRole('listitem').allTextContents()
}

test('enrol in Settings, sign out, sign in with a code, then with a recovery code', async ({
  page,
  request,
}) => {
  const account = await newAccount(request, 'enrol')
  await signInViaForm(page, account)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/dashboard/settings')
  const card = page.getByRole('heading', { name: 'Two-factor sign-in' })
  await expect(card).toBeVisible()
  // Another browser signed in as the same person (security rule 46: it ends when the factor is bound).
  const elsewhere = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: { 'user-agent': FIREFOX },
  })
  expect(elsewhere.status()).toBe(200)
  const elsewhereToken = ((await elsewhere.json()) as { token: string }).token

  // Security rule 46: the password before the QR code; a wrong one says so under the field.
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  const confirm = page.getByRole('form', {
    name: 'Confirm your password to turn on two-factor sign-in',
  })
  await confirm.getByLabel('Password').fill(`${account.password}x`)
  await confirm.getByRole('button', { name: 'Continue' }).click()
  await expect(confirm.getByText('Password is incorrect')).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0)
  await confirm.getByLabel('Password').fill(account.password)
  await confirm.getByRole('button', { name: 'Continue' }).click()
  const secret = await shownKey(page)
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)

  // A wrong code is refused with the server's message; the current one turns it on.
  await page.getByLabel('Authentication code').fill('000000')
  await page.getByRole('button', { name: 'Verify and turn on' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toBeVisible()
  await page.getByLabel('Authentication code').fill(codeFor(secret))
  await page.getByRole('button', { name: 'Verify and turn on' }).click()
  const codes = await readRecoveryCodes(page)
  for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
  await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download codes' }).click()
  expect((await download).suggestedFilename()).toBe('scout-recovery-codes.txt')
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click()
  await expect(page.getByText('On: signing in asks for a code')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0)
  // The other browser was signed out; this one stays.
  const other = await request.get('/api/auth/me', {
    headers: { Authorization: `Bearer ${elsewhereToken}` },
  })
  expect(other.status()).toBe(401)
  await expect(
    page.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem'),
  ).toHaveCount(1)

  // Sign out; the password alone no longer reaches the dashboard.
  await logout(page)
  await signInViaForm(page, account)
  const codeField = page.getByLabel('Authentication code')
  await expect(codeField).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  // The enrolling code's step is spent: the phone's next code (one step ahead) is accepted.
  await codeField.fill(codeFor(secret, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  // And with a recovery code instead of the app.
  await logout(page)
  await signInViaForm(page, account)
  await page.getByLabel('Authentication code').fill(codes[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('an admin requires two-factor; the user sets it up at sign-in before the dashboard', async ({
  page,
  request,
}) => {
  const account = await newAccount(request, 'required')
  await signInViaApi(page, accounts.admin)
  await page.goto('/dashboard/users')
  const row = page.getByRole('row').filter({ hasText: account.email })
  await row.getByRole('button', { name: `Edit ${account.email}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit User' })
  await dialog.getByRole('switch', { name: 'MFA enabled' }).click()
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page).getByText('User Updated', { exact: true })).toBeVisible()
  // Security rule 48: the spec's badge for the spec's flag, and a smaller note until they enrol.
  await expect(row.getByText('MFA Enabled')).toBeVisible()
  await expect(row.getByText('Awaiting setup')).toBeVisible()
  await logout(page)

  await signInViaForm(page, account)
  await expect(page.getByText('Your admin requires two-factor sign-in')).toBeVisible()
  const secret = await shownKey(page)
  await page.getByLabel('Authentication code').fill(codeFor(secret))
  await page.getByRole('button', { name: 'Verify and turn on' }).click()
  await readRecoveryCodes(page)
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/dashboard/settings')
  await expect(
    page.getByText('Your admin requires two-factor sign-in for your account'),
  ).toBeVisible()
  // Enrolled: the note beside the badge is gone.
  await logout(page)
  await signInViaApi(page, accounts.admin)
  await page.goto('/dashboard/users')
  await expect(row.getByText('MFA Enabled')).toBeVisible()
  await expect(row.getByText('Awaiting setup')).toHaveCount(0)
})

test('a forced password change keeps the old password working until it is changed', async ({
  page,
  request,
}) => {
  const account = await newAccount(request, 'forced')
  await signInViaApi(page, accounts.admin)
  await page.goto('/dashboard/users')
  const row = page.getByRole('row').filter({ hasText: account.email })
  await row.getByRole('button', { name: `Edit ${account.email}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit User' })
  await dialog.getByRole('switch', { name: 'Must change password' }).click()
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page).getByText('User Updated', { exact: true })).toBeVisible()
  await logout(page)

  // The password they know still signs in, and leads to the change.
  await signInViaForm(page, account)
  await expect(page).toHaveURL(/\/change-password$/)
  const next = 'Amber-Orchard-Violin-27'
  await page.getByLabel('New Password').fill(next)
  await page.getByLabel('Confirm Password').fill(next)
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await logout(page)
  await signInViaForm(page, { ...account, password: next })
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('Settings lists the sessions; one is signed out, then all the others', async ({
  page,
  request,
}) => {
  const account = await newAccount(request, 'sessions')
  const elsewhere: string[] = []
  for (let i = 0; i < 2; i++) {
    const response = await request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
      headers: { 'user-agent': FIREFOX },
    })
    expect(response.status()).toBe(200)
    elsewhere.push(((await response.json()) as { token: string }).token)
  }
  await signInViaForm(page, account)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/dashboard/settings')
  const list = page.getByRole('list', { name: 'Signed-in sessions' })
  await expect(list.getByRole('listitem')).toHaveCount(4)
  await expect(list.getByRole('listitem', { name: /\(this device\)$/ })).toHaveCount(1)
  const firefox = list.getByRole('listitem', { name: 'Firefox on Windows', exact: true })
  await expect(firefox).toHaveCount(2)

  await firefox.first().getByRole('button', { name: 'Sign out Firefox on Windows' }).click()
  await expect(toast(page).getByText('Signed out of that session')).toBeVisible()
  await expect(list.getByRole('listitem')).toHaveCount(3)

  await page.getByRole('button', { name: 'Sign out of all other sessions' }).click()
  await expect(toast(page).getByText('Signed out of all other sessions')).toBeVisible()
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('listitem', { name: /\(this device\)$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled()
  for (const token of elsewhere) {
    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })
    expect(me.status()).toBe(401)
  }
})
