import type { Page } from 'playwright-core'
import { BENCH_ACCOUNT } from './account.ts'
import { fetchedAt, lastClickAt, timeOf } from './page-probes.ts'

/**
 * The steps of bench:ui, each timed on the page's own clock (page-probes.ts): from the click the
 * page handled to the moment a predicate, polled every animation frame, saw the result on screen.
 */

export type Step = {
  /** Click → result on screen: what the person waits. */
  shownMs: number
  /** The step's API request started → result on screen. */
  requestToShownMs: number
  /** Click → that request's response fully arrived. */
  responseMs: number
}

const step = (click: number, shown: number, request: { startMs: number; endMs: number }) => ({
  shownMs: shown - click,
  requestToShownMs: shown - request.startMs,
  responseMs: request.endMs - click,
})

export async function openLoginForm(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' })
  await page.getByLabel('Email', { exact: true }).fill(BENCH_ACCOUNT.email)
  await page.getByLabel('Password', { exact: true }).fill(BENCH_ACCOUNT.password)
  // The first key starts the dashboard's code loading (login-page.tsx); a person is still typing
  // while it loads, so the click waits for it as a person would, not a fixed time.
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => entry.name.includes('/dashboard-page-')),
  )
  await page.waitForLoadState('networkidle')
}

/** Click 'Sign in' → the first talent card; `loginMs` is the sign-in response's end. */
export async function signInToFirstCards(page: Page): Promise<Step & { loginMs: number }> {
  await page.getByRole('button', { name: 'Sign in' }).click()
  const shown = await timeOf(
    await page.waitForFunction(
      () => (document.querySelector('[aria-label="Talents"] article') ? performance.now() : 0),
      undefined,
      { polling: 'raf' },
    ),
  )
  const click = await lastClickAt(page)
  const login = await fetchedAt(page, '/api/auth/login', click)
  return {
    ...step(click, shown, await fetchedAt(page, '/api/talents?', click)),
    loginMs: login.endMs - click,
  }
}

async function chooseArea(page: Page, option: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Area of Interest' }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Filters → Area of Interest `area` → Apply → every card shown is in that area. */
export async function applyAreaFilter(page: Page, area: string): Promise<Step> {
  await page.getByRole('button', { name: 'Filters' }).click()
  await chooseArea(page, area)
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click()
  const shown = await timeOf(
    await page.waitForFunction(
      (area) => {
        const fetched = performance
          .getEntriesByType('resource')
          .some((e) => e.name.includes(`areaOfInterest=${area}`))
        const cards = [...document.querySelectorAll('[aria-label="Talents"] article')]
        const ok = cards.length > 0 && cards.every((card) => card.textContent?.includes(area))
        return fetched && ok ? performance.now() : 0
      },
      area,
      { polling: 'raf' },
    ),
  )
  const click = await lastClickAt(page)
  return step(click, shown, await fetchedAt(page, `areaOfInterest=${area}`, click))
}

/**
 * Filters → every area again, type `term` in Search → Apply → every card shown contains the term
 * (search matches the name or e-mail, both on the card).
 */
/** The Filters dialog's Search box: the full-text `q` since it came (not `search=`). */
export async function searchFor(page: Page, term: string): Promise<Step> {
  await page.getByRole('button', { name: 'Filters' }).click()
  const dialog = page.getByRole('dialog')
  await chooseArea(page, 'All Areas')
  await dialog.getByLabel('Search', { exact: true }).fill(term)
  await dialog.getByRole('button', { name: 'Apply' }).click()
  const shown = await timeOf(
    await page.waitForFunction(
      (term) => {
        const fetched = performance
          .getEntriesByType('resource')
          .some((e) => e.name.includes(`q=${term}`) && !e.name.includes('areaOfInterest'))
        const cards = [...document.querySelectorAll('[aria-label="Talents"] article')]
        const ok =
          cards.length > 0 &&
          cards.every((card) => card.textContent?.toLowerCase().includes(term) ?? false)
        return fetched && ok ? performance.now() : 0
      },
      term,
      { polling: 'raf' },
    ),
  )
  const click = await lastClickAt(page)
  return step(click, shown, await fetchedAt(page, `q=${term}`, click))
}
