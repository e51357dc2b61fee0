import type { Locator, Page } from '@playwright/test'
import { accounts } from './support/accounts.ts'
import { createTalentViaApi, expect, signInViaApi, test, unique } from './support/fixtures.ts'

// The dashboard renders only the cards and rows near the window, however many pages
// infinite scroll has loaded. These journeys check what that must not break.

// Adding 120 talents through the API is most of each journey: on a loaded 2-core CI machine it
// alone came near the 30 s default (this journey timed out twice in CI), so they get 90 s.
test.slow()

const COUNT = 120
/** The oldest talents, whose order the journeys rely on. */
const ORDERED = 10

async function seedTalents(page: Page, id: string): Promise<void> {
  const token = await signInViaApi(page, accounts.admin)
  const numbers = Array.from({ length: COUNT }, (_, i) => String(i + 1).padStart(3, '0'))
  const create = (n: string) =>
    createTalentViaApi(page, token, {
      fullName: `Window ${id} ${n}`,
      email: `window.${id}.${n}@example.com`,
      areaOfInterest: 'Science',
      seniorityLevel: 'mid',
    })
  // The journeys walk the oldest talents in order, so those are added one after another; talents
  // added in one parallel batch have no fixed order among themselves.
  const [first, rest] = [numbers.slice(0, ORDERED), numbers.slice(ORDERED)]
  for (const n of first) await create(n)
  for (let i = 0; i < rest.length; i += 10) await Promise.all(rest.slice(i, i + 10).map(create))
}

/**
 * Jumps to the bottom until every talent is loaded (each jump brings the next page near), then
 * until `last` (and each of `alsoInView`) is in view at once: rows measured after a jump can
 * still grow the page below it, later on a loaded machine.
 */
async function loadAll(page: Page, last: Locator, ...alsoInView: Locator[]): Promise<void> {
  const all = page.getByText(`Showing ${COUNT} of ${COUNT} talents`)
  await expect(async () => {
    await page.keyboard.press('End')
    await expect(all).toBeVisible({ timeout: 1_000 })
  }).toPass()
  await expect(async () => {
    await page.keyboard.press('End')
    await expect(last).toBeInViewport({ timeout: 1_000 })
    for (const other of alsoInView) await expect(other).toBeInViewport({ timeout: 1_000 })
  }).toPass()
}

test('a long card grid loads page after page, shows every card in place and keeps focus', async ({
  page,
}) => {
  const id = unique()
  await seedTalents(page, id)
  await page.goto(`/dashboard?search=${id}`)
  await page.getByRole('button', { name: 'Grid view' }).click()
  const list = page.getByRole('list', { name: 'Talents' })
  const card = (n: string) => list.getByRole('article', { name: `Window ${id} ${n}` })
  await expect(card('120')).toBeVisible()
  await expect(page.getByText(`Showing 50 of ${COUNT} talents`)).toBeVisible()

  // The oldest talent is the last card: it shows at the bottom, with no gap left above it.
  await loadAll(page, card('001'), card('002'))
  // Far fewer cards than loaded are in the page.
  expect(await list.getByRole('article').count()).toBeLessThan(50)

  // A card holding keyboard focus stays focused when the page scrolls far away from it.
  const oldest = page.getByRole('button', { name: `Window ${id} 001`, exact: true })
  await oldest.focus()
  await page.evaluate(() => window.scrollTo({ top: 0 }))
  await expect(card('120')).toBeInViewport()
  await expect(oldest).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: `Edit Window ${id} 001` })).toBeFocused()

  // Opening a card from deep in the list and going back shows the list where it was.
  await loadAll(page, card('001'))
  await card('001').click()
  await expect(page.getByRole('heading', { name: `Window ${id} 001` })).toBeVisible()
  await page.getByRole('button', { name: 'Back to List' }).click()
  await expect(card('001')).toBeInViewport()
})

test('a long table keeps its rows in order and reachable by keyboard', async ({ page }) => {
  const id = unique()
  await seedTalents(page, id)
  await page.goto(`/dashboard?search=${id}`)
  await page.getByRole('button', { name: 'List view' }).click()
  const table = page.getByRole('table', { name: 'Talents' })
  const row = (n: string) => table.getByRole('row', { name: `View Window ${id} ${n}` })
  await expect(row('120')).toBeVisible()

  // The oldest rows, in order, at the bottom.
  await loadAll(page, row('001'), row('002'))
  expect(await table.getByRole('row').count()).toBeLessThan(60)

  // Shift+Tab walks up the rows one by one, each rendered as focus reaches it. A row's stops are
  // the row itself, its selection checkbox, Edit and Delete.
  await page.getByRole('button', { name: `Edit Window ${id} 001` }).focus()
  await page.keyboard.press('Shift+Tab')
  await expect(table.getByRole('checkbox', { name: `Select Window ${id} 001` })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(row('001')).toBeFocused()
  for (const n of ['002', '003']) {
    for (let stop = 0; stop < 4; stop++) await page.keyboard.press('Shift+Tab')
    await expect(row(n)).toBeFocused()
  }
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: `Window ${id} 003` })).toBeVisible()
})
