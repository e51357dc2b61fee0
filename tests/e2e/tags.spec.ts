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

function tagCard(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Tags' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
}

async function talentTags(page: Page, token: string, id: number): Promise<string[]> {
  const response = await page.request.get(`/api/talents/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { tags: string[] }
  return body.tags
}

async function openTags(page: Page) {
  await page.goto('/dashboard/tags')
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible()
}

test('an admin adds, renames, merges and deletes tags, and the talents follow', async ({
  page,
}) => {
  test.slow()
  const run = unique()
  const original = `Remote ${run}`
  const renamed = `Remote First ${run}`
  const target = `Distributed ${run}`
  const added = `Async ${run}`
  const token = await signInViaApi(page, accounts.admin)
  const talent = (name: string, tags: string[]) =>
    createTalentViaApi(page, token, {
      fullName: `${name} ${run}`,
      email: `${name.toLowerCase()}.${run}@example.com`,
      areaOfInterest: 'Engineering',
      seniorityLevel: 'mid',
      tags,
    })
  const ada = await talent('Ada', [original, 'High Potential'])
  const bea = await talent('Bea', [target, original])
  const cyd = await talent('Cyd', [target])

  await openTags(page)
  await expect(tagCard(page, original)).toContainText('2 talents')
  await expect(tagCard(page, original)).toContainText('Custom')
  // System labels are shown, even before any talent carries them, and locked.
  const hired = tagCard(page, 'Hired')
  await expect(hired).toContainText('System label')
  await expect(hired.getByRole('button')).toHaveCount(0)
  const interviewed = tagCard(page, 'Interviewed')
  await expect(interviewed).toContainText('System label')
  await expect(interviewed.getByRole('button')).toHaveCount(0)
  await expect(tagCard(page, 'High Potential')).toContainText('Default')

  // Add New Tag: the talent form's checks and messages (spec section 5).
  await page.getByRole('button', { name: 'Add New Tag' }).click()
  const create = page.getByRole('dialog', { name: 'Create New Tag' })
  await create.getByLabel('Tag Name').fill('x')
  await create.getByRole('button', { name: 'Create Tag' }).click()
  await expect(toast(page).getByText('Invalid tag name', { exact: true })).toBeVisible()
  await expect(
    toast(page).getByText('Tag name must be at least 2 characters long', { exact: true }),
  ).toBeVisible()
  await create.getByLabel('Tag Name').fill('  high POTENTIAL ')
  await create.getByRole('button', { name: 'Create Tag' }).click()
  await expect(toast(page).getByText('Tag already exists', { exact: true })).toBeVisible()
  await expect(
    toast(page).getByText('This tag already exists in the system.', { exact: true }),
  ).toBeVisible()
  await create.getByLabel('Tag Name').fill(added)
  await create.getByRole('button', { name: 'Create Tag' }).click()
  await expect(create).toBeHidden()
  await expect(tagCard(page, added)).toContainText('No talents')

  // Rename: a duplicate is refused like creation; then the new name is on every talent.
  await tagCard(page, original)
    .getByRole('button', { name: `Edit ${original}` })
    .click()
  const edit = page.getByRole('dialog', { name: 'Edit Tag' })
  await expect(edit).toContainText('2 talents carry')
  await edit.getByLabel('Tag Name').fill(target.toUpperCase())
  await edit.getByRole('button', { name: 'Save Tag' }).click()
  await expect(toast(page).getByText('Tag already exists', { exact: true })).toBeVisible()
  await edit.getByLabel('Tag Name').fill(renamed)
  await edit.getByRole('button', { name: 'Save Tag' }).click()
  await expect(toast(page).getByText('Tag renamed', { exact: true })).toBeVisible()
  await expect(edit).toBeHidden()
  await expect(tagCard(page, renamed)).toContainText('2 talents')
  await expect(tagCard(page, original)).toHaveCount(0)
  expect(await talentTags(page, token, ada)).toEqual([renamed, 'High Potential'])
  expect(await talentTags(page, token, bea)).toEqual([target, renamed])

  // Clicking a tag opens the dashboard filtered by it.
  await page.getByRole('link', { name: renamed, exact: true }).click()
  await expect(page).toHaveURL(
    (url) => url.pathname === '/dashboard' && url.searchParams.get('tag') === renamed,
  )
  await expect(page.getByText(`Ada ${run}`).first()).toBeVisible()
  await expect(page.getByText(`Bea ${run}`).first()).toBeVisible()
  await expect(page.getByText(`Cyd ${run}`)).toHaveCount(0)

  // Merge: Bea already has the target and keeps it once; the merged tag is gone.
  await openTags(page)
  await tagCard(page, renamed)
    .getByRole('button', { name: `Merge ${renamed}` })
    .click()
  const merge = page.getByRole('dialog', { name: 'Merge Tag' })
  await expect(merge.getByRole('button', { name: 'Merge Tags' })).toBeDisabled()
  await merge.getByRole('combobox', { name: 'Merge into' }).click()
  await page.getByRole('option', { name: target, exact: true }).click()
  await merge.getByRole('button', { name: 'Merge Tags' }).click()
  await expect(toast(page).getByText('Tags merged', { exact: true })).toBeVisible()
  await expect(merge).toBeHidden()
  await expect(tagCard(page, renamed)).toHaveCount(0)
  await expect(tagCard(page, target)).toContainText('3 talents')
  expect(await talentTags(page, token, ada)).toEqual([target, 'High Potential'])
  expect(await talentTags(page, token, bea)).toEqual([target])

  // Delete: the confirmation says how many talents lose it.
  await tagCard(page, target)
    .getByRole('button', { name: `Delete ${target}` })
    .click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Tag' })
  await expect(confirm).toContainText(
    `Are you sure you want to delete the tag "${target}"? 3 talents will lose it.`,
  )
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page).getByText('Tag deleted', { exact: true })).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(tagCard(page, target)).toHaveCount(0)
  expect(await talentTags(page, token, ada)).toEqual(['High Potential'])
  expect(await talentTags(page, token, bea)).toEqual([])
  expect(await talentTags(page, token, cyd)).toEqual([])
})

test('a user sees every tag, searches and adds one, but cannot rename, merge or delete', async ({
  page,
}) => {
  const run = unique()
  const mine = `Night Owl ${run}`
  await signInViaApi(page, accounts.user)
  // The Tags page is reached from the dashboard's filters (the side panel keeps the spec's four links).
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Filters' }).click()
  await page.getByRole('link', { name: 'Manage tags' }).click()
  await expect(page).toHaveURL(/\/dashboard\/tags$/)
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible()
  await expect(tagCard(page, 'High Potential')).toBeVisible()
  await expect(page.getByRole('button', { name: /^(Edit|Merge|Delete) / })).toHaveCount(0)

  await page.getByRole('button', { name: 'Add New Tag' }).click()
  const create = page.getByRole('dialog', { name: 'Create New Tag' })
  await create.getByLabel('Tag Name').fill(mine)
  await create.getByRole('button', { name: 'Create Tag' }).click()
  await expect(create).toBeHidden()
  await expect(tagCard(page, mine)).toContainText('No talents')
  await expect(tagCard(page, mine).getByRole('button')).toHaveCount(0)

  const search = page.getByRole('searchbox', { name: 'Search tags' })
  await search.fill(`owl ${run}`.toUpperCase())
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveCount(1)
  await expect(tagCard(page, mine)).toBeVisible()
  await search.fill(`no such tag ${run}`)
  await expect(page.getByText(`No tags match "no such tag ${run}".`)).toBeVisible()
})

test('a failed tag load shows an error with a retry, not an empty grid', async ({ page }) => {
  let failing = true
  await page.route('**/api/tags', (route) =>
    failing ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback(),
  )
  await signInViaApi(page, accounts.user)
  await openTags(page)
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load tags.' })
  await expect(alert).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('list', { name: 'Tags' })).toHaveCount(0)
  failing = false
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(tagCard(page, 'High Potential')).toBeVisible()
})
