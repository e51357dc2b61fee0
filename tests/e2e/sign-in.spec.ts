import { accounts } from './support/accounts.ts'
import {
  APP_SCRIPTS,
  apiToken,
  expect,
  holdRequests,
  recordToasts,
  shownToasts,
  inviteUserViaApi,
  scriptRequests,
  signInViaApi,
  signInRequests,
  signInViaForm,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

test('a person signs in and lands on the dashboard with a welcome toast', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Scout' })).toBeVisible()
  await expect(page.getByText('Talent Pool Management')).toBeVisible()
  await expect(page.getByPlaceholder('Enter your email')).toBeVisible()
  await expect(page.getByPlaceholder('Enter your password')).toBeVisible()

  await signInViaForm(page, accounts.user)

  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(toast(page).getByText('Login successful!')).toBeVisible()
  await expect(toast(page).getByText('Welcome to Scout')).toBeVisible()
  await expect(page.getByRole('banner').getByText('Scout')).toBeVisible()
  const token = await page.evaluate(() => localStorage.getItem('authToken'))
  expect(token).toBeTruthy()
})

test('the sign-in screen is drawn before its code runs, and keeps what was typed meanwhile', async ({
  page,
}) => {
  // Hold the app's scripts until the person has typed: what a slow phone shows while the code loads.
  const scripts = scriptRequests(page)
  const release = await holdRequests(page, APP_SCRIPTS)
  // Module scripts hold DOMContentLoaded back: wait only for the page to arrive.
  await page.goto('/login', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { name: 'Scout' })).toBeVisible()
  // The boot script takes a submit until the app runs (decision 017): the button works at once.
  const signIn = page.getByRole('button', { name: 'Sign in' })
  await expect(signIn).toBeEnabled()
  await page.getByLabel('Email').fill(accounts.user.email)
  await page.getByLabel('Password').fill(accounts.user.password)
  release()
  // React takes over the same fields: the typing is still there.
  await expect.poll(() => scripts.some((path) => path.includes('/dashboard-page-'))).toBe(true)
  await expect(page.getByLabel('Email')).toHaveValue(accounts.user.email)
  await signIn.click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(toast(page).getByText('Login successful!')).toBeVisible()
})

test('decision 017: /login runs one small script before its first paint, and the app after it', async ({
  page,
}) => {
  // A phone's first paint waits on every script in the head: /login names one small one.
  const scripts = scriptRequests(page)
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.goto('/login', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { name: 'Scout' })).toBeVisible()
  expect(scripts[0]).toMatch(/^\/assets\/boot-[\w-]+\.js$/)
  release()
  // Once the screen has painted, the app loads and takes it over.
  await expect.poll(() => scripts.length).toBeGreaterThan(1)
  await page.waitForLoadState('networkidle')
})

test('decision 017: on a 6× slowed CPU, a sign-in typed and sent the moment the form shows lands on the dashboard', async ({
  page,
}) => {
  const sent = signInRequests(page)
  await recordToasts(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  await page.goto('/login', { waitUntil: 'commit' })
  const email = page.getByLabel('Email')
  await email.waitFor()
  // No wait for the app: the person types and presses Enter as soon as the fields are there.
  await email.fill(accounts.user.email)
  await page.getByLabel('Password').fill(accounts.user.password)
  await page.getByLabel('Password').press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect
    .poll(() => shownToasts(page))
    .toContainEqual(expect.stringMatching(/Login successful!.*Welcome to Scout/))
  await expect(page.getByRole('banner').getByText('Scout')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy()
  expect(await page.evaluate(() => localStorage.getItem('auth_user'))).toContain(
    accounts.user.email,
  )
  expect(sent).toHaveLength(1)
})

test('decision 017: a double Enter and a double click before the app runs send one sign-in request', async ({
  page,
}) => {
  const sent = signInRequests(page)
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.goto('/login', { waitUntil: 'commit' })
  await page.getByLabel('Email').fill(accounts.user.email)
  await page.getByLabel('Password').fill(accounts.user.password)
  await page.getByLabel('Password').press('Enter')
  await page.getByLabel('Password').press('Enter')
  await page.getByRole('button', { name: 'Sign in' }).dblclick()
  await expect.poll(() => sent.length).toBe(1)
  release()
  // The app finishes the sign-in the boot script sent: its toast, its redirect, no second request.
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(toast(page).getByText('Login successful!')).toBeVisible()
  expect(sent).toHaveLength(1)
})

test('a double click and a double Enter once the app runs send one sign-in request', async ({
  page,
}) => {
  const sent = signInRequests(page)
  await page.goto('/login')
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email').fill(accounts.user.email)
  await page.getByLabel('Password').fill(accounts.user.password)
  await page.getByLabel('Password').press('Enter')
  await page.getByLabel('Password').press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)
  expect(sent).toHaveLength(1)
})

test("decision 017: a wrong password sent before the app runs shows the app's Login failed toast", async ({
  page,
}) => {
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.goto('/login', { waitUntil: 'commit' })
  await page.getByLabel('Email').fill(accounts.user.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByLabel('Password').press('Enter')
  release()
  await expect(toast(page).getByText('Login failed')).toBeVisible()
  await expect(toast(page).getByText('Invalid email or password')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  // The app has the form now: a second try signs in.
  await page.getByLabel('Password').fill(accounts.user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('decision 017: an empty field before the app runs shows Missing credentials and sends nothing', async ({
  page,
}) => {
  const sent = signInRequests(page)
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.goto('/login', { waitUntil: 'commit' })
  await page.getByLabel('Email').fill(accounts.user.email)
  await page.getByLabel('Email').press('Enter')
  release()
  await expect(toast(page).getByText('Missing credentials')).toBeVisible()
  await expect(toast(page).getByText('Please enter both email and password')).toBeVisible()
  expect(sent).toEqual([])
})

test('decision 017: a password change due at sign-in, sent before the app runs, goes to the change screen', async ({
  page,
}) => {
  const invited = await inviteUserViaApi(
    page.request,
    await apiToken(page.request, accounts.admin),
    {
      email: `early-${unique()}@scout.test`,
    },
  )
  const talents: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/talents')) talents.push(request.url())
  })
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.goto('/login', { waitUntil: 'commit' })
  await page.getByLabel('Email').fill(invited.email)
  await page.getByLabel('Password').fill(invited.tempPassword)
  await page.getByLabel('Password').press('Enter')
  release()
  await expect(page).toHaveURL(/\/change-password$/)
  // No dashboard data for someone who may not see it yet.
  expect(talents).toEqual([])
})

test('a cold open of /dashboard loads its code beside the session check, its data after it', async ({
  page,
}) => {
  await signInViaApi(page, accounts.user)
  const scripts = scriptRequests(page)
  const talentRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/talents') talentRequests.push(request.url())
  })
  // A reload or a shared link: the session check is held, as on a slow network.
  const release = await holdRequests(page, '**/api/auth/me')
  await page.goto('/dashboard', { waitUntil: 'commit' })
  await expect.poll(() => scripts.some((path) => path.includes('/dashboard-page-'))).toBe(true)
  // No data before the server has said the session is good.
  expect(talentRequests).toEqual([])
  release()
  await expect(page.getByRole('searchbox', { name: 'Search talents' })).toBeVisible()
  await expect.poll(() => talentRequests.length).toBeGreaterThan(0)
})

test('a cold open of /dashboard paints its frame from the HTML, then the app takes it over', async ({
  page,
}) => {
  test.slow() // a CPU slowed 6×, below
  await signInViaApi(page, accounts.user)
  // Off /login first: its boot script loads the app after its first paint, which could otherwise
  // land among this page's requests.
  await page.goto('/api/health')
  // A slowed phone, as Lighthouse's: the session check answers while React is still taking over
  // the frame, which must not make its first render differ from the server's (a console error).
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  const scripts = scriptRequests(page)
  const release = await holdRequests(page, '**/assets/boot-*.js')
  await page.goto('/dashboard', { waitUntil: 'commit' })
  // Drawn by the server before any script has run: the heading and the spinner of the session check.
  await expect(page.getByRole('heading', { name: 'Talent Dashboard' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible()
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)])
  release()
  // The app takes the frame over (a hydration mismatch would be a console error) and draws the page.
  // On a CPU slowed 6× the app's code runs six times longer than a journey's usual wait allows.
  await expect(page.getByRole('searchbox', { name: 'Search talents' })).toBeVisible({
    timeout: 40_000,
  })
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Talent Dashboard' })).toHaveCount(1)
})

test('a session cookie without a stored sign-in drops the frame and goes to /login', async ({
  page,
}) => {
  await signInViaApi(page, accounts.user)
  await page.goto('/api/health')
  await page.evaluate(() => localStorage.clear())
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  await expect(page.getByRole('heading', { name: 'Talent Dashboard' })).toHaveCount(0)
})

test('the button reads Signing in... and is disabled while the request runs', async ({ page }) => {
  // Hold the request until the pending state has been checked: a fixed delay races a busy machine.
  const release = await holdRequests(page, '**/api/auth/login')
  await page.goto('/login')
  await page.getByLabel('Email').fill(accounts.user.email)
  await page.getByLabel('Password').fill(accounts.user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  const pending = page.getByRole('button', { name: 'Signing in...' })
  await expect(pending).toBeVisible()
  await expect(pending).toBeDisabled()
  release()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test("the login screen fetches the dashboard's code once the person starts typing, not before", async ({
  page,
}) => {
  // On a slow phone, evaluating that code at load was most of the login screen's blocking time.
  const scripts = scriptRequests(page)
  const dashboardCode = () => scripts.some((path) => path.includes('/dashboard-page-'))
  await page.goto('/login')
  await expect(page.getByPlaceholder('Enter your email')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(dashboardCode()).toBe(false)
  await page.getByLabel('Email').fill(accounts.user.email)
  await expect.poll(dashboardCode).toBe(true)
})

test('a wrong password shows Login failed with the server message', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(accounts.user.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(toast(page).getByText('Login failed')).toBeVisible()
  await expect(toast(page).getByText('Invalid email or password')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test('an inactive account cannot sign in', async ({ page }) => {
  await signInViaForm(page, accounts.inactive)
  await expect(toast(page).getByText('Login failed')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test('missing fields show Missing credentials and send no request', async ({ page }) => {
  const loginCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/login')) loginCalls.push(request.url())
  })
  await page.goto('/login')
  await page.getByLabel('Email').fill(accounts.user.email)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(toast(page).getByText('Missing credentials')).toBeVisible()
  await expect(toast(page).getByText('Please enter both email and password')).toBeVisible()
  expect(loginCalls).toEqual([])
})
