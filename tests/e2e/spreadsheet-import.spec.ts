import { readFileSync } from 'node:fs'
import iconv from 'iconv-lite'
import { accounts } from './support/accounts.ts'
import {
  createTalentViaApi,
  expect,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

// A messy spreadsheet — Windows-1252, semicolons, First/Last columns, a
// level spelled 'Sr.', one Scout cannot place, a duplicate e-mail and a bad one — goes through
// mapping, dry run, run and undo in the browser.

test('on a phone the mapping shows each column’s field without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard/imports')
  await page.getByLabel('Spreadsheet to import').setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,Email,Level\nDana Reyes,dana.phone@example.com,Sr.\n'),
  })
  const field = page.getByLabel('Field for column Level')
  await expect(field).toHaveText('Seniority Level')
  await expect(field).toBeInViewport({ ratio: 1 })
  // The first values are still shown, under the column's name.
  await expect(page.getByRole('cell', { name: 'Level Sr.' })).toBeVisible()
})

test('import a messy spreadsheet: map, check, fix a value, run, then undo', async ({ page }) => {
  test.setTimeout(120_000)
  const id = unique()
  const token = await signInViaApi(page, accounts.user)
  await createTalentViaApi(page, token, {
    fullName: `Ed Moss ${id}`,
    email: `ed.${id}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  // A talent of the pool that the file's Dana looks like (a very similar name, same area).
  await createTalentViaApi(page, token, {
    fullName: `Dana M. Reyes ${id}`,
    email: `dana.m.${id}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  const csv = [
    'First;Last;E-mail Address;Department;Level;Skills',
    `José;Núñez ${id};jose.${id}@example.com;Engineering;Sr.;Python, Go`,
    `Dana;Reyes ${id};dana.${id}@example.com;Design;wizard;`,
    `Ann;Bell ${id};not-an-email;Design;mid;`,
    `Bo;Kim ${id};JOSE.${id}@example.com;Design;mid;`,
    `Ed;Moss ${id};ed.${id}@example.com;Design;senior;`,
  ].join('\r\n')

  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Import talents', level: 1 })).toBeVisible()
  await page.getByLabel('Spreadsheet to import').setInputFiles({
    name: 'candidates.csv',
    mimeType: 'text/csv',
    buffer: iconv.encode(csv, 'windows-1252'),
  })

  // The mapping screen read the encoding and the delimiter, and suggests a field per column.
  await expect(page.getByRole('heading', { name: 'Import candidates.csv' })).toBeVisible()
  await expect(page.getByRole('cell', { name: `José` }).first()).toBeVisible()
  await expect(page.getByLabel('Field for column E-mail Address')).toHaveText('Email')
  await expect(page.getByLabel('Field for column Level')).toHaveText('Seniority Level')
  await page.getByLabel('Overwrite with the file’s values').check()

  await page.getByRole('button', { name: 'Check the rows' }).click()
  const summary = page.getByRole('region', { name: 'What the import will do' })
  await expect(summary.getByText('New talents')).toBeVisible()
  await expect(summary.getByRole('definition').nth(0)).toHaveText('1')
  await expect(summary.getByRole('definition').nth(1)).toHaveText('1')
  await expect(summary.getByRole('definition').nth(3)).toHaveText('3')
  await expect(summary.getByRole('cell', { name: 'Invalid email address' })).toBeVisible()
  // Each refused row names its field as the mapping does.
  const invalidEmailRow = summary.getByRole('row').filter({ hasText: 'Invalid email address' })
  await expect(invalidEmailRow.getByRole('cell').nth(1)).toHaveText('Email')
  await expect(
    summary.getByRole('cell', { name: 'This e-mail is already on row 2; the first row wins.' }),
  ).toBeVisible()

  // Dana's row is refused for now, so nothing warns of her yet.
  await expect(summary.getByText(`Row 3: Dana Reyes ${id}`)).toHaveCount(0)

  // The refused rows come down as a CSV of the file's cells with the reason of each.
  const downloading = page.waitForEvent('download')
  await summary.getByRole('link', { name: 'Download bad rows' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^scout-import-\d+-bad-rows\.csv$/)
  const badRows = readFileSync(await download.path(), 'utf8')
  expect(badRows).toContain('First,Last,E-mail Address,Department,Level,Skills,reason')
  expect(badRows).toContain(`Ann,Bell ${id},not-an-email,Design,mid,,Email: Invalid email address`)
  // The reason holds a semicolon, so it is quoted (security rule 42: a delimiter a reader may guess).
  expect(badRows).toContain(
    `Bo,Kim ${id},JOSE.${id}@example.com,Design,mid,,"Email: This e-mail is already on row 2;`,
  )

  // 'wizard' fits no level: the person maps it, and the check follows.
  await summary.getByLabel('Seniority Level for “wizard”').click()
  await page.getByRole('option', { name: 'exec' }).click()
  await page.getByRole('button', { name: 'Check the rows again' }).click()
  await expect(summary.getByRole('definition').nth(0)).toHaveText('2')
  await expect(summary.getByRole('definition').nth(3)).toHaveText('2')

  // Dana is now a new talent, and looks like one already in the pool: a warning, as on the
  // talent form, with a link to the other talent; importing stays allowed.
  const lookAlikes = summary.getByRole('region', {
    name: '1 row looks like a talent already in the pool',
  })
  await expect(lookAlikes.getByText(`Row 3: Dana Reyes ${id}`)).toBeVisible()
  await expect(lookAlikes).toContainText(
    `Possible duplicate: Dana M. Reyes ${id} — similar name in the same area`,
  )
  await expect(lookAlikes.getByRole('link', { name: `Dana M. Reyes ${id}` })).toHaveAttribute(
    'target',
    '_blank',
  )

  await page.getByRole('button', { name: 'Import 3 talents' }).click()
  await expect(
    page.getByText('2 talents added · 1 talent updated · 0 rows skipped · 2 rows refused'),
  ).toBeVisible()

  // The new talents are in the pool, the existing one was updated.
  await page.goto(`/dashboard?search=${id}`)
  await expect(page.getByText(`José Núñez ${id}`).first()).toBeVisible()
  await expect(page.getByText(`Dana Reyes ${id}`).first()).toBeVisible()

  // Someone edits José after the import: the undo leaves him as he is, and lists him.
  const headers = { Authorization: `Bearer ${token}` }
  const found = await page.request.get(`/api/talents?search=${encodeURIComponent(`Núñez ${id}`)}`, {
    headers,
  })
  const [jose] = talentRows(await found.json())
  expect(jose?.fullName).toBe(`José Núñez ${id}`)
  const edit = await page.request.put(`/api/talents/${jose?.id}`, {
    headers,
    data: {
      fullName: jose?.fullName,
      email: jose?.email,
      areaOfInterest: jose?.areaOfInterest,
      seniorityLevel: jose?.seniorityLevel,
      tags: jose?.tags,
      status: jose?.status,
      notes: 'Called him today',
    },
  })
  expect(edit.status()).toBe(200)

  await page.goto('/dashboard/imports')
  await page
    .getByRole('link', { name: /candidates\.csv/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Undo import' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Undo import' }).click()
  // The undo runs as a job on the server; the page follows it to the end.
  await expect(toast(page)).toContainText('Import undone')
  await expect(toast(page)).toContainText('1 added talents removed, 1 updated talents put back.')
  await expect(page.getByText('This import was undone.')).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Undoing the import' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Undo import' })).toHaveCount(0)
  const kept = page.getByRole('status').filter({ hasText: 'Kept, because someone changed them' })
  await expect(kept.getByRole('link', { name: `José Núñez ${id}` })).toBeVisible()
  // The list of imports says so too, after a reload.
  await page.goto('/dashboard/imports')
  await expect(page.getByRole('link', { name: /candidates\.csv/ }).first()).toContainText(
    'This import was undone.',
  )
  await page.goto(`/dashboard?search=${id}`)
  await expect(page.getByText(`Ed Moss ${id}`).first()).toBeVisible()
  await expect(page.getByText(`José Núñez ${id}`).first()).toBeVisible()
  await expect(page.getByText(`Dana Reyes ${id}`)).toHaveCount(0)
})

test('a large file is checked on the server, with its progress shown', async ({ page }) => {
  test.setTimeout(120_000)
  const id = unique()
  await signInViaApi(page, accounts.user)
  // Large enough that the check outlasts the request's short wait (~6 s embedded, ~3 s PostgreSQL).
  const rows = 50_000
  const csv = [
    'Name,Email,Area,Level',
    ...Array.from(
      { length: rows },
      (_, i) => `Person ${i} ${id},p${i}.${id}@example.com,Engineering,senior`,
    ),
  ].join('\n')
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Import', exact: true }).click()
  await page.getByLabel('Spreadsheet to import').setInputFiles({
    name: 'large.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  await expect(page.getByRole('heading', { name: 'Import large.csv' })).toBeVisible()
  await page.getByRole('button', { name: 'Check the rows' }).click()

  await expect(page.getByRole('progressbar', { name: 'Checking rows' })).toBeVisible()
  await expect(page.getByText(/^Checked [\d,]+ of 50,000 rows…$/)).toBeVisible()
  const summary = page.getByRole('region', { name: 'What the import will do' })
  await expect(summary.getByRole('definition').nth(0)).toHaveText('50,000', {
    timeout: 60_000,
  })
  await expect(page.getByRole('progressbar', { name: 'Checking rows' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Import 50,000 talents' })).toBeEnabled()
})

type TalentRow = {
  id: number
  fullName: string
  email: string
  areaOfInterest: string
  seniorityLevel: string
  tags: string[]
  status: string[]
}

/** The talents of a list answer, as the API sends them (a parse boundary). */
function talentRows(body: unknown): TalentRow[] {
  return Array.isArray(body) ? (body as TalentRow[]) : []
}
