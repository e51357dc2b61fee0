import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import { accounts, type E2eAccount } from './accounts.ts'

/** Signs in through the API (fast) and stores the token the way the login screen does. */
export async function signInViaApi(page: Page, account: E2eAccount): Promise<string> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  })
  expect(response.status()).toBe(200)
  const body: unknown = await response.json()
  const token = typeof body === 'object' && body && 'token' in body ? String(body.token) : ''
  await page.goto('/login')
  await page.evaluate((value) => localStorage.setItem('authToken', value), token)
  return token
}

export type TalentSeed = {
  fullName: string
  email: string
  areaOfInterest: string
  seniorityLevel: string
  phone?: string
  linkedinUrl?: string
  notes?: string
  tags?: string[]
  status?: string[]
}

/** Adds a talent through the API as the holder of `token`; returns its id. */
export async function createTalentViaApi(page: Page, token: string, talent: TalentSeed) {
  const response = await page.request.post('/api/talents', {
    data: talent,
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status()).toBe(201)
  const body: unknown = await response.json()
  return typeof body === 'object' && body && 'id' in body ? Number(body.id) : 0
}

/** A suffix that keeps one run's rows apart from another test's in the shared database. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** Signs in through the real login form. */
export async function signInViaForm(page: Page, account: E2eAccount): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * The single toast region (spec section 9: one toast at a time). While a modal dialog is open the
 * rest of the page, toasts included, is aria-hidden, so the lookup includes hidden elements; the
 * assertions still check that the toast is visible on screen.
 */
export function toast(page: Page) {
  return page
    .getByRole('region', { name: /notifications/i, includeHidden: true })
    .getByRole('status', { includeHidden: true })
}

/**
 * Every toast text the page shows from now on, in order, read back with `shownToasts`. A toast
 * stays 5 s (spec section 9); on a slowed CPU the page can be busy for most of that, so a journey
 * that slows the CPU asks what was shown rather than racing the toast's timer.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = []
    Object.assign(window, { __shownToasts: shown })
    const seen = new WeakSet<Element>()
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="region"] [role="status"]')) {
        if (seen.has(status) || !status.textContent) continue
        seen.add(status)
        shown.push(status.textContent)
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
}

export function shownToasts(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { __shownToasts?: string[] }).__shownToasts ?? [],
  )
}

/**
 * Chromium's own line for a response with an error status or an aborted request. Journeys provoke
 * these on purpose (a 401 after sign-out, a 409 on a stale edit, a routed 500/503, an aborted
 * logout) and assert the message the app shows for them, so the line itself is no failure; an
 * unhandled failure still shows as a page error or a wrong screen. Every other console error fails.
 */
const NETWORK_STATUS_LINE = /^Failed to load resource: /

/**
 * Asks the page for `prefers-reduced-transparency: reduce`, which Playwright's options do not
 * offer, through the DevTools protocol (with the reduced motion the config sets, which the same
 * call would otherwise reset).
 */
export async function emulateReducedTransparency(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page)
  await session.send('Emulation.setEmulatedMedia', {
    features: [
      { name: 'prefers-reduced-transparency', value: 'reduce' },
      { name: 'prefers-reduced-motion', value: 'reduce' },
    ],
  })
}

/**
 * Every journey fails on a console error, an uncaught page error or a
 * Content-Security-Policy violation (zod's eval probe was one on every page).
 */
export const test = base.extend<{ quietConsole: undefined; reducedTransparency: boolean }>({
  // The system setting "reduce transparency", which the app honours (styles.css): no surface is
  // blurred. The journeys ask for it: drawing the blurs in software took a third of the browser's
  // time (docs/decisions/009-test-run-time.md). The accessibility audit turns it off, to check
  // what most people see.
  reducedTransparency: [true, { option: true }],
  // (Not named `use`: the React hooks lint rule reads a call to it in a `page` as a hook.)
  page: async ({ page, reducedTransparency }, provide) => {
    if (reducedTransparency) await emulateReducedTransparency(page)
    await provide(page)
  },
  quietConsole: [
    async ({ page }, use) => {
      const problems: string[] = []
      // Chromium reports a caught violation as an issue, not a console error: say it aloud.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          // eslint-disable-next-line no-console -- runs in the page, where the listener above hears it
          console.error(
            `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
          )
        })
      })
      page.on('console', (message) => {
        if (message.type() !== 'error' || NETWORK_STATUS_LINE.test(message.text())) return
        problems.push(`console error: ${message.text()}`)
      })
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
      await use(undefined)
      expect(problems, 'console errors and CSP violations').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

export type InvitedUser = { id: number; email: string; tempPassword: string }

/**
 * Invites a user through POST /api/invite as the admin holding `adminToken`. Without SMTP in the
 * journeys the answer carries the temporary password (spec section 7).
 */
export async function inviteUserViaApi(
  request: APIRequestContext,
  adminToken: string,
  invite: { email: string; firstName?: string; lastName?: string; role?: 'admin' | 'user' },
): Promise<InvitedUser> {
  const response = await request.post('/api/invite', {
    data: { firstName: 'Invited', lastName: 'Person', role: 'user', ...invite },
    headers: { Authorization: `Bearer ${adminToken}` },
  })
  expect(response.status()).toBe(201)
  const body = (await response.json()) as { user: { id: number }; tempPassword?: string }
  expect(body.tempPassword).toBeTruthy()
  return { id: body.user.id, email: invite.email, tempPassword: body.tempPassword ?? '' }
}

/**
 * Signs an invited user in with the temporary password and sets `newPassword` through the API,
 * so the account can use the dashboard. Returns the account with its new password.
 */
export async function settleInvitedUser(
  request: APIRequestContext,
  invited: InvitedUser,
  newPassword: string,
): Promise<E2eAccount> {
  const login = await request.post('/api/auth/login', {
    data: { email: invited.email, password: invited.tempPassword },
  })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const change = await request.post('/api/auth/change-password', {
    data: { newPassword },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(change.status()).toBe(200)
  return {
    email: invited.email,
    password: newPassword,
    firstName: 'Invited',
    lastName: 'Person',
    role: 'user',
    mustChangePassword: false,
    isActive: true,
  }
}

/**
 * A new account ready to use the dashboard: invited by the seeded admin, signed in once with the
 * temporary password and given `password`. Carries the user's id for tests that act on it;
 * a test that holds the admin's token already passes it (each sign-in hashes, slowly).
 */
export async function newAccountViaApi(
  request: APIRequestContext,
  invite: { email: string; firstName?: string; lastName?: string; role?: 'admin' | 'user' },
  password: string,
  adminToken?: string,
): Promise<E2eAccount & { id: number }> {
  adminToken ??= await apiToken(request, accounts.admin)
  const invited = await inviteUserViaApi(request, adminToken, invite)
  return { ...(await settleInvitedUser(request, invited, password)), id: invited.id }
}

/** Opens a talent's profile from the dashboard, found by `search`, by its name on the card. */
export async function openTalent(page: Page, search: string, name: string): Promise<void> {
  await page.goto(`/dashboard?search=${search}`)
  await page.getByRole('button', { name: 'Grid view' }).click()
  await page.getByRole('button', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name })).toBeVisible()
}

/** Picks `option` in the combobox labelled `combobox`. */
export async function chooseOption(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Signs in through the API without a page (for a token to call the API with). */
export async function apiToken(request: APIRequestContext, account: E2eAccount): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  })
  expect(response.status()).toBe(200)
  const { token } = (await response.json()) as { token: string }
  return token
}

/**
 * Holds every request matching `pattern` until the returned function is called: the page as a
 * slow network or server shows it, for as long as a test needs, with no timing to race.
 */
export async function holdRequests(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** The app's own scripts: every built script but /login's boot script (boot-after-paint.ts). */
export const APP_SCRIPTS = /\/assets\/(?!boot-)[^/]+\.js$/

/** The sign-in requests (POST /api/auth/login) the page sends from now on, kept up to date. */
export function signInRequests(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/login') {
      sent.push(request.postData() ?? '')
    }
  })
  return sent
}

/** The paths of the scripts the page asks for from now on, in order, kept up to date. */
export function scriptRequests(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  return scripts
}
