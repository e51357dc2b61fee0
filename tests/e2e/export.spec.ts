import { readFile } from 'node:fs/promises'
import { csvRecords, sheetCells, xlsxParts } from '../support/export-files.ts'
import { accounts } from './support/accounts.ts'
import {
  chooseOption,
  createTalentViaApi,
  expect,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

test('export the filtered, sorted view as CSV and as Excel from the keyboard', async ({ page }) => {
  const id = unique()
  const token = await signInViaApi(page, accounts.user)
  const seed = (fullName: string, areaOfInterest: string, notes?: string) =>
    createTalentViaApi(page, token, {
      fullName: `${fullName} ${id}`,
      email: `${fullName.split(' ')[1]?.toLowerCase()}.${id}@example.com`,
      areaOfInterest,
      seniorityLevel: 'mid',
      notes,
    })
  await seed('Alan Turing', 'Science')
  await seed('Ada Lovelace', 'Design', '=HYPERLINK("http://evil.example")')
  await seed('Zoë Neale', 'Design')

  // The view: this run's talents, Design only, Name Z-A — set through the filter panel.
  await page.goto(`/dashboard?search=${id}`)
  await page.getByRole('button', { name: 'Filters' }).click()
  await chooseOption(page, 'Area of Interest', 'Design')
  await page.getByRole('tab', { name: 'Sort' }).click()
  await page.getByRole('radio', { name: 'Name Z-A' }).check()
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/areaOfInterest=Design/)
  await expect(page).toHaveURL(/sort=name_desc/)

  await page.getByRole('button', { name: 'Export' }).click()
  const csvDownload = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Export CSV' }).click()
  const csv = await csvDownload
  expect(csv.suggestedFilename()).toMatch(/^scout-talents-\d{4}-\d{2}-\d{2}\.csv$/)
  await expect(toast(page).getByText('Export ready')).toBeVisible()
  await expect(toast(page).getByText(`2 talents in ${csv.suggestedFilename()}.`)).toBeVisible()

  const text = await readFile(await csv.path(), 'utf8')
  const [header, ...rows] = csvRecords(text.replace(/^\uFEFF/, ''))
  expect(header?.slice(0, 3)).toEqual(['Full Name', 'Email', 'Phone'])
  expect(rows.map((row) => row[0])).toEqual([`Zoë Neale ${id}`, `Ada Lovelace ${id}`])
  const notes = header?.indexOf('Notes') ?? -1
  // Security rule 21: the formula arrives as text.
  expect(rows[1]?.[notes]).toBe(`'=HYPERLINK("http://evil.example")`)

  // The same view as Excel, with the keyboard alone.
  const trigger = page.getByRole('button', { name: 'Export' })
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Export CSV' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Export Excel' })).toBeFocused()
  const xlsxDownload = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  const xlsx = await xlsxDownload
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/)
  const sheet = xlsxParts(await readFile(await xlsx.path()))['xl/worksheets/sheet1.xml'] ?? ''
  const names = sheetCells(sheet).map((row) => row.get('A'))
  expect(names).toEqual(['Full Name', `Zoë Neale ${id}`, `Ada Lovelace ${id}`])
})

test('export only the hand-picked talents from the bulk toolbar', async ({ page }) => {
  const id = unique()
  const token = await signInViaApi(page, accounts.user)
  const names = ['Ann', 'Ben', 'Cid'].map((first) => `${first} Picked ${id}`)
  for (const fullName of names) {
    await createTalentViaApi(page, token, {
      fullName,
      email: `${fullName.replaceAll(' ', '.').toLowerCase()}@example.com`,
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    })
  }

  await page.goto(`/dashboard?search=${id}&sort=name_desc`)
  await page.getByRole('checkbox', { name: `Select ${names[0]}` }).click()
  await page.getByRole('checkbox', { name: `Select ${names[2]}` }).click()
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' })
  await expect(toolbar.getByText('2 selected')).toBeVisible()

  await toolbar.getByRole('button', { name: 'Export' }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Export CSV' }).click()
  const csv = await download
  await expect(toast(page).getByText(`2 talents in ${csv.suggestedFilename()}.`)).toBeVisible()
  const [, ...rows] = csvRecords((await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, ''))
  // The two picked, in the dashboard's sort (Name Z-A); Ben was not picked.
  expect(rows.map((row) => row[0])).toEqual([names[2], names[0]])
})
