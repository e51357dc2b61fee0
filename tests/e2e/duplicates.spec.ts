import { accounts } from './support/accounts.ts'
import {
  createTalentViaApi,
  expect,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

// Duplicates caught while typing, found across the pool, merged and brought back.

/** A US number of this run's own: +1 415 555 NNNN. */
function phoneDigits(): string {
  return String(1000 + Math.floor(Math.random() * 9000))
}

test('the duplicate warning appears while typing a reformatted phone', async ({ page }) => {
  const id = unique()
  const digits = phoneDigits()
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: `Dana Reyes ${id}`,
    email: `dana.${id}@example.com`,
    phone: `+1 415 555 ${digits}`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Add talent' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Talent' })
  await dialog.getByLabel('Full Name *').fill(`Somebody ${id}`)
  await dialog.getByLabel('Phone Number').pressSequentially(`+1 (415) 555-${digits}`)
  const warning = dialog.getByRole('status', { name: 'Possible duplicates' })
  await expect(warning).toContainText(`Possible duplicate: Dana Reyes ${id} — same phone number`)
  await expect(warning.getByRole('link', { name: `Dana Reyes ${id}` })).toBeVisible()
})

test('the duplicates page merges a group choosing fields, and undo brings both back', async ({
  page,
}) => {
  const id = unique()
  const digits = phoneDigits()
  const token = await signInViaApi(page, accounts.admin)
  const first = `Dana Reyes ${id}`
  const second = `D. Reyes ${id}`
  await createTalentViaApi(page, token, {
    fullName: first,
    email: `dana.${id}@old.example.com`,
    phone: `+1 415 555 ${digits}`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  await createTalentViaApi(page, token, {
    fullName: second,
    email: `dreyes.${id}@new.example.com`,
    phone: `+1-415-555-${digits}`,
    areaOfInterest: 'Design',
    seniorityLevel: 'senior',
  })

  await page.goto('/dashboard/duplicates')
  // The scan runs in the background a few seconds after the talents were added; the page polls
  // while it runs, then shows the stored groups and when they were scanned.
  const group = page.getByRole('listitem', { name: `${first} and ${second}` })
  await expect(group).toContainText('same phone number')
  await expect(page.getByText(/Last scanned (just now|\d+ min ago)/)).toBeVisible()
  // The journeys share one server: talents another journey adds start the next background scan,
  // and the button reads 'Scanning…' while it runs (a CI run saw it for more than 12 s).
  await expect(page.getByRole('button', { name: /^(Scan again|Scanning…)$/ })).toBeVisible()
  await group.getByRole('link', { name: 'Merge' }).click()

  await expect(page.getByRole('heading', { name: 'Merge talents' })).toBeVisible()
  await page
    .getByRole('group', { name: 'Full Name' })
    .getByRole('radio', { name: new RegExp(`^${first}`) })
    .check()
  await page
    .getByRole('group', { name: 'Email' })
    .getByRole('radio', { name: new RegExp(`^dreyes\\.${id}`) })
    .check()
  await page.getByRole('button', { name: 'Merge talents' }).click()
  await expect(toast(page).getByText('Talents merged')).toBeVisible()

  await expect(page.getByRole('heading', { name: first })).toBeVisible()
  await expect(page.getByText(`dreyes.${id}@new.example.com`).first()).toBeVisible()
  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('list', { name: 'History' })
  await expect(history.getByRole('listitem').first()).toContainText(
    `Merged: Ada Admin merged ${second} into this talent`,
  )
  await history.getByRole('button', { name: 'Undo merge' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Undo merge' }).click()
  await expect(toast(page).getByText('Merge undone')).toBeVisible()

  await page.goto(`/dashboard?search=${id}`)
  await page.getByRole('button', { name: 'Grid view' }).click()
  await expect(page.getByRole('button', { name: first, exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: second, exact: true })).toBeVisible()
  await expect(page.getByText(`dana.${id}@old.example.com`)).toBeVisible()
})
