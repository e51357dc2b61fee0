import type { Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { accounts } from './support/accounts.ts'
import {
  apiToken,
  createTalentViaApi,
  expect,
  inviteUserViaApi,
  newAccountViaApi,
  signInViaApi,
  signInViaForm,
  test,
  unique,
} from './support/fixtures.ts'
import { runAxe } from './support/axe.ts'

/**
 * Every screen, in both themes, has no serious or critical WCAG 2 A/AA violation (axe),
 * and no screen trips the Content Security Policy (security rule 25).
 */

const THEMES = ['dusk', 'midnight'] as const
// The themes differ only in colour (CSS variables on <html>), so the second one is checked with the
// rules that read colours, on the same screen, switched in place.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

type Found = { screen: string; id: string; impact: string; help: string; targets: string[] }

/** Runs axe on what is on screen now and remembers serious and critical violations. */
async function axe(page: Page, screen: string, found: Found[], rules?: string[]) {
  const results = await runAxe(page, rules ? { rules } : { tags: ['wcag2a', 'wcag2aa'] })
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue
    found.push({
      screen,
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      // Where, and axe's own words (for contrast: the colours and the ratio found).
      targets: violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `${node.target.join(' ')} — ${node.any[0]?.message ?? node.failureSummary ?? ''}`,
        ),
    })
  }
}

async function switchTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate(
    ({ theme, themes }) => {
      for (const other of themes) {
        document.documentElement.classList.toggle(`theme-${other}`, other === theme)
      }
    },
    { theme, themes: [...THEMES] },
  )
  // The journeys run with reduced motion (playwright.config.ts), so Tailwind's colour transitions
  // take 0.01 ms: two frames later axe reads the settled colours.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

/** Every WCAG 2 A/AA rule in the first theme, then the colour rules in each other theme. */
async function audit(page: Page, screen: string, found: Found[]) {
  // Colours are read once every transition has ended (0.01 ms each, with reduced motion).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  const [first, ...others] = THEMES
  await axe(page, `${screen} (${first})`, found)
  for (const theme of others) {
    await switchTheme(page, theme)
    await axe(page, `${screen} (${theme})`, found, COLOUR_RULES)
  }
  await switchTheme(page, first)
}

/** Prepares a page in the first theme, and collects CSP violations the browser reports. */
function setUp(page: Page): string[] {
  const cspErrors: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text())
  })
  void page.addInitScript((value) => localStorage.setItem('theme', value), THEMES[0])
  return cspErrors
}

function report(found: Found[]): string {
  return found
    .map((f) => `${f.screen}: ${f.impact} ${f.id} — ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n')
}

test.describe('accessibility in every theme', () => {
  // What most people see: translucent surfaces, blurred behind (fixtures.ts).
  test.use({ reducedTransparency: false })
  // The longest file (~3 min of a worker): its journeys are independent, each with its own data,
  // so both workers share them instead of one running them all.
  test.describe.configure({ mode: 'parallel' })

  test('sign-in, password screens and the 404 page', async ({ page }) => {
    // Two axe runs on each of four screens, the first of them warming the browser.
    test.slow()
    const cspErrors = setUp(page)
    const found: Found[] = []
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
    await audit(page, 'login', found)

    // Fresh invited accounts (they must change their password): the shared seeded ones are
    // changed by passwords.spec.ts, which may run first in the other worker.
    const adminToken = await apiToken(page.request, accounts.admin)
    const invitedAccount = async () => {
      const email = `a11y-${unique()}@example.com`
      const invited = await inviteUserViaApi(page.request, adminToken, { email })
      return { ...accounts.mustChange, email, password: invited.tempPassword }
    }
    await signInViaApi(page, await invitedAccount())
    await page.goto('/change-password')
    await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible()
    await audit(page, 'change password (forced)', found)

    await signInViaApi(page, await invitedAccount())
    await page.goto('/first-time-password-change')
    await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible()
    await audit(page, 'first-time password', found)

    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await audit(page, '404', found)

    expect(found, report(found)).toEqual([])
    expect(cspErrors).toEqual([])
  })

  // The dashboard is audited in two journeys (eleven axe runs in one took over 90 s on a busy CI
  // machine); each seeds its own talent.
  async function seedAxeTalent(page: Page): Promise<string> {
    const run = unique()
    const token = await signInViaApi(page, accounts.admin)
    const name = `Axe Talent ${run}`
    await createTalentViaApi(page, token, {
      fullName: name,
      email: `axe.${run}@example.com`,
      areaOfInterest: 'Design',
      seniorityLevel: 'senior',
      phone: '+1 555 0100',
      linkedinUrl: 'https://www.linkedin.com/in/axe',
      notes: 'Checked by axe.',
      tags: ['High Potential'],
      status: ['Shortlisted'],
    })
    await page.goto(`/dashboard?search=${run}`)
    return name
  }

  test('the dashboard: cards, table, filters and the add form', async ({ page }) => {
    test.slow()
    const cspErrors = setUp(page)
    const found: Found[] = []
    const name = await seedAxeTalent(page)
    await page.getByRole('button', { name: 'Grid view' }).click()
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible()
    await audit(page, 'dashboard (cards)', found)

    await page.getByRole('button', { name: 'List view' }).click()
    await expect(page.getByRole('table', { name: 'Talents' })).toBeVisible()
    await audit(page, 'dashboard (table)', found)

    await page.getByRole('button', { name: 'Filters' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await audit(page, 'filters dialog', found)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Add talent' }).click()
    const add = page.getByRole('dialog', { name: 'Add New Talent' })
    await expect(add).toBeVisible()
    await audit(page, 'add talent dialog', found)
    // With the form's error messages showing.
    await add.getByRole('button', { name: 'Save Talent' }).click()
    await expect(add.getByText('Full name is required')).toBeVisible()
    await audit(page, 'add talent dialog (errors)', found)
    await page.keyboard.press('Escape')

    await page.goto('/dashboard/add-talent')
    await expect(page.getByRole('heading', { name: 'Add Talent' })).toBeVisible()
    await audit(page, 'add talent page', found)

    expect(found, report(found)).toEqual([])
    expect(cspErrors).toEqual([])
  })

  test('the dashboard: edit, delete and the talent detail', async ({ page }) => {
    test.slow()
    const cspErrors = setUp(page)
    const found: Found[] = []
    const name = await seedAxeTalent(page)
    await page.getByRole('button', { name: 'List view' }).click()
    await page.getByRole('button', { name: `Edit ${name}` }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Talent' })).toBeVisible()
    await audit(page, 'edit talent dialog', found)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await audit(page, 'delete dialog', found)
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()

    await page.getByRole('button', { name: 'Grid view' }).click()
    await page.getByRole('button', { name, exact: true }).click()
    await expect(page.getByRole('heading', { name })).toBeVisible()
    await audit(page, 'talent detail', found)
    await page.getByRole('tab', { name: 'Notes' }).click()
    await audit(page, 'talent detail (notes)', found)

    expect(found, report(found)).toEqual([])
    expect(cspErrors).toEqual([])
  })

  test('users, invite, settings, tags and reports', async ({ page }) => {
    test.slow()
    const cspErrors = setUp(page)
    const found: Found[] = []
    await signInViaApi(page, accounts.admin)

    await page.goto('/dashboard/users')
    await expect(page.getByRole('button', { name: 'Invite User' })).toBeVisible()
    await expect(page.getByRole('table')).toBeVisible()
    await audit(page, 'users page', found)
    await page.getByRole('button', { name: 'Invite User' }).click()
    await expect(page.getByRole('dialog', { name: 'Invite User' })).toBeVisible()
    await audit(page, 'invite dialog', found)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: `Edit ${accounts.user.email}` }).click()
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible()
    await audit(page, 'edit user dialog', found)
    await page.keyboard.press('Escape')

    await page.goto('/dashboard/settings')
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
    await audit(page, 'settings', found)

    await page.goto('/dashboard/tags')
    await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Tags' })).toBeVisible()
    await audit(page, 'tags', found)

    await page.goto('/dashboard/reports')
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await audit(page, 'reports', found)

    expect(found, report(found)).toEqual([])
    expect(cspErrors).toEqual([])
  })

  // Settings while turning two-factor on (QR code, key, then the recovery
  // codes) with the sessions list, and the sign-in's code step.
  test('two-factor setup, recovery codes, sessions and the sign-in code step', async ({
    page,
    request,
  }) => {
    test.slow()
    const cspErrors = setUp(page)
    const found: Found[] = []
    const adminToken = await apiToken(request, accounts.admin)
    const account = await newAccountViaApi(
      request,
      {
        email: `a11y-mfa-${unique()}@example.com`,
      },
      'Quiet-Harbour-Compass-61',
      adminToken,
    )
    await signInViaForm(page, account)
    await expect(page).toHaveURL(/\/dashboard$/)

    await page.goto('/dashboard/settings')
    await expect(page.getByRole('list', { name: 'Signed-in sessions' })).toBeVisible()
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    // The password step first (security rule 46), audited with its error showing.
    const confirm = page.getByRole('form', {
      name: 'Confirm your password to turn on two-factor sign-in',
    })
    await confirm.getByLabel('Password').fill('not-the-password')
    await confirm.getByRole('button', { name: 'Continue' }).click()
    await expect(confirm.getByText('Password is incorrect')).toBeVisible()
    await audit(page, 'settings (two-factor password step, with its error)', found)
    await confirm.getByLabel('Password').fill('Quiet-Harbour-Compass-61')
    await confirm.getByRole('button', { name: 'Continue' }).click()
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible()
    await audit(page, 'settings (two-factor setup, sessions)', found)

    const key = (await page.getByLabel('Key', { exact: true }).textContent()) ?? ''
    const secret = Secret.fromBase32(key.replace(/\s+/g, ''))
    await page.getByLabel('Authentication code').fill(TOTP.generate({ secret }))
    await page.getByRole('button', { name: 'Verify and turn on' }).click()
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible()
    await audit(page, 'settings (recovery codes)', found)
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click()
    await expect(page.getByText('On: signing in asks for a code')).toBeVisible()
    // The turn-off form, with its error messages showing.
    const turnOff = page.getByRole('form', { name: 'Turn off two-factor sign-in' })
    await turnOff.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
    await expect(turnOff.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
    await audit(page, 'settings (two-factor on, turn-off errors)', found)

    const signOut = async () => {
      await page.context().clearCookies()
      await page.evaluate(() => localStorage.clear())
    }
    await signOut()
    await signInViaForm(page, account)
    await expect(page.getByLabel('Authentication code')).toBeVisible()
    await audit(page, 'login (code step)', found)

    // An admin requires two-factor of another account: its sign-in leads through enrolment.
    const required = await newAccountViaApi(
      request,
      { email: `a11y-req-${unique()}@example.com` },
      'Quiet-Harbour-Compass-61',
      adminToken,
    )
    const patch = await request.patch(`/api/users/${String(required.id)}`, {
      data: { role: 'user', isActive: true, mustChangePassword: false, mfaEnabled: true },
      headers: { Authorization: `Bearer ${adminToken}` },
    })
    expect(patch.status()).toBe(200)
    await signOut()
    await signInViaForm(page, required)
    await expect(page.getByText('Your admin requires two-factor sign-in')).toBeVisible()
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible()
    await audit(page, 'login (enrolment required)', found)

    expect(found, report(found)).toEqual([])
    expect(cspErrors).toEqual([])
  })

  // The later pages: duplicates and a merge, spreadsheet and CV imports.
  test('duplicates, merge, imports, the mapping screen and a CV import', async ({ page }) => {
    test.slow()
    const cspErrors = setUp(page)
    const found: Found[] = []
    const run = unique()
    const token = await signInViaApi(page, accounts.admin)
    const phone = `+1 415 555 ${String(Date.now() % 10_000).padStart(4, '0')}`
    const first = `Axe Twin ${run}`
    const second = `A. Twin ${run}`
    for (const [fullName, email] of [
      [first, `twin.${run}@old.example.com`],
      [second, `atwin.${run}@new.example.com`],
    ] as const) {
      await createTalentViaApi(page, token, {
        fullName,
        email,
        phone,
        areaOfInterest: 'Design',
        seniorityLevel: 'mid',
      })
    }

    await page.goto('/dashboard/duplicates')
    const group = page.getByRole('listitem', { name: `${first} and ${second}` })
    await expect(group).toBeVisible()
    await audit(page, 'duplicates', found)
    await group.getByRole('link', { name: 'Merge' }).click()
    await expect(page.getByRole('heading', { name: 'Merge talents' })).toBeVisible()
    await audit(page, 'merge', found)

    await page.goto('/dashboard/imports')
    await expect(page.getByRole('heading', { name: 'Import talents', level: 1 })).toBeVisible()
    await audit(page, 'imports', found)
    const csv = ['Name,E-mail,Department,Level', `Ida Axe ${run},ida.${run}@example.com,Design,mid`]
    await page.getByLabel('Spreadsheet to import').setInputFiles({
      name: 'axe.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\r\n')),
    })
    await expect(page.getByRole('heading', { name: 'Import axe.csv' })).toBeVisible()
    await audit(page, 'import mapping', found)
    await page.getByRole('button', { name: 'Check the rows' }).click()
    await expect(page.getByRole('region', { name: 'What the import will do' })).toBeVisible()
    // The check is over: both buttons are enabled again (a run mid-change read a button's colours
    // halfway between its disabled and its enabled look).
    await expect(page.getByRole('button', { name: 'Check the rows again' })).toBeEnabled()
    await expect(page.getByRole('button', { name: /^Import [\d,]+ talents?$/ })).toBeEnabled()
    await audit(page, 'import check', found)

    await page.goto('/dashboard/cv-imports')
    await expect(page.getByRole('heading', { name: 'Import CVs', level: 1 })).toBeVisible()
    await audit(page, 'CV imports', found)
    await page.getByLabel('CV files to import').setInputFiles({
      name: 'axe-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`Met Ida Axe ${run} at the fair`),
    })
    await expect(page.getByRole('heading', { name: 'CV import', level: 1 })).toBeVisible()
    await expect(page.getByText(/^All 1 files read/)).toBeVisible({ timeout: 30_000 })
    await audit(page, 'CV import', found)

    expect(found, report(found)).toEqual([])
    expect(cspErrors).toEqual([])
  })

  test('the bulk selection toolbar and the saved-view dialog', async ({ page }) => {
    test.slow()
    const cspErrors = setUp(page)
    const found: Found[] = []
    const name = await seedAxeTalent(page)
    await page.getByRole('button', { name: 'List view' }).click()
    await page.getByRole('checkbox', { name: `Select ${name}` }).click()
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' })
    await expect(toolbar.getByText('1 selected')).toBeVisible()
    await audit(page, 'bulk selection toolbar', found)

    await page.getByRole('button', { name: 'Save view' }).click()
    await expect(page.getByRole('dialog', { name: 'Save view' })).toBeVisible()
    await audit(page, 'save view dialog', found)

    expect(found, report(found)).toEqual([])
    expect(cspErrors).toEqual([])
  })
})
