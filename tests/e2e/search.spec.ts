import type { Page } from '@playwright/test'
import { accounts } from './support/accounts.ts'
import { createTalentViaApi, expect, signInViaApi, test, unique } from './support/fixtures.ts'

// In the browser: the dashboard's search box speaks the query language, shows field terms
// as chips and the result count, each result says why it matched; a quick search opens anywhere.

type Seeded = { maya: string; oscar: string; jo: string }

async function seedTalents(page: Page, id: string): Promise<Seeded> {
  const token = await signInViaApi(page, accounts.user)
  const names = {
    maya: `Maya Patel ${id}`,
    oscar: `Oscar Lind ${id}`,
    jo: `Jo Recruiter ${id}`,
  }
  const mayaId = await createTalentViaApi(page, token, {
    fullName: names.maya,
    email: `maya.${id}@example.com`,
    areaOfInterest: 'Engineering',
    seniorityLevel: 'senior',
    notes: `Led the Python migration to Kubernetes for the payments team (ref ${id}).`,
    tags: ['High Potential'],
  })
  await createTalentViaApi(page, token, {
    fullName: names.oscar,
    email: `oscar.${id}@example.com`,
    areaOfInterest: 'Science',
    seniorityLevel: 'mid',
    notes: `Machine learning research in Python and Rust, ref ${id}. No relocation.`,
  })
  await createTalentViaApi(page, token, {
    fullName: names.jo,
    email: `jo.${id}@example.com`,
    areaOfInterest: 'Engineering',
    seniorityLevel: 'senior',
    notes: `Python recruiter turned engineer, ref ${id}.`,
    status: ['Hired'],
  })
  // A plain-text CV is read at once.
  const upload = await page.request.post(`/api/talents/${mayaId}/cv`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name: 'maya.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(
          `${names.maya}\nBuilt Kubernetes operators in Go.\nKubernetes certified.\n`,
        ),
      },
    },
  })
  expect(upload.status()).toBe(201)
  return names
}

function card(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true })
}

test('search with words, a phrase, an exclusion and a field chip; results say why they matched', async ({
  page,
}) => {
  const id = unique()
  const names = await seedTalents(page, id)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Grid view' }).click()
  const box = page.getByRole('searchbox', { name: 'Search talents' })

  // Words: every one must match, in any field; the list follows as the person types.
  await box.fill(`${id} python`)
  await expect(page).toHaveURL(new RegExp(`q=${id}`))
  await expect(page.getByRole('status').filter({ hasText: 'talents found' })).toHaveText(
    '3 talents found',
  )
  const maya = card(page, names.maya)
  await expect(maya).toBeVisible()
  await expect(card(page, names.oscar)).toBeVisible()
  await expect(card(page, names.jo)).toBeVisible()
  // Why it matched: the notes, with the word marked.
  await expect(maya.getByText(/^Notes:/)).toBeVisible()
  await expect(maya.locator('mark').filter({ hasText: /^Python$/ })).toBeVisible()

  // A phrase.
  await box.fill(`${id} "machine learning"`)
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('1 talent found')
  await expect(card(page, names.oscar)).toBeVisible()
  await expect(
    card(page, names.oscar).locator('mark').filter({ hasText: 'Machine learning' }),
  ).toBeVisible()
  await expect(maya).toHaveCount(0)

  // An exclusion.
  await box.fill(`${id} python -recruiter`)
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('2 talents found')
  await expect(card(page, names.jo)).toHaveCount(0)
  await expect(maya).toBeVisible()

  // A field term is a chip; removing it rewrites the search.
  await box.fill(`${id} level:senior`)
  await box.press('Enter')
  const chips = page.getByRole('list', { name: 'Search filters' })
  await expect(chips.getByText('Level: Senior')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('2 talents found')
  await expect(card(page, names.oscar)).toHaveCount(0)
  await chips.getByRole('button', { name: 'Remove Level: Senior' }).click()
  await expect(chips).toHaveCount(0)
  await expect(box).toHaveValue(new RegExp(`^${id}\\s*$`))
  await expect(page).not.toHaveURL(/level/)
  await expect(card(page, names.oscar)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('3 talents found')

  // The table shows the same reason in each row.
  await box.fill(`${id} kubernetes`)
  await page.getByRole('button', { name: 'List view' }).click()
  const row = page.getByRole('row', { name: `View ${names.maya}` })
  await expect(row.locator('mark').filter({ hasText: /^Kubernetes$/ })).toBeVisible()
  await expect(page.getByRole('row', { name: `View ${names.oscar}` })).toHaveCount(0)
})

test('quick search from the keyboard opens a talent, with its CV hits marked', async ({ page }) => {
  const id = unique()
  const names = await seedTalents(page, id)
  await page.goto('/dashboard/reports')
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible()

  // `/` while typing in a field is the person's character, not the shortcut.
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: 'Quick search' })
  await expect(dialog).toBeVisible()
  const input = dialog.getByRole('combobox', { name: 'Search talents' })
  await input.fill(`${id} kubernetes`)
  const results = dialog.getByRole('listbox', { name: 'Search results' })
  const option = results.getByRole('option', { name: new RegExp(names.maya) })
  await expect(option).toBeVisible()
  await expect(
    option
      .locator('mark')
      .filter({ hasText: /^Kubernetes$/ })
      .first(),
  ).toBeVisible()
  await expect(results.getByRole('option', { name: /See all results/ })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')

  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: names.maya })).toBeVisible()
  await expect(page).toHaveURL(/talent=\d+/)
  await expect(page).toHaveURL(new RegExp(`q=${id}`))
  // The CV tab marks every hit of the search the talent was opened from.
  await page.getByRole('tab', { name: 'CV' }).click()
  const cvText = page.getByRole('region', { name: 'CV text content' })
  await expect(cvText.locator('mark').filter({ hasText: /^Kubernetes$/ })).toHaveCount(2)
  // Its name (with the run's id) once, Kubernetes twice.
  await expect(page.getByText(`3 matches for “${id} kubernetes”`)).toBeVisible()

  // `/` opens it from the page, but not while typing in the dashboard's search box.
  await page.getByRole('button', { name: 'Back to List' }).click()
  const box = page.getByRole('searchbox', { name: 'Search talents' })
  await box.click()
  await box.press('End')
  await page.keyboard.type(' a/b')
  await expect(box).toHaveValue(new RegExp(`a/b$`))
  await expect(dialog).toHaveCount(0)
  await page.getByRole('heading', { name: 'Talent Dashboard' }).click()
  await page.keyboard.press('/')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Search talents' }).fill(`${id} rust`)
  await expect(dialog.getByRole('option', { name: new RegExp(names.oscar) })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?q=${id}\\+rust$`))
  await expect(page.getByRole('searchbox', { name: 'Search talents' })).toHaveValue(`${id} rust`)
})

test('a search saved as a shared view is in another account’s sidebar with its count, and opens by URL', async ({
  page,
}) => {
  const id = unique()
  const names = await seedTalents(page, id)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'List view' }).click()
  await page.getByRole('searchbox', { name: 'Search talents' }).fill(`${id} python`)
  await expect(page.getByRole('row', { name: `View ${names.jo}` })).toBeVisible()

  await page.getByRole('button', { name: 'Save view' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save view' })
  await dialog.getByLabel('Name').fill(`Pythonistas ${id}`)
  await dialog.getByRole('switch', { name: /Share with everyone/ }).click()
  await dialog.getByRole('button', { name: 'Save view' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/view=\d+/)
  const viewId = new URL(page.url()).searchParams.get('view') ?? ''
  await expect(page.getByRole('button', { name: `Saved view: Pythonistas ${id}` })).toBeVisible()

  // Another account sees it in the sidebar, with how many talents it finds.
  await signInViaApi(page, accounts.shellUser)
  await page.goto('/dashboard/reports')
  await page.getByRole('button', { name: 'Toggle navigation' }).click()
  const link = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: new RegExp(`Pythonistas ${id}`) })
  await expect(link).toContainText('3')
  await link.click()
  await expect(page.getByRole('searchbox', { name: 'Search talents' })).toHaveValue(`${id} python`)
  await expect(page.getByRole('row', { name: `View ${names.oscar}` })).toBeVisible()

  // Opened by its URL alone: the search comes back; only its owner may change it.
  await page.goto(`/dashboard?view=${viewId}`)
  await expect(page.getByRole('searchbox', { name: 'Search talents' })).toHaveValue(`${id} python`)
  await expect(page.getByRole('row', { name: `View ${names.maya}` })).toBeVisible()
  await page.getByRole('button', { name: `Saved view: Pythonistas ${id}` }).click()
  await expect(page.getByRole('menuitem', { name: 'Copy link' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Delete view' })).toHaveCount(0)
})
