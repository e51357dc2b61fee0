import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import { csvRecords } from '../support/export-files.ts'
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

// Security rule 53-54: a person's data handed over from the detail view, then found in the log.

test('export a talent’s personal data from the detail view, then find it in Settings → Privacy log', async ({
  page,
}) => {
  const id = unique()
  const name = `Zoë Privacy ${id}`
  const email = `zoe.privacy.${id}@example.com`
  const cv = Buffer.from(`${name}\nTen years of Rust.\n`)

  // The adder: adds the talent and its CV, then exports from the profile.
  const token = await signInViaApi(page, accounts.user)
  const talentId = await createTalentViaApi(page, token, {
    fullName: name,
    email,
    areaOfInterest: 'Engineering',
    seniorityLevel: 'senior',
    tags: ['High Potential'],
    status: ['Shortlisted'],
  })
  const upload = await page.request.post(`/api/talents/${talentId}/cv`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'Zoë CV.txt', mimeType: 'text/plain', buffer: cv } },
  })
  expect(upload.status()).toBe(201)

  await openTalent(page, id, name)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export personal data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^scout-personal-data-talent-${talentId}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  )
  await expect(toast(page).getByText('Personal data exported')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Export personal data' })).toBeEnabled()

  const files = unzipSync(new Uint8Array(await readFile(await download.path())))
  expect(Object.keys(files)).toEqual(['summary.html', 'data.json', 'cvs/1-Zoë CV.txt'])
  const data = JSON.parse(strFromU8(files['data.json']!)) as {
    talent: { fullName: string; email: string; tags: string[]; status: string[] }
    history: { action: string }[]
  }
  expect(data.talent).toMatchObject({
    fullName: name,
    email,
    tags: ['High Potential'],
    status: ['Shortlisted'],
  })
  expect(data.history.map((entry) => entry.action)).toEqual([
    'talent.created',
    'talent.cv_attached',
  ])
  expect(Buffer.from(files['cvs/1-Zoë CV.txt']!)).toEqual(cv)
  expect(strFromU8(files['summary.html']!)).toContain(name)

  // An admin reads the privacy log: the export, by whom, of which talent — and not the name.
  await signInViaApi(page, accounts.admin)
  await page.goto('/dashboard/settings')
  await expect(page.getByRole('heading', { name: 'Privacy log' })).toBeVisible()
  const log = page.getByRole('table', { name: 'Privacy log' })
  const row = log.getByRole('row').filter({ hasText: `#${talentId}` })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Personal data export')
  await expect(row).toContainText('Uma User')
  await expect(log).not.toContainText(name)

  const csvDownloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await csvDownloading
  expect(csv.suggestedFilename()).toMatch(/^scout-privacy-log-\d{4}-\d{2}-\d{2}\.csv$/)
  const [header, ...rows] = csvRecords((await readFile(await csv.path(), 'utf8')).slice(1))
  expect(header).toEqual(['When (UTC)', 'Who', 'What', 'Talent ID', 'Count', 'Details'])
  expect(rows.find((cells) => cells[3] === String(talentId))?.[2]).toBe('Personal data export')
})

test('a plain user sees no privacy log in Settings and no export on a talent someone else added', async ({
  page,
}) => {
  const id = unique()
  const name = `Nobody Else ${id}`
  const adminToken = await signInViaApi(page, accounts.admin)
  await createTalentViaApi(page, adminToken, {
    fullName: name,
    email: `nobody.${id}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  await signInViaApi(page, accounts.user)
  await openTalent(page, id, name)
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Export personal data' })).toHaveCount(0)
  await page.goto('/dashboard/settings')
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Privacy log' })).toHaveCount(0)
})
