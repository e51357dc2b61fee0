import type { Page } from '@playwright/test'
import { accounts } from './support/accounts.ts'
import {
  createTalentViaApi,
  expect,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

/** Bulk actions on a shift-click selection and on every matching talent. */

async function seedTalents(page: Page, token: string, names: string[], areaOfInterest = 'Design') {
  for (const fullName of names) {
    await createTalentViaApi(page, token, {
      fullName,
      email: `${fullName.replaceAll(' ', '.').toLowerCase()}@example.com`,
      areaOfInterest,
      seniorityLevel: 'mid',
    })
  }
}

/** The tags of the talents whose name contains `search`, by name (what the server holds). */
async function tagsByName(page: Page, token: string, search: string) {
  const response = await page.request.get(`/api/talents?search=${search}&sort=name_asc`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const body: unknown = await response.json()
  const rows = Array.isArray(body) ? body : []
  return Object.fromEntries(
    rows.map((row: { fullName: string; tags: string[] }) => [row.fullName, row.tags]),
  )
}

function toolbar(page: Page) {
  return page.getByRole('toolbar', { name: 'Bulk actions' })
}

test('a shift-click selection is tagged, and Undo takes the tag off again', async ({ page }) => {
  const id = unique()
  const token = await signInViaApi(page, accounts.user)
  const tag = `Fair ${id}`
  const created = await page.request.post('/api/tags', {
    data: { name: tag },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(created.status()).toBe(201)
  const names = ['Ann', 'Ben', 'Cid', 'Dee'].map((first) => `${first} Bulk ${id}`)
  await seedTalents(page, token, names)

  await page.goto(`/dashboard?search=${id}&sort=name_asc`)
  await page.getByRole('checkbox', { name: `Select ${names[0]}` }).click()
  await page.getByRole('checkbox', { name: `Select ${names[2]}` }).click({ modifiers: ['Shift'] })
  await expect(toolbar(page).getByText('3 selected')).toBeVisible()
  await expect(page.getByRole('checkbox', { name: `Select ${names[1]}` })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: `Select ${names[3]}` })).not.toBeChecked()

  await toolbar(page).getByRole('button', { name: 'Add tag' }).click()
  await page.getByRole('menuitem', { name: tag }).click()
  await expect(toast(page).getByText(`Tagged 3 talents with ${tag}`)).toBeVisible()
  await expect
    .poll(() => tagsByName(page, token, id))
    .toEqual({
      [names[0] ?? '']: [tag],
      [names[1] ?? '']: [tag],
      [names[2] ?? '']: [tag],
      [names[3] ?? '']: [],
    })

  await toast(page).getByRole('button', { name: 'Undo' }).click()
  await expect(toast(page).getByText('Bulk action undone')).toBeVisible()
  await expect(toast(page).getByText('3 talents restored.')).toBeVisible()
  await expect
    .poll(() => tagsByName(page, token, id))
    .toEqual(Object.fromEntries(names.map((name) => [name, []])))

  // The recent list keeps it, undone, with no Undo left.
  await page.getByRole('button', { name: 'Recent bulk actions' }).click()
  const recent = page.getByRole('list', { name: 'Recent bulk actions' })
  await expect(recent.getByText(`Tagged 3 talents with ${tag}`)).toBeVisible()
  await expect(recent.getByText(/Undone/).first()).toBeVisible()
})

test("'Select all matching' sets a status on every talent of a filtered view, loaded or not", async ({
  page,
}) => {
  const id = unique()
  const token = await signInViaApi(page, accounts.user)
  // More than one page (50): the filter, not the loaded rows, decides what is changed.
  const design = Array.from(
    { length: 52 },
    (_, i) => `Eve${String(i).padStart(2, '0')} Match ${id}`,
  )
  await seedTalents(page, token, design, 'Design')
  await seedTalents(page, token, [`Hal Other ${id}`], 'Science')

  await page.goto(`/dashboard?search=${id}&areaOfInterest=Design&sort=name_asc`)
  await page.getByRole('checkbox', { name: `Select ${design[0]}` }).click()
  await expect(toolbar(page).getByText('1 selected')).toBeVisible()
  await toolbar(page).getByRole('button', { name: 'Select all 52 matching' }).click()
  await expect(toolbar(page).getByText('All 52 matching talents selected')).toBeVisible()

  await toolbar(page).getByRole('button', { name: 'Set status' }).click()
  await page.getByRole('menuitem', { name: 'Shortlisted' }).click()
  await expect(toast(page).getByText('Set Shortlisted on 52 talents')).toBeVisible()

  // The dashboard filtered by that status counts exactly those, the one in Science not among them.
  await page.goto(`/dashboard?search=${id}&status=Shortlisted&sort=name_desc`)
  await expect(page.getByRole('heading', { name: /Talent Pool/ })).toContainText('52')
  await expect(page.getByText(design[51] ?? '')).toBeVisible()
  await expect(page.getByText(`Hal Other ${id}`)).toHaveCount(0)
})
