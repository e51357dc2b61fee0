import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { accounts } from './support/accounts.ts'
import {
  apiToken,
  createTalentViaApi,
  expect,
  newAccountViaApi,
  signInViaApi,
  test,
  unique,
} from './support/fixtures.ts'

// Reports. Other journeys add talents to the same database while this one runs, so
// pool-wide numbers are checked against what the talent list says at the same moment (retrying
// until a concurrent write settles); numbers that only this journey can change are exact.

/** X-Total-Count of GET /api/talents for a filter: the list's own count, not the report's. */
async function listTotal(request: APIRequestContext, token: string, filter = '') {
  const response = await request.get(`/api/talents?limit=1${filter}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status()).toBe(200)
  return Number(response.headers()['x-total-count'])
}

async function engagementTotals(request: APIRequestContext, token: string) {
  const response = await request.get('/api/reports/engagement', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { totals: { created: number } }
  return body.totals
}

const count = (n: number) => n.toLocaleString('en-US')

/** A report card (a region named by its title). */
const card = (page: Page, title: string) => page.getByRole('region', { name: title })

/** The chart of a report card: one image to assistive technology. */
const chart = (region: Locator, title: string) =>
  region.getByRole('img', { name: `${title} chart` })

/** The number in `column` of the table row whose header is `label` (the chart's text alternative). */
async function cellOf(region: Locator, label: string, column = 0): Promise<string> {
  const header = region.page().getByRole('rowheader', { name: label, exact: true })
  const row = region.getByRole('row').filter({ has: header })
  return (await row.getByRole('cell').nth(column).textContent()) ?? ''
}

test('each report tab shows the seeded talents in its charts and tables', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const id = unique()
  const adminToken = await apiToken(request, accounts.admin)
  const reporter = await newAccountViaApi(
    request,
    {
      email: `reporter.${id}@example.com`,
      firstName: 'Rae',
      lastName: `Ports${id}`,
    },
    'Blue-Kettle-Morning-77',
    adminToken,
  )
  const reporterName = `Rae Ports${id}`
  const tag = `Report ${id}`
  const createdBefore = (await engagementTotals(request, adminToken)).created

  const token = await signInViaApi(page, reporter)
  const seeds = [
    { name: 'Ada', level: 'exec', status: ['Open for Hiring'], flagged: true },
    { name: 'Ben', level: 'exec', status: ['Open for Hiring', 'Hired'], flagged: true },
    { name: 'Cy', level: 'junior', status: [], flagged: false },
    { name: 'Dee', level: 'mid', status: ['Hired'], flagged: false },
  ]
  const ids: Record<string, number> = {}
  for (const seed of seeds) {
    ids[seed.name] = await createTalentViaApi(page, token, {
      fullName: `${seed.name} Report ${id}`,
      email: `${seed.name.toLowerCase()}.${id}@example.com`,
      areaOfInterest: 'Law & Ethics',
      seniorityLevel: seed.level,
      status: seed.status,
      tags: seed.flagged ? [tag, 'Needs Updating'] : [tag],
    })
  }

  // Overview: the pool, by area, by level and by status, as the list counts them.
  await page.goto('/dashboard/reports')
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible()
  const growth = card(page, 'Pool size over time')
  // The chart itself draws (its legend), from the lazily loaded chunk.
  await expect(
    chart(growth, 'Pool size over time').getByText('Talents in the pool', { exact: true }),
  ).toBeVisible()
  await expect(async () => {
    await page.reload()
    const total = await listTotal(request, token)
    const summary = growth.getByText(new RegExp(`^${count(total)} talents in the pool;`))
    await expect(summary).toBeVisible({ timeout: 2_000 })
    const lastMonth = growth.getByRole('row').last()
    await expect(lastMonth.getByRole('cell').last()).toHaveText(count(total), { timeout: 2_000 })
    const law = await listTotal(request, token, '&areaOfInterest=Law%20%26%20Ethics')
    expect(await cellOf(card(page, 'Talents by area of interest'), 'Law & Ethics')).toBe(count(law))
    const exec = await listTotal(request, token, '&seniorityLevel=exec')
    expect(await cellOf(card(page, 'Talents by seniority level'), 'Exec')).toBe(count(exec))
    const open = await listTotal(request, token, '&status=Open%20for%20Hiring')
    expect(await cellOf(card(page, 'Talents by status'), 'Open for Hiring')).toBe(count(open))
    expect(law).toBeGreaterThanOrEqual(4)
    expect(exec).toBeGreaterThanOrEqual(2)
    expect(open).toBeGreaterThanOrEqual(2)
  }).toPass({ timeout: 30_000 })

  // The text alternative can be shown instead of the chart, and hidden again.
  const areas = card(page, 'Talents by area of interest')
  await areas.getByRole('button', { name: 'Show table' }).click()
  await expect(areas.getByRole('table', { name: 'Talents per area of interest' })).toBeVisible()
  await areas.getByRole('button', { name: 'Hide table' }).click()
  await expect(areas.getByRole('button', { name: 'Show table' })).toHaveAttribute(
    'aria-expanded',
    'false',
  )

  // Sources: only this journey's user adds for them, and only its talents carry its tag.
  await page.getByRole('tab', { name: 'Sources' }).click()
  await expect(page).toHaveURL(/\?tab=sources$/)
  const adders = card(page, 'Who adds talents')
  await expect(
    chart(adders, 'Who adds talents').getByText(reporterName, { exact: true }),
  ).toBeVisible()
  expect(await cellOf(adders, reporterName)).toBe('4')
  const tags = card(page, 'Most used tags')
  expect(await cellOf(tags, tag)).toBe('4')

  // Engagement: our four adds are in the activity log; the flagged two are listed with links.
  await page.getByRole('tab', { name: 'Engagement' }).click()
  const activity = card(page, 'Activity over time')
  await expect(
    chart(activity, 'Activity over time').getByText('Edited', { exact: true }),
  ).toBeVisible()
  await expect(async () => {
    await page.reload()
    const created = (await engagementTotals(request, token)).created
    expect(created).toBeGreaterThanOrEqual(createdBefore + 4)
    await expect(activity.getByText(new RegExp(`weeks: ${count(created)} added,`))).toBeVisible({
      timeout: 2_000,
    })
  }).toPass({ timeout: 30_000 })
  await expect(card(page, 'Not updated for 90+ days')).toContainText(
    'Every profile was updated in the last 90 days.',
  )
  // The same count as the dashboard's Needs Updating card.
  const flagged = card(page, "Tagged 'Needs Updating'")
  await expect(async () => {
    await page.reload()
    const stats = await request.get('/api/talents/stats', {
      headers: { Authorization: `Bearer ${token}` },
    })
    const { needsUpdating } = (await stats.json()) as { needsUpdating: number }
    expect(needsUpdating).toBeGreaterThanOrEqual(2)
    await expect(flagged.getByText(`${count(needsUpdating)} talents`, { exact: true })).toBeVisible(
      {
        timeout: 2_000,
      },
    )
  }).toPass({ timeout: 30_000 })
  const ada = flagged.getByRole('link', { name: new RegExp(`^Ada Report ${id}`) })
  await expect(ada).toHaveAttribute('href', `/dashboard?talent=${ids.Ada}`)
  await expect(flagged.getByRole('link', { name: new RegExp(`^Ben Report ${id}`) })).toBeVisible()
  await expect(flagged.getByRole('link', { name: new RegExp(`^Cy Report ${id}`) })).toHaveCount(0)
  await ada.click()
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?talent=${ids.Ada}$`))
  await expect(page.getByRole('heading', { name: `Ada Report ${id}` })).toBeVisible()
})

test('an empty state, not an error, where there is nothing to draw', async ({ page }) => {
  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard/reports?tab=engagement')
  await expect(page.getByRole('tab', { name: 'Engagement', selected: true })).toBeVisible()
  // Nobody can make a profile stale through the API: the journey database never has one.
  const stale = card(page, 'Not updated for 90+ days')
  await expect(stale.getByText('0 talents', { exact: true })).toBeVisible()
  await expect(stale.getByRole('link')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
})
