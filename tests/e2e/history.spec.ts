import type { Page } from '@playwright/test'
import { accounts } from './support/accounts.ts'
import {
  createTalentViaApi,
  expect,
  openTalent,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

// The talent detail's History tab tells who added and changed the talent.

async function switchStatus(page: Page, from: string, to: string) {
  const dialog = page.getByRole('dialog', { name: 'Edit Talent' })
  await dialog.getByRole('checkbox', { name: from }).uncheck()
  await dialog.getByRole('checkbox', { name: to }).check()
  await dialog.getByRole('button', { name: 'Update Talent' }).click()
  await expect(toast(page).getByText('Talent updated successfully!')).toBeVisible()
  await expect(dialog).toBeHidden()
}

test('a status edited from the table shows in the History tab, newest first', async ({ page }) => {
  const id = unique()
  const name = `Dana Reyes ${id}`
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: name,
    email: `dana.${id}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
    status: ['Interviewed'],
  })

  await page.goto(`/dashboard?search=${id}`)
  await page.getByRole('button', { name: 'List view' }).click()
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  await switchStatus(page, 'Interviewed', 'Hired')

  await openTalent(page, id, name)
  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('list', { name: 'History' })
  const items = history.getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText('Uma User changed Status from Interviewed to Hired')
  await expect(items.nth(0).getByRole('time')).toHaveText('just now')
  await expect(items.nth(1)).toContainText('Uma User added this talent')
  // The exact moment is one hover (or focus) away.
  await items.nth(0).getByRole('time').hover()
  await expect(page.getByRole('tooltip')).toContainText(/\d{1,2}:\d{2}/)
})

test('an open History refreshes after an edit is saved', async ({ page }) => {
  const id = unique()
  const name = `Rosa Parks ${id}`
  const token = await signInViaApi(page, accounts.admin)
  await createTalentViaApi(page, token, {
    fullName: name,
    email: `rosa.${id}@example.com`,
    areaOfInterest: 'Policy & Governance',
    seniorityLevel: 'senior',
    status: ['Shortlisted'],
  })
  await openTalent(page, id, name)
  await page.getByRole('tab', { name: 'History' }).click()
  const items = page.getByRole('list', { name: 'History' }).getByRole('listitem')
  await expect(items).toHaveCount(1)
  await expect(items.nth(0)).toContainText('Ada Admin added this talent')

  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await switchStatus(page, 'Shortlisted', 'Hired')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText('Ada Admin changed Status from Shortlisted to Hired')
})

test('History: empty and error states, with a working retry', async ({ page }) => {
  const id = unique()
  const name = `Alan Kay ${id}`
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: name,
    email: `alan.${id}@example.com`,
    areaOfInterest: 'Engineering',
    seniorityLevel: 'exec',
  })
  // A talent from before the activity log has no entries; a failing server is an error, not "empty".
  let answer: 'empty' | 'fail' | 'real' = 'empty'
  await page.route('**/api/talents/*/activity', (route) =>
    answer === 'real'
      ? route.continue()
      : route.fulfill(
          answer === 'empty'
            ? { json: [] }
            : { status: 500, json: { message: 'Internal server error', requestId: 'x' } },
        ),
  )
  await openTalent(page, id, name)
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByText('No history yet.')).toBeVisible()

  answer = 'fail'
  await page.getByRole('tab', { name: 'About' }).click()
  await page.reload()
  await page.getByRole('tab', { name: 'History' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the history.' })
  await expect(alert).toBeVisible({ timeout: 15_000 })
  answer = 'real'
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('list', { name: 'History' })).toContainText(
    'Uma User added this talent',
  )
})
