import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { accounts } from './support/accounts.ts'
import {
  createTalentViaApi,
  expect,
  openTalent,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'
import { privacyLinkIn, startSmtpServer, subjectOf } from '../support/smtp-server.ts'

/*
 * Security rule 59-62: 'Ask for consent' sends a real e-mail (to an SMTP server this journey
 * starts) whose link opens the person's page, with no sign-in, on a phone; confirming there sets
 * valid-until, which the Privacy tab then shows. The shared journeys' server has no SMTP, so this
 * journey starts a Scout server of its own, on its own fresh database, with SMTP_URL set.
 */

const port = Number(process.env.E2E_PORT ?? 5055) + 21
const origin = `http://127.0.0.1:${port}`
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let server: ChildProcess | undefined

test.use({ baseURL: origin })

test.beforeAll(async () => {
  // A second server starting on a machine shared with other work: as long as Playwright gives its own.
  test.setTimeout(240_000)
  smtp = await startSmtpServer()
  const root = path.resolve(import.meta.dirname, '../..')
  server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/start-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // The test's SMTP server speaks no TLS (security rule 37 is tested elsewhere).
      SMTP_INSECURE: 'true',
      MAIL_FROM: 'Scout <scout@example.com>',
      PUBLIC_URL: origin,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 210_000
  for (;;) {
    const up = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) throw new Error('the journey’s Scout server did not start')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
})

test.afterAll(async () => {
  if (server?.pid !== undefined) server.kill('SIGTERM')
  await smtp.close()
})

test('ask for consent by e-mail, confirm on the phone, see valid-until on the Privacy tab', async ({
  page,
  browser,
}) => {
  const id = unique()
  const name = `Noor Haddad ${id}`
  const email = `noor.${id}@example.com`
  const token = await signInViaApi(page, accounts.admin)
  await createTalentViaApi(page, token, {
    fullName: name,
    email,
    areaOfInterest: 'Design',
    seniorityLevel: 'senior',
  })

  await openTalent(page, id, name)
  await page.getByRole('tab', { name: 'Privacy' }).click()
  await expect(page.getByText('Nothing sent yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Ask for consent' }).click()
  await expect(toast(page).getByText('Consent request sent')).toBeVisible()
  const sent = page.getByRole('list', { name: 'Requests sent' })
  await expect(sent.getByText('Consent request')).toBeVisible()
  await expect(sent.getByText('Sent, not opened')).toBeVisible()
  const today = new Date().toISOString().slice(0, 10)
  // The e-mail tells the person they are in the pool.
  await expect(page.getByText(`Informed on ${today}`)).toBeVisible()

  // The e-mail, as the person receives it.
  await expect.poll(() => smtp.received.length).toBe(1)
  const mail = smtp.received[0]
  expect(mail?.to).toEqual([email])
  expect(subjectOf(mail?.raw ?? '')).toBe('May Our company keep your details?')
  const link = privacyLinkIn(mail?.raw ?? '')
  expect(link.startsWith(`${origin}/privacy/r/`)).toBe(true)

  // The person's phone: no sign-in, no Scout session.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 700 },
    isMobile: true,
    hasTouch: true,
  })
  const person = await phone.newPage()
  const cspViolations: string[] = []
  person.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text())
  })
  await person.goto(link)
  await expect(person.getByRole('heading', { name: 'Your details', exact: true })).toBeVisible()
  await expect(person.getByText(name)).toBeVisible()
  await expect(person.getByText(email, { exact: true })).toBeVisible()
  // Fits the phone: nothing wider than the screen.
  expect(
    await person.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true)
  await person.getByRole('button', { name: 'Yes, I agree' }).click()
  // 24 months on; from the 31st into a shorter month, that month's last day (as the server counts).
  const now = new Date()
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 24, now.getUTCDate()))
  if (until.getUTCDate() !== now.getUTCDate()) until.setUTCDate(0)
  const validUntil = until.toISOString().slice(0, 10)
  await expect(
    person.getByText(`Thank you. Your consent is recorded and is valid until ${validUntil}.`),
  ).toBeVisible()
  // Used: the link shows nothing any more.
  await person.goto(link)
  await expect(person.getByRole('heading', { name: 'This link no longer works' })).toBeVisible()
  await expect(person.getByText(name)).toHaveCount(0)
  expect(cspViolations).toEqual([])
  await phone.close()

  // Back in Scout: the record holds the consent, and who gave it.
  await page.reload()
  await page.getByRole('tab', { name: 'Privacy' }).click()
  const record = page.getByRole('form', { name: 'Privacy record' })
  await expect(record.getByLabel('Consent valid until')).toHaveValue(validUntil)
  await expect(record.getByLabel('Consent given on')).toHaveValue(today)
  await expect(record.getByText('Consent valid', { exact: true })).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Requests sent' }).getByText('Answered'),
  ).toBeVisible()
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByText('The talent (privacy page) updated the privacy record')).toBeVisible()
})
