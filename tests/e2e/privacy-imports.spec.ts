import { accounts } from './support/accounts.ts'
import {
  chooseOption,
  createTalentViaApi,
  expect,
  openTalent,
  signInViaApi,
  test,
  unique,
} from './support/fixtures.ts'

// Security rule 49, 51 and 63: a spreadsheet import sets each new talent's privacy record (the
// mapping screen's defaults), holds the row of a person who asked to be erased until the importer
// confirms it, and Settings lists the erasure records by hash only.

test('an import holds an erased person until confirmed, with the privacy defaults; Settings lists the erasure record', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const id = unique()
  const erasedEmail = `wren.${id}@example.com`
  const reason = `Asked by letter ${id}`
  const token = await signInViaApi(page, accounts.admin)
  const talentId = await createTalentViaApi(page, token, {
    fullName: `Wren Halloway ${id}`,
    email: erasedEmail,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  const erased = await page.request.post(`/api/talents/${talentId}/erase`, {
    data: { reason },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(erased.status()).toBe(200)
  const today = new Date().toISOString().slice(0, 10)

  // Settings → Privacy → Erasure records: when, who, why, and the hashes shortened.
  await page.goto('/dashboard/settings')
  const card = page.getByRole('heading', { name: 'Erasure records', level: 2 })
  await expect(card).toBeVisible()
  const records = page.getByRole('table', { name: 'Erasure records' })
  const row = records.getByRole('row').filter({ hasText: reason })
  await expect(row).toBeVisible()
  await expect(row).toContainText('Ada Admin')
  // E-mail hash, then phone hash (none was stored: the talent had no phone).
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^[A-Za-z0-9_-]{10}…$/)
  await expect(row.getByRole('cell').nth(4)).toHaveText('—')
  await expect(records).not.toContainText(erasedEmail)

  // The same person comes back in a spreadsheet, beside someone new.
  await page.goto('/dashboard/imports')
  await page.getByLabel('Spreadsheet to import').setInputFiles({
    name: 'returning.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Name,Email,Area,Level',
        `Wren Halloway ${id},${erasedEmail.toUpperCase()},Design,mid`,
        `Nova Castellan ${id},nova.${id}@example.com,Design,mid`,
      ].join('\n'),
    ),
  })
  await expect(page.getByRole('heading', { name: 'Import returning.csv' })).toBeVisible()
  // The privacy record of the new talents: the sheet has none, so the defaults chosen here.
  await chooseOption(page, 'Source where the file has none', 'Referred')
  await chooseOption(page, 'Lawful basis where the file has none', 'Contract')
  await page.getByRole('button', { name: 'Check the rows' }).click()

  const summary = page.getByRole('region', { name: 'What the import will do' })
  const held = summary.getByRole('region', {
    name: '1 row is held: this person asked to be erased',
  })
  await expect(held).toContainText(
    `Row 2: Wren Halloway ${id} — This person asked to be erased on ${today}`,
  )
  await expect(summary.getByRole('definition').nth(0)).toHaveText('1')
  await expect(summary.getByRole('definition').nth(4)).toHaveText('1')
  // Not confirmed: only the new person would be imported; ticking the box adds the held row.
  await expect(page.getByRole('button', { name: 'Import 1 talents' })).toBeEnabled()
  await held.getByLabel('Import the held rows too').check()
  await expect(page.getByRole('button', { name: 'Import 2 talents' })).toBeEnabled()
  await held.getByLabel('Import the held rows too').uncheck()
  await page.getByRole('button', { name: 'Import 1 talents' }).click()
  await expect(page.getByText('1 talent added · 0 talents updated · 1 row skipped')).toBeVisible()

  // Only Nova came in, sourced as chosen.
  await page.goto(`/dashboard?search=${id}`)
  await expect(page.getByText(`Nova Castellan ${id}`).first()).toBeVisible()
  await expect(page.getByText(`Wren Halloway ${id}`)).toHaveCount(0)
  await openTalent(page, id, `Nova Castellan ${id}`)
  await page.getByRole('tab', { name: 'Privacy' }).click()
  const record = page.getByRole('form', { name: 'Privacy record' })
  await expect(record.getByRole('combobox', { name: 'Source' })).toHaveText('Referred')
  await expect(record.getByRole('combobox', { name: 'Lawful basis' })).toHaveText('Contract')
})
