import type { Browser, Page } from 'playwright-core'
import { BENCH_ACCOUNT } from './account.ts'
import { installProbes } from './page-probes.ts'
import { openLoginForm, signInToFirstCards } from './ui-steps.ts'

/**
 * What a person waits for around signing in, measured from outside the page (decision 017): each
 * run in a fresh browser context, as someone who opens Scout for the first time today.
 */
export type SignInRun = {
  /** Navigation asked for (this process's clock) → the form drawn with a working Sign in button. */
  usableMs: number
  /** Email and password typed and Enter pressed at that moment: did it reach the dashboard? */
  enterAtOnceSignedIn: boolean
  /** That Enter → the first talent card (the app's code still arriving meanwhile). */
  enterAtOnceToCardMs: number
  /** Sign-in requests that Enter sent (one expected). */
  enterAtOnceRequests: number
  /** Typed at a person's pace, then 'Sign in' clicked → first talent card (bench:ui's measure). */
  clickToCardMs: number
  /** Signed in, /dashboard reloaded (navigation asked for) → first talent card. */
  reloadToCardMs: number
  loadAverage1m: number
}

type Check = 'form usable' | 'first card'

/**
 * The page's wall-clock time (ms since the epoch) at the first animation frame in which `check`
 * holds: the same clock as Date.now() here, so a span can start on this side.
 *
 * 'form usable': painted (the page's stylesheet has loaded and a frame has been painted since:
 * the stylesheet holds the first paint back) and its Sign in button enabled. With the boot script in the head a
 * drawn enabled button takes a submit (decision 017); the Enter that follows proves it each run.
 */
async function epochWhen(page: Page, check: Check): Promise<number> {
  const handle = await page.waitForFunction(
    (check) => {
      let holds = false
      if (check === 'first card') {
        holds = document.querySelector('[aria-label="Talents"] article') !== null
      } else {
        const button = [...document.querySelectorAll('button[type="submit"]')].find(
          (b) => b.textContent.trim() === 'Sign in',
        )
        holds =
          button instanceof HTMLButtonElement &&
          !button.disabled &&
          [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/')) &&
          performance.getEntriesByType('paint').length > 0
      }
      return holds ? performance.timeOrigin + performance.now() : 0
    },
    check,
    { polling: 'raf', timeout: 60_000 },
  )
  const value: unknown = await handle.jsonValue()
  if (typeof value !== 'number') throw new Error(`expected a time, got ${String(value)}`)
  return value
}

function countSignIns(page: Page): () => number {
  let count = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/auth/login')) count++
  })
  return () => count
}

/** Opens /login cold, times it until usable, then types and presses Enter at once. */
async function usableThenEnter(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    await installProbes(context)
    const page = await context.newPage()
    const signIns = countSignIns(page)
    const asked = Date.now()
    await page.goto(`${url}/login`, { waitUntil: 'commit' })
    const usableAt = await epochWhen(page, 'form usable')
    await page.getByLabel('Email', { exact: true }).fill(BENCH_ACCOUNT.email)
    await page.getByLabel('Password', { exact: true }).fill(BENCH_ACCOUNT.password)
    const pressed = Date.now()
    await page.getByLabel('Password', { exact: true }).press('Enter')
    let signedIn = true
    let cardAt = Number.NaN
    try {
      cardAt = await epochWhen(page, 'first card')
    } catch {
      signedIn = false // the Enter was lost: still on /login after a minute
    }
    return {
      usableMs: usableAt - asked,
      enterAtOnceSignedIn: signedIn,
      enterAtOnceToCardMs: cardAt - pressed,
      enterAtOnceRequests: signIns(),
    }
  } finally {
    await context.close()
  }
}

/** bench:ui's sign-in (typed at a person's pace, then a click), then a reload of /dashboard. */
async function clickThenReload(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    await installProbes(context)
    const page = await context.newPage()
    await openLoginForm(page, url)
    const signIn = await signInToFirstCards(page)
    await page.waitForLoadState('networkidle')
    const asked = Date.now()
    await page.reload({ waitUntil: 'commit' })
    const cardAt = await epochWhen(page, 'first card')
    return { clickToCardMs: signIn.shownMs, reloadToCardMs: cardAt - asked }
  } finally {
    await context.close()
  }
}

export async function signInRun(
  browser: Browser,
  url: string,
  loadAverage1m: () => number,
): Promise<SignInRun> {
  const first = await usableThenEnter(browser, url)
  const second = await clickThenReload(browser, url)
  return { ...first, ...second, loadAverage1m: loadAverage1m() }
}
