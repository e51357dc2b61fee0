import { accounts } from './support/accounts.ts'
import { expect, signInViaApi, test } from './support/fixtures.ts'

type OpenApi = { paths: Record<string, Record<string, { summary: string }>> }

test('the API reference at /api/docs lists every route of /api/openapi.json', async ({ page }) => {
  await signInViaApi(page, accounts.user)
  const response = await page.request.get('/api/openapi.json')
  expect(response.status()).toBe(200)
  const doc = (await response.json()) as OpenApi
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  )
  expect(operations.length).toBeGreaterThan(30)

  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { level: 1, name: 'Scout API reference' })).toBeVisible()
  const routes = page.getByRole('navigation', { name: 'Routes' })
  for (const { name, op } of operations) {
    await expect(page.getByRole('heading', { level: 3, name, exact: true })).toBeAttached()
    await expect(
      routes
        .getByRole('listitem')
        .filter({ hasText: `${name} — ${op.summary}` })
        .getByRole('link', { name, exact: true }),
    ).toBeAttached()
  }
  // The table of contents leads to the route.
  await routes.getByRole('link', { name: 'GET /api/talents', exact: true }).click()
  await expect(
    page.getByRole('heading', { level: 3, name: 'GET /api/talents', exact: true }),
  ).toBeInViewport()
})

test('/api/docs is for signed-in users only', async ({ page }) => {
  const response = await page.request.get('/api/docs')
  expect(response.status()).toBe(401)
})
