import { accounts } from './support/accounts.ts'
import { expect, signInViaForm, test, toast } from './support/fixtures.ts'

test('a user who must change their password is sent to Change Password first', async ({ page }) => {
  await signInViaForm(page, accounts.mustChange)
  await expect(page).toHaveURL(/\/change-password$/)

  // The dashboard stays closed until the password is changed: the server refuses its calls.
  const newPassword = page.getByLabel('New Password')
  const confirm = page.getByLabel('Confirm Password')
  const submit = page.getByRole('button', { name: 'Change Password' })

  await newPassword.fill('short')
  await confirm.fill('short')
  await submit.click()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()

  await newPassword.fill('A-much-better-passphrase-7')
  await confirm.fill('A-different-passphrase-7')
  await submit.click()
  await expect(page.getByText("Passwords don't match")).toBeVisible()

  await confirm.fill('A-much-better-passphrase-7')
  await submit.click()
  await expect(toast(page).getByText('Password changed successfully')).toBeVisible()
  await expect(toast(page).getByText('You can now access the dashboard')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the first-time screen sets a password and reloads into the app', async ({ page }) => {
  await signInViaForm(page, accounts.firstTime)
  await expect(page).toHaveURL(/\/change-password$/)
  await page.goto('/first-time-password-change')
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible()

  await page.getByLabel('New Password').fill('abc')
  await page.getByLabel('Confirm Password').fill('abc')
  await page.getByRole('button', { name: 'Set Password' }).click()
  await expect(page.getByText('Password must be at least 6 characters long').first()).toBeVisible()

  await page.getByLabel('New Password').fill('Another-fine-passphrase-9')
  await page.getByLabel('Confirm Password').fill('Another-fine-passphrase-9')
  // The toast lives 500 ms before the full reload wipes it: watched every frame from the click,
  // not polled afterwards (a loaded CI machine missed the window).
  const sawSuccess = page.waitForFunction(
    () => document.body.innerText.includes('Success!'),
    undefined,
    {
      polling: 'raf',
    },
  )
  await page.getByRole('button', { name: 'Set Password' }).click()
  await sawSuccess
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the server policy message shows when a common password is chosen', async ({ page }) => {
  await signInViaForm(page, accounts.mustChange2)
  await expect(page).toHaveURL(/\/change-password$/)
  await page.getByLabel('New Password').fill('password123')
  await page.getByLabel('Confirm Password').fill('password123')
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(toast(page).getByText('Failed to change password')).toBeVisible()
  await expect(page).toHaveURL(/\/change-password$/)
})
