import { accounts } from './support/accounts.ts'
import {
  emulateReducedTransparency,
  expect,
  signInViaApi,
  test,
  toast,
} from './support/fixtures.ts'

test('the side panel is hidden by default and shows the four links when toggled', async ({
  page,
}) => {
  await signInViaApi(page, accounts.shellUser)
  await page.goto('/dashboard')
  const nav = page.getByRole('navigation')
  await expect(nav.getByRole('link', { name: 'Talent Dashboard' })).toBeHidden()

  await page.getByRole('button', { name: 'Toggle navigation' }).click()
  for (const name of ['Talent Dashboard', 'Users', 'Reports', 'Settings']) {
    await expect(nav.getByRole('link', { name })).toBeVisible()
  }
  await nav.getByRole('link', { name: 'Reports' }).click()
  await expect(page).toHaveURL(/\/dashboard\/reports$/)
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
})

test('the account menu shows who is signed in and links to Settings', async ({ page }) => {
  await signInViaApi(page, accounts.shellUser)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Account' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByText(accounts.shellUser.email)).toBeVisible()
  await expect(menu.getByText('Signed in')).toBeVisible()
  await menu.getByRole('menuitem', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/dashboard\/settings$/)
})

test('the theme choice persists across a reload; dark is always on', async ({ page }) => {
  await signInViaApi(page, accounts.shellUser)
  await page.goto('/dashboard')
  const html = page.locator('html')
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(html).toHaveClass(/theme-dusk/)

  await page.getByRole('button', { name: 'Theme' }).click()
  await page.getByRole('menuitemradio', { name: 'Midnight' }).click()
  await expect(html).toHaveClass(/theme-midnight/)
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('midnight')

  await page.reload()
  await expect(html).toHaveClass(/theme-midnight/)
  await expect(html).toHaveClass(/\bdark\b/)
})

test('an unknown stored theme falls back to dusk', async ({ page }) => {
  await page.goto('/login')
  await page.evaluate(() => localStorage.setItem('theme', 'neon'))
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/theme-dusk/)
})

test('logout ends the session and lands on /login', async ({ page }) => {
  await signInViaApi(page, accounts.logoutUser)
  await page.goto('/dashboard')
  const token = await page.evaluate(() => localStorage.getItem('authToken'))

  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(toast(page).getByText('Logged out successfully')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('auth_user'))).toBeNull()

  // The server ended the session: the old token no longer works.
  const me = await page.request.get('/api/auth/me', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(me.status()).toBe(401)
})

test('logout still lands on /login when the server call fails', async ({ page }) => {
  await signInViaApi(page, accounts.shellUser)
  await page.goto('/dashboard')
  await page.route('**/api/auth/logout', (route) => route.abort())
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the shell fits, the panel opens over the page, and scroll-to-top appears past 300 px', async ({
    page,
  }) => {
    await signInViaApi(page, accounts.shellUser)
    await page.goto('/dashboard')
    await expect(page.getByRole('banner').getByText('Scout')).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    )
    expect(overflow).toBe(false)

    await page.getByRole('button', { name: 'Toggle navigation' }).click()
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Settings' })).toBeVisible()
    // The panel's backdrop covers the floating buttons too: a tap there closes the panel.
    const addTalent = await page.getByRole('button', { name: 'Add talent' }).boundingBox()
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.ariaLabel ?? 'the backdrop',
      { x: (addTalent?.x ?? 0) + 28, y: (addTalent?.y ?? 0) + 28 },
    )
    expect(onTop).toBe('the backdrop')
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click()
    await expect(page).toHaveURL(/\/dashboard\/settings$/)

    // Make the page tall enough to scroll, then cross the 300 px threshold (spec section 9).
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px'
    })
    const scrollTop = page.getByRole('button', { name: 'Scroll to top' })
    await page.evaluate(() => window.scrollTo(0, 200))
    await expect(scrollTop).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 600))
    await expect(scrollTop).toBeVisible()
    await scrollTop.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })
})

test.describe('the system asks for less transparency', () => {
  // This journey switches the setting itself (the fixture turns it on for the others).
  test.use({ reducedTransparency: false })

  test('the top bar stops blurring what is behind it and turns opaque', async ({ page }) => {
    await signInViaApi(page, accounts.shellUser)
    await page.goto('/dashboard')
    const header = page.getByRole('banner')
    const look = () =>
      header.evaluate((element) => {
        const style = getComputedStyle(element)
        return { blur: style.backdropFilter, background: style.backgroundColor }
      })
    // Glass: blurred behind, and a colour with an alpha ("oklab(… / 0.85)"). Polled: the banner
    // drawn in the HTML is replaced when the app takes the frame over, and a detached element has
    // no computed style.
    await expect.poll(look).toEqual({
      blur: expect.stringMatching(/^blur\(/) as unknown,
      background: expect.stringMatching(/\/ 0\.\d+\)$/) as unknown,
    })

    await emulateReducedTransparency(page)
    await expect
      .poll(look)
      .toEqual({ blur: 'none', background: expect.not.stringMatching(/\//) as unknown })
  })
})
