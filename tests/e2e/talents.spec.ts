import type { Page } from '@playwright/test'
import { accounts } from './support/accounts.ts'
import {
  chooseOption,
  createTalentViaApi,
  expect,
  holdRequests,
  scriptRequests,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

async function useView(page: Page, view: 'Grid view' | 'List view') {
  await page.getByRole('button', { name: view }).click()
}

test('add a talent with tags and statuses, then find it and open its profile', async ({ page }) => {
  const id = unique()
  const name = `Grace Hopper ${id}`
  await signInViaApi(page, accounts.admin)
  await page.goto('/dashboard')

  await page.getByRole('button', { name: 'Add talent' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Talent' })
  await dialog.getByRole('button', { name: 'Save Talent' }).click()
  await expect(dialog.getByText('Full name is required')).toBeVisible()
  await expect(dialog.getByText('Invalid email address')).toBeVisible()

  await dialog.getByLabel('Full Name *').fill(name)
  await dialog.getByLabel('Email *').fill(`grace.${id}@example.com`)
  await dialog.getByLabel('Phone Number').fill('+1 555 0100')
  await dialog.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/grace')
  await chooseOption(page, 'Area of Interest *', 'Engineering')
  await chooseOption(page, 'Seniority Level *', 'Senior')
  await dialog.getByRole('button', { name: /^Theme Tags/ }).click()
  await expect(page.getByRole('menuitemcheckbox', { name: 'Needs Follow-Up' })).toHaveCount(0)
  await page.getByRole('menuitemcheckbox', { name: 'High Potential' }).click()
  await page.keyboard.press('Escape')
  await dialog.getByRole('checkbox', { name: 'Shortlisted' }).check()
  await dialog.getByLabel('Notes').fill('Invented the compiler.')
  await dialog.getByRole('button', { name: 'Save Talent' }).click()

  await expect(toast(page).getByText('Talent created')).toBeVisible()
  await expect(toast(page).getByText(`${name} has been added to the talent pool.`)).toBeVisible()
  await expect(dialog).toBeHidden()

  await page.goto(`/dashboard?search=${id}`)
  await useView(page, 'Grid view')
  await page.getByRole('button', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name })).toBeVisible()
  const linkedin = page.getByRole('link', { name: 'View Profile' })
  await expect(linkedin).toHaveAttribute('target', '_blank')
  await expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0)
  await expect(page.getByText('High Potential')).toBeVisible()
  await expect(page.getByText('Shortlisted')).toBeVisible()
  await page.getByRole('tab', { name: 'Notes' }).click()
  await expect(page.getByText('Invented the compiler.')).toBeVisible()

  await page.getByRole('button', { name: 'Back to List' }).click()
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible()
})

test('a custom tag is validated, created and picked in the form', async ({ page }) => {
  const tagName = `Rust ${unique()}`
  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard/add-talent')
  await expect(page.getByRole('heading', { name: 'Add Talent' })).toBeVisible()

  await page.getByRole('button', { name: 'Add Custom Tag' }).click()
  const tagDialog = page.getByRole('dialog', { name: 'Create New Tag' })
  const create = tagDialog.getByRole('button', { name: 'Create Tag' })
  await expect(create).toBeDisabled()
  await tagDialog.getByLabel('Tag Name').fill(' x ')
  await create.click()
  await expect(toast(page).getByText('Invalid tag name', { exact: true })).toBeVisible()
  await expect(toast(page).getByText('Tag name must be at least 2 characters long')).toBeVisible()

  await tagDialog.getByLabel('Tag Name').fill('high potential')
  await create.click()
  await expect(toast(page).getByText('Tag already exists', { exact: true })).toBeVisible()
  await expect(toast(page).getByText('This tag already exists in the system.')).toBeVisible()

  await tagDialog.getByLabel('Tag Name').fill(tagName)
  await create.click()
  await expect(tagDialog).toBeHidden()
  await expect(page.getByRole('list', { name: 'Selected tags' }).getByText(tagName)).toBeVisible()
})

test('filters and sort apply on Apply, live in the URL and survive a reload', async ({ page }) => {
  const id = unique()
  const token = await signInViaApi(page, accounts.admin)
  const seed = (fullName: string, areaOfInterest: string) =>
    createTalentViaApi(page, token, {
      fullName: `${fullName} ${id}`,
      email: `${fullName.split(' ')[0]?.toLowerCase()}.${id}@example.com`,
      areaOfInterest,
      seniorityLevel: 'mid',
    })
  await seed('Alan Turing', 'Science')
  await seed('Ada Lovelace', 'Design')
  await seed('Zora Neale', 'Design')

  await page.goto(`/dashboard?search=${id}`)
  await useView(page, 'List view')
  await expect(page.getByRole('row', { name: /Alan Turing/ })).toBeVisible()

  await page.getByRole('button', { name: 'Filters' }).click()
  const panel = page.getByRole('dialog')
  await expect(panel.getByText('1 active filters')).toBeVisible()
  await chooseOption(page, 'Area of Interest', 'Design')
  await expect(panel.getByText('2 active filters')).toBeVisible()
  // Edits are held until Apply: the list (hidden behind the modal) still has the Science talent.
  await expect(page.getByText(`Alan Turing ${id}`)).toBeAttached()
  const filtered = page.waitForRequest(
    (r) => r.url().includes('/api/talents?') && r.url().includes('areaOfInterest=Design'),
  )
  await panel.getByRole('button', { name: 'Apply' }).click()
  await filtered
  await expect(page).toHaveURL(/areaOfInterest=Design/)
  await expect(page.getByRole('row', { name: /Alan Turing/ })).toHaveCount(0)
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible()

  await page.getByRole('button', { name: 'Filters' }).click()
  await page.getByRole('tab', { name: 'Sort' }).click()
  await page.getByRole('radio', { name: 'Name Z-A' }).check()
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/sort=name_desc/)
  const names = page.getByRole('row').filter({ hasText: id })
  await expect(names.first()).toContainText('Zora Neale')
  await expect(names.last()).toContainText('Ada Lovelace')

  await page.reload()
  await expect(page.getByRole('row', { name: /Alan Turing/ })).toHaveCount(0)
  await expect(page.getByRole('row').filter({ hasText: id }).first()).toContainText('Zora Neale')

  await page.goBack()
  await expect(page).not.toHaveURL(/sort=name_desc/)

  await page.getByRole('button', { name: 'Filters' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click()
  await expect(page).not.toHaveURL(/areaOfInterest|search/)
})

test('edit a talent from the table', async ({ page }) => {
  const id = unique()
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: `Katherine ${id}`,
    email: `katherine.${id}@example.com`,
    areaOfInterest: 'Science',
    seniorityLevel: 'senior',
  })
  await page.goto(`/dashboard?search=${id}`)
  await useView(page, 'List view')
  await page.getByRole('button', { name: `Edit Katherine ${id}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Talent' })
  await dialog.getByLabel('Full Name *').fill(`Katherine Johnson ${id}`)
  await dialog.getByRole('button', { name: 'Update Talent' }).click()
  await expect(toast(page).getByText('Talent updated successfully!')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('row', { name: new RegExp(`Katherine Johnson ${id}`) })).toBeVisible()
})

test('delete from the table: the adder may, others see the failure toast', async ({ page }) => {
  const id = unique()
  const adminToken = await signInViaApi(page, accounts.admin)
  await createTalentViaApi(page, adminToken, {
    fullName: `Admins Talent ${id}`,
    email: `admins.${id}@example.com`,
    areaOfInterest: 'Health',
    seniorityLevel: 'junior',
  })
  const userToken = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, userToken, {
    fullName: `Users Talent ${id}`,
    email: `users.${id}@example.com`,
    areaOfInterest: 'Health',
    seniorityLevel: 'junior',
  })
  await page.goto(`/dashboard?search=${id}`)
  await useView(page, 'List view')

  // spec section 6: the table shows delete to everyone; the server decides.
  await page.getByRole('button', { name: `Delete Admins Talent ${id}` }).click()
  const confirm = page.getByRole('alertdialog')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page).getByText('Failed to delete talent')).toBeVisible()

  await page.getByRole('button', { name: `Delete Users Talent ${id}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page).getByText('Talent deleted successfully')).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(`Users Talent ${id}`) })).toHaveCount(0)
})

test("the dashboard draws its cards without the profile's code, which comes when needed", async ({
  page,
}) => {
  const id = unique()
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: `Later Profile ${id}`,
    email: `later.${id}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'intern',
  })
  const scripts = scriptRequests(page)
  const release = await holdRequests(page, '**/assets/talent-profile-*.js')
  await page.goto(`/dashboard?search=${id}`)
  await useView(page, 'Grid view')
  const card = page.getByRole('button', { name: `Later Profile ${id}`, exact: true })
  // The first screen is complete while the profile's code is still held back.
  await expect(card).toBeVisible()
  await expect.poll(() => scripts.some((path) => path.includes('/talent-profile-'))).toBe(true)
  release()
  await card.click()
  await expect(page.getByRole('tab', { name: 'Notes' })).toBeVisible()
})

test('delete from the card grid is for admins only', async ({ page }) => {
  const id = unique()
  const userToken = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, userToken, {
    fullName: `Card Talent ${id}`,
    email: `card.${id}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'intern',
  })
  await page.goto(`/dashboard?search=${id}`)
  await useView(page, 'Grid view')
  await expect(page.getByRole('button', { name: `Card Talent ${id}`, exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: `Delete Card Talent ${id}` })).toHaveCount(0)

  await signInViaApi(page, accounts.admin)
  await page.goto(`/dashboard?search=${id}`)
  await page.getByRole('button', { name: `Delete Card Talent ${id}` }).click()
  const confirm = page.getByRole('alertdialog')
  // Not dismissible by clicking outside (spec section 4).
  await page.mouse.click(5, 5)
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page).getByText('Talent deleted', { exact: true })).toBeVisible()
  await expect(toast(page).getByText('The talent has been removed from the pool.')).toBeVisible()
})

test("'Edit Profile' shows a user the default admin's talents, not another person's", async ({
  page,
}) => {
  // spec section 6: the server marks the default admin account.
  const id = unique()
  const byAdmin = `Admin Added ${id}`
  const byOther = `Shell Added ${id}`
  const talent = (fullName: string, email: string) => ({
    fullName,
    email,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  await createTalentViaApi(
    page,
    await signInViaApi(page, accounts.admin),
    talent(byAdmin, `admin.added.${id}@example.com`),
  )
  await createTalentViaApi(
    page,
    await signInViaApi(page, accounts.shellUser),
    talent(byOther, `shell.added.${id}@example.com`),
  )
  await signInViaApi(page, accounts.user)
  for (const [name, shows] of [
    [byAdmin, 1],
    [byOther, 0],
  ] as const) {
    await page.goto(`/dashboard?search=${id}`)
    await page.getByRole('button', { name: 'Grid view' }).click()
    await page.getByRole('button', { name, exact: true }).click()
    await expect(page.getByRole('heading', { name })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(shows)
  }
})

test('empty states in both views', async ({ page }) => {
  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard?search=zzzz-no-such-talent')
  await useView(page, 'List view')
  await expect(page.getByText('No talents found. Add new talents to see them here.')).toBeVisible()
  await useView(page, 'Grid view')
  await expect(page.getByRole('heading', { name: 'No talents found' })).toBeVisible()
  await expect(
    page.getByText(
      'Your talent pool is currently empty. Add new talents to start building your database.',
    ),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Add First Talent' }).click()
  await expect(page.getByRole('dialog', { name: 'Add New Talent' })).toBeVisible()
})

test('stat cards count the whole pool', async ({ page }) => {
  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard')
  const stats = page.getByRole('region', { name: 'Talent statistics' })
  for (const title of ['Total Talents', 'Added by You', 'New This Month', 'Needs Updating']) {
    await expect(stats.getByText(title)).toBeVisible()
  }
  await expect(stats.getByText(/\+\d+ this month/)).toBeVisible()
})

test('the add dialog shows where the form will be while it loads, then puts the cursor in Full Name', async ({
  page,
}) => {
  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard')
  // The form's code arrives late (a slow network), whatever preloading started.
  let release!: () => void
  const arrived = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/talent-form-*.js', async (route) => {
    await arrived
    await route.continue()
  })
  await page.getByRole('button', { name: 'Add talent' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Talent' })
  await expect(dialog.getByRole('status')).toHaveText('Loading the form…')
  release()
  await expect(dialog.getByLabel('Full Name *')).toBeFocused()
  await page.keyboard.type('Typed Straight Away')
  await expect(dialog.getByLabel('Full Name *')).toHaveValue('Typed Straight Away')
})

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('filters open as a bottom sheet and the form sheet closes on Escape', async ({ page }) => {
    await signInViaApi(page, accounts.user)
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Filters' }).click()
    await expect(page.getByRole('dialog').getByText('No filters applied')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()

    await page.getByRole('button', { name: 'Add talent' }).click()
    const sheet = page.getByRole('dialog', { name: 'Add New Talent' })
    await expect(sheet).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
  })
})
