import type { Page } from '@playwright/test'
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

/**
 * Security rule 20: text people type is stored as they typed it and rendered as text. Payloads go
 * into every text field of a talent, a user and a tag through the API; every screen that shows
 * them must show the characters literally and run none of them.
 */

// Each payload sets window.__xss if it ever runs (tag names: at most 50 characters).
const PAYLOADS = {
  img: '<img src=x onerror=window.__xss=1>',
  script: '<script>window.__xss=2</script>',
  svg: '"><svg onload=window.__xss=3>',
  anchor: '<a href="javascript:window.__xss=4">x</a>',
  template: "{{constructor.constructor('window.__xss=5')()}}",
  iframe: '<iframe srcdoc="<script>parent.__xss=6</script>">',
} as const

/** Fails the test when a payload ran: a flag, a dialog, or an injected element. */
async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
  await expect(
    page.locator('img[src="x"], svg[onload], iframe[srcdoc], script:not([src])'),
  ).toHaveCount(0)
}

function watchForDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return dialogs
}

test('security rule 20: stored XSS in talent, user and tag fields renders as text everywhere', async ({
  page,
  request,
}) => {
  test.slow()
  const run = unique()
  const dialogs = watchForDialogs(page)

  // A user whose names are payloads adds the talent, so "Added By" shows them too.
  const writer = await newAccountViaApi(
    request,
    {
      email: `xss.${run}@example.com`,
      firstName: PAYLOADS.img,
      lastName: PAYLOADS.script,
    },
    'Blue-Kettle-Morning-77',
  )
  const writerToken = await apiToken(request, writer)
  const tagResponse = await request.post('/api/tags', {
    data: { name: `${PAYLOADS.svg} ${run}` },
    headers: { Authorization: `Bearer ${writerToken}` },
  })
  expect(tagResponse.status()).toBe(201)
  const tagName = `${PAYLOADS.svg} ${run}`
  const fullName = `Xss ${run} ${PAYLOADS.img}`
  const notes = Object.values(PAYLOADS).join('\n')
  const phone = PAYLOADS.anchor
  const id = await createTalentViaApi(page, writerToken, {
    fullName,
    email: `xss.talent.${run}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
    phone,
    linkedinUrl: `https://example.com/in/x?q="><img src=x onerror=window.__xss=7>`,
    notes,
    tags: [tagName, PAYLOADS.template.slice(0, 50)],
  })
  expect(id).toBeGreaterThan(0)

  await signInViaApi(page, accounts.admin)

  // Dashboard, table view: name, contact and the adder's names as text.
  await page.goto(`/dashboard?search=${run}`)
  await page.getByRole('button', { name: 'List view' }).click()
  const table = page.getByRole('table', { name: 'Talents' })
  await expect(table.getByText(fullName, { exact: true })).toBeVisible()
  await expect(table.getByText(new RegExp(escape(PAYLOADS.img)))).not.toHaveCount(0)
  await expectNothingRan(page)

  // Cards.
  await page.getByRole('button', { name: 'Grid view' }).click()
  const card = page.getByRole('article', { name: fullName })
  await expect(card.getByRole('heading', { name: fullName })).toBeVisible()
  await expect(card.getByText(phone, { exact: true })).toBeVisible()
  await expect(card.getByText(`Added by ${PAYLOADS.img}`)).toBeVisible()
  await expectNothingRan(page)

  // The filters dialog lists the tag and the adder by name.
  await page
    .getByRole('button', { name: /filters/i })
    .first()
    .click()
  const filters = page.getByRole('dialog')
  await expect(filters).toBeVisible()
  await expectNothingRan(page)
  await page.keyboard.press('Escape')

  // Detail: every field, the notes tab, the link stays a plain https link.
  await card.getByRole('button', { name: fullName, exact: true }).click()
  await expect(page.getByRole('heading', { name: fullName })).toBeVisible()
  await expect(page.getByText(tagName, { exact: true })).toBeVisible()
  await expect(page.getByText(phone, { exact: true }).first()).toBeVisible()
  const linkedin = page.getByRole('link', { name: 'View Profile' })
  await expect(linkedin).toHaveAttribute('href', /^https:\/\/example\.com\//)
  await expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer')
  await page.getByRole('tab', { name: 'Notes' }).click()
  for (const line of Object.values(PAYLOADS)) {
    await expect(page.getByText(line, { exact: false }).first()).toBeVisible()
  }
  await expectNothingRan(page)

  // Users page: the invited user's names.
  await page.goto('/dashboard/users')
  await expect(page.getByText(PAYLOADS.img, { exact: false }).first()).toBeVisible()
  await expect(page.getByText(PAYLOADS.script, { exact: false }).first()).toBeVisible()
  await expectNothingRan(page)

  // Tags page: the tag name.
  await page.goto('/dashboard/tags')
  await expect(page.getByText(tagName, { exact: true })).toBeVisible()
  await expectNothingRan(page)

  // The writer's own name in the account menu.
  await signInViaApi(page, writer)
  await page.goto('/dashboard')
  await expect(page.getByText(PAYLOADS.img, { exact: false }).first()).toBeAttached()
  await expectNothingRan(page)

  expect(dialogs).toEqual([])
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
