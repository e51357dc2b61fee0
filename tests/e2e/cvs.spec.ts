import type { Page } from '@playwright/test'
import { makeDocx, makeDocxWithLinks, makeOdt, makePdf, makePdfPages } from '../support/cv-files.ts'
import { accounts } from './support/accounts.ts'
import { runAxe } from './support/axe.ts'
import {
  createTalentViaApi,
  expect,
  openTalent,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

// A CV is attached, read in place, replaced (earlier versions kept), downloaded and removed.

async function openCvTab(page: Page, search: string, name: string) {
  await openTalent(page, search, name)
  await page.getByRole('tab', { name: 'CV' }).click()
}

test('attach a PDF, read its text, replace it with a DOCX, download the old one, remove', async ({
  page,
}) => {
  // Five steps through the CV tab and two dialogs: 17-24 s on a busy 2-core box, near the 30 s.
  test.slow()
  const id = unique()
  const name = `Dana Reyes ${id}`
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: name,
    email: `dana.${id}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  await openCvTab(page, id, name)
  await expect(page.getByText('No CV attached to this talent.')).toBeVisible()

  await page.getByLabel('CV file').setInputFiles({
    name: 'Dana Reyes CV.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf([name, 'Led the Python migration to Kubernetes']),
  })
  await expect(page.getByText('Dana Reyes CV.pdf')).toBeVisible()
  const text = page.getByRole('region', { name: 'CV text content' })
  await expect(text).toContainText('Led the Python migration to Kubernetes', { timeout: 15_000 })

  await page.getByLabel('CV file').setInputFiles({
    name: 'Dana 2024.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: makeDocx(['Rust and Go'], [name]),
  })
  await expect(page.getByText('Dana 2024.docx')).toBeVisible()
  await expect(text).toContainText('Rust and Go', { timeout: 15_000 })
  const earlier = page.getByRole('region', { name: 'Earlier versions' })
  const downloading = page.waitForEvent('download')
  await earlier.getByRole('link', { name: 'Dana Reyes CV.pdf' }).click()
  expect((await downloading).suggestedFilename()).toBe('Dana Reyes CV.pdf')

  await page.getByRole('tab', { name: 'History' }).click()
  await expect(
    page.getByText('Uma User replaced the CV Dana Reyes CV.pdf with Dana 2024.docx'),
  ).toBeVisible()

  await page.getByRole('tab', { name: 'CV' }).click()
  await page.getByRole('button', { name: 'Remove' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page).getByText('Dana 2024.docx was removed.')).toBeVisible()
  await expect(page.getByText('No CV attached to this talent.')).toBeVisible()
})

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** The CV tab as it is now has no serious or critical WCAG 2 A/AA violation (axe). */
async function expectAccessibleCvTab(page: Page) {
  const results = await runAxe(page, {
    include: '[role="tabpanel"]',
    tags: ['wcag2a', 'wcag2aa'],
  })
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

/** Signs in as the user and opens the CV tab of a new talent; returns the talent's name. */
async function newTalentCvTab(page: Page, first: string): Promise<string> {
  const id = unique()
  const name = `${first} ${id}`
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: name,
    email: `${first.toLowerCase()}.${id}@example.com`,
    areaOfInterest: 'Engineering',
    seniorityLevel: 'senior',
  })
  await openCvTab(page, id, name)
  return name
}

test('a PDF reads page by page in the CV tab, with its text selectable below', async ({ page }) => {
  const name = await newTalentCvTab(page, 'Ada')
  await page.getByLabel('CV file').setInputFiles({
    name: 'Ada.pdf',
    mimeType: 'application/pdf',
    buffer: makePdfPages([[name, 'Staff engineer'], ['Second page: Kubernetes and Rust']]),
  })
  const pages = page.getByRole('region', { name: 'CV pages' })
  const first = pages.getByRole('img', { name: 'Page 1 of 2' })
  await expect(first).toBeVisible({ timeout: 15_000 })
  await expect(pages.getByRole('img', { name: 'Page 2 of 2' })).toBeVisible()
  // The page is drawn, not just a blank canvas: some pixels are dark (the text).
  const inkedPixels = () =>
    first.evaluate((canvas) => {
      if (!(canvas instanceof HTMLCanvasElement)) return 0
      const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? {
        data: [],
      }
      let dark = 0
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++
      return dark
    })
  await expect.poll(inkedPixels).toBeGreaterThan(100)
  await expect(page.getByRole('region', { name: 'CV text content' })).toContainText(
    'Second page: Kubernetes and Rust',
    { timeout: 15_000 },
  )
  await expectAccessibleCvTab(page)
})

test('a PDF that cannot be drawn says so and still downloads', async ({ page }) => {
  await newTalentCvTab(page, 'Bo')
  await page.getByLabel('CV file').setInputFiles({
    name: 'Bo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\nthis is not a readable PDF body\n%%EOF\n', 'latin1'),
  })
  await expect(
    page.getByText('This PDF cannot be shown here. Download it to read it.'),
  ).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('img', { name: /^Page 1 of/ })).toHaveCount(0)
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download' }).click()
  expect((await downloading).suggestedFilename()).toBe('Bo.pdf')
})

test('a DOCX, then an ODT, reads as formatted text: headings and list items, never markup', async ({
  page,
}) => {
  await newTalentCvTab(page, 'Cy')
  await page.getByLabel('CV file').setInputFiles({
    name: 'Cy.docx',
    mimeType: DOCX_TYPE,
    buffer: makeDocx([
      { text: 'Experience', heading: 1 },
      { text: 'Led the platform team', bullet: true },
      { text: '<img src=x onerror=alert(1)> shipped', bullet: true },
      'Rust and Go',
    ]),
  })
  const document = page.getByRole('region', { name: 'CV document' })
  await expect(document.getByRole('heading', { name: 'Experience' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(document.getByRole('listitem')).toHaveText([
    'Led the platform team',
    '<img src=x onerror=alert(1)> shipped',
  ])
  await expect(document.getByText('Rust and Go')).toBeVisible()
  await expect(document.getByRole('img')).toHaveCount(0)
  await expectAccessibleCvTab(page)

  // Replaced by an ODT (LibreOffice's format): laid out the same way, bold included.
  await page.getByLabel('CV file').setInputFiles({
    name: 'Cy.odt',
    mimeType: 'application/vnd.oasis.opendocument.text',
    buffer: makeOdt([
      { text: 'Skills', heading: 1 },
      { text: 'Kubernetes', bullet: true, bold: true },
      { text: '<script>alert(1)</script> Terraform', bullet: true },
      'Based in Lisbon',
    ]),
  })
  await expect(page.getByText('Cy.odt')).toBeVisible()
  await expect(document.getByRole('heading', { name: 'Skills' })).toBeVisible({ timeout: 15_000 })
  await expect(document.getByRole('heading', { name: 'Experience' })).toHaveCount(0)
  await expect(document.getByRole('listitem')).toHaveText([
    'Kubernetes',
    '<script>alert(1)</script> Terraform',
  ])
  await expect(document.getByRole('strong')).toHaveText('Kubernetes')
  await expect(document.getByText('Based in Lisbon')).toBeVisible()
  await expectAccessibleCvTab(page)
})

test('security rule 48: a DOCX with a mailto link, then a LinkedIn link, shows one link: the LinkedIn one', async ({
  page,
}) => {
  await newTalentCvTab(page, 'Lee')
  await page.getByLabel('CV file').setInputFiles({
    name: 'Lee.docx',
    mimeType: DOCX_TYPE,
    buffer: makeDocxWithLinks([
      [
        'Contact: ',
        { text: 'lee@example.com', href: 'mailto:lee@example.com' },
        ' · ',
        { text: 'LinkedIn', href: 'https://www.linkedin.com/in/lee-example' },
      ],
      ['Experience'],
      ['Led the platform team at Acme'],
    ]),
  })
  const document = page.getByRole('region', { name: 'CV document' })
  await expect(document.getByText('Led the platform team at Acme')).toBeVisible({
    timeout: 15_000,
  })
  // The mailto link is dropped (its text stays); the LinkedIn link holds only its own word, and
  // what follows it is text, not part of a link.
  const links = document.getByRole('link')
  await expect(links).toHaveCount(1)
  await expect(links).toHaveText('LinkedIn')
  await expect(links).toHaveAttribute('href', 'https://www.linkedin.com/in/lee-example')
  await expect(document.getByText('Contact: lee@example.com · LinkedIn')).toBeVisible()
  await expect(document.locator('a', { hasText: 'Experience' })).toHaveCount(0)
  await expect(document.locator('a', { hasText: 'lee@example.com' })).toHaveCount(0)
})

test('a file that is not a CV is refused with the server’s message', async ({ page }) => {
  const id = unique()
  const name = `Eli Moss ${id}`
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: name,
    email: `eli.${id}@example.com`,
    areaOfInterest: 'Science',
    seniorityLevel: 'junior',
  })
  await openCvTab(page, id, name)
  await page.getByLabel('CV file').setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]),
  })
  await expect(page.getByRole('alert')).toContainText(
    'This file type is not supported. Attach a PDF, DOCX, ODT, RTF, TXT or Markdown file.',
  )
})

test('Add from CV fills the form, marks what it read, and attaches the CV on save', async ({
  page,
}) => {
  const id = unique()
  const name = `Noor Haddad`
  const email = `noor.${id}@example.com`
  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Add talent' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Talent' })
  await dialog.getByLabel('CV to fill the form from').setInputFiles({
    name: 'Noor.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf([
      name,
      'Senior Product Designer',
      `${email} | +44 20 7946 0958`,
      'Figma, user research, prototyping and design systems',
    ]),
  })
  await expect(dialog.getByText('Read from Noor.pdf.')).toBeVisible({ timeout: 15_000 })
  await expect(dialog.getByLabel('Full Name *')).toHaveValue(name)
  await expect(dialog.getByLabel('Email *')).toHaveValue(email)
  await expect(dialog.getByLabel('Phone Number')).toHaveValue('+44 20 7946 0958')
  await expect(dialog.getByText('Read from the CV — please check')).toHaveCount(5)
  await dialog.getByRole('button', { name: 'Save Talent' }).click()
  await expect(toast(page).getByText(`${name} has been added to the talent pool.`)).toBeVisible()

  await page.goto(`/dashboard?search=${id}`)
  await page.getByRole('button', { name: 'Grid view' }).click()
  await page.getByRole('button', { name, exact: true }).click()
  await page.getByRole('tab', { name: 'CV' }).click()
  await expect(page.getByText('Noor.pdf')).toBeVisible()
})

test('Add from CV offers the existing talent when the e-mail is taken', async ({ page }) => {
  const id = unique()
  const name = `Ivo Petrov ${id}`
  const email = `ivo.${id}@example.com`
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: name,
    email,
    areaOfInterest: 'Science',
    seniorityLevel: 'mid',
  })
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Add talent' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Talent' })
  await dialog.getByLabel('CV to fill the form from').setInputFiles({
    name: 'ivo.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(`# Ivo Petrov\n\n${email}\n`),
  })
  await expect(dialog.getByText(`A talent with the e-mail ${email} already exists.`)).toBeVisible()
  await dialog.getByRole('button', { name: 'Attach the CV to that talent instead' }).click()
  await expect(toast(page).getByText('The CV was added to the existing talent.')).toBeVisible()
  await expect(dialog).toBeHidden()
})
