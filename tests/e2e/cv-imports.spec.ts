import { makeDocx, makeExecutable, makePdf } from '../support/cv-files.ts'
import { accounts } from './support/accounts.ts'
import {
  createTalentViaApi,
  expect,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

// A stack of 20 CVs — one not a CV, one for a talent already in the pool, one
// without details — is imported, the odd one reviewed in place, and the whole import undone.

test('import 20 CVs: created, attached to the talent with that e-mail, failed, reviewed inline, then undone', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const id = unique()
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: `Kim Park ${id}`,
    email: `kim.${id}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  const cv = (n: number) => [
    `Dana Reyes`,
    'Senior Software Engineer',
    `dana.${n}.${id}@example.com | +1 (415) 555-01${String(n).padStart(2, '0')}`,
    'Experience: Python, Kubernetes at Acme',
  ]
  const files = [
    ...Array.from({ length: 17 }, (_, n) =>
      n % 2 === 0
        ? { name: `cv-${n}.pdf`, mimeType: 'application/pdf', buffer: makePdf(cv(n)) }
        : {
            name: `cv-${n}.docx`,
            mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            buffer: makeDocx(cv(n)),
          },
    ),
    {
      name: 'kim-park.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf([`Kim Park ${id}`, 'Product Designer', `kim.${id}@example.com`]),
    },
    { name: 'setup.pdf', mimeType: 'application/pdf', buffer: makeExecutable() },
    {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Met at the fair, call back'),
    },
  ]

  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Import CVs' }).click()
  await expect(page.getByRole('heading', { name: 'Import CVs', level: 1 })).toBeVisible()
  await page.getByLabel('CV files to import').setInputFiles(files)

  await expect(page.getByRole('heading', { name: 'CV import', level: 1 })).toBeVisible()
  await expect(
    page.getByText('All 20 files read: 17 created · 1 attached · 1 need review · 1 failed.'),
  ).toBeVisible({ timeout: 90_000 })
  const rows = page.getByRole('list', { name: 'Files' }).getByRole('listitem')
  const row = (name: string) => rows.filter({ hasText: name })
  await expect(row('setup.pdf')).toContainText('Failed')
  await expect(row('setup.pdf')).toContainText('This file type is not supported.')
  await expect(row('kim-park.pdf')).toContainText('Attached to existing talent')
  await expect(row('kim-park.pdf').getByRole('link', { name: `Kim Park ${id}` })).toBeVisible()
  await expect(row('cv-0.pdf')).toContainText('Created')

  // The row without details is completed in place, under the talent form's rules.
  const notes = row('notes.txt')
  await expect(notes).toContainText('Needs review')
  await notes.getByRole('button', { name: 'Review' }).click()
  const form = page.getByRole('form', { name: 'Review notes.txt' })
  await form.getByLabel('Full Name *').fill(`Jo Bloggs ${id}`)
  await form.getByRole('button', { name: 'Create talent' }).click()
  await expect(form.getByText('Invalid email address')).toBeVisible()
  // The row warns of a likely duplicate as the talent form does, while typing.
  await form.getByLabel('Email *').fill(`kim.${id}@example.com`)
  const warning = form.getByRole('status', { name: 'Possible duplicates' })
  await expect(warning).toContainText(`Possible duplicate: Kim Park ${id} — same e-mail`)
  await form.getByLabel('Email *').fill(`jo.${id}@example.com`)
  await expect(warning).toBeHidden()
  await form.getByRole('combobox', { name: 'Area of Interest *' }).click()
  await page.getByRole('option', { name: 'Design', exact: true }).click()
  await form.getByRole('combobox', { name: 'Seniority Level *' }).click()
  await page.getByRole('option', { name: 'Mid', exact: true }).click()
  await form.getByRole('button', { name: 'Create talent' }).click()
  await expect(toast(page).getByText('Talent created')).toBeVisible()
  await expect(notes).toContainText('Created')
  await expect(notes.getByRole('link', { name: `Jo Bloggs ${id}` })).toBeVisible()

  // Undo: everything the import made goes; Kim, who was there before, stays without the CV.
  await page.getByRole('button', { name: 'Undo import' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Undo this import?' })
  await confirm.getByRole('button', { name: 'Undo import' }).click()
  await expect(toast(page).getByText('Import undone')).toBeVisible()
  await expect(toast(page).getByText('18 talents removed, 1 CV taken off.')).toBeVisible()
  await expect(page.getByText('This import was undone.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Undo import' })).toBeHidden()

  await page.goto(`/dashboard?search=${id}`)
  await expect(page.getByText(`Kim Park ${id}`).first()).toBeVisible()
  await expect(page.getByText(`Jo Bloggs ${id}`)).toBeHidden()
  await page.getByRole('link', { name: 'Import CVs' }).click()
  await expect(page.getByRole('link', { name: /20 files · .* by / }).first()).toContainText(
    'Undone',
  )
})
