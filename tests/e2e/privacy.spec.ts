import { accounts } from './support/accounts.ts'
import {
  chooseOption,
  createTalentViaApi,
  expect,
  openTalent,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

// Security rule 49-52: the privacy record on the Privacy tab, 'Erase', and the warning when
// the erased person is added again.

test('set a privacy record, erase the talent, and be warned when adding them again', async ({
  page,
}) => {
  const id = unique()
  const name = `Ilse Marchetti ${id}`
  const email = `ilse.${id}@example.com`
  const token = await signInViaApi(page, accounts.admin)
  await createTalentViaApi(page, token, {
    fullName: name,
    email,
    phone: '+1 415 555 0177',
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })

  await openTalent(page, id, name)
  await page.getByRole('tab', { name: 'Privacy' }).click()
  const record = page.getByRole('form', { name: 'Privacy record' })
  await expect(record.getByText('Not informed yet')).toBeVisible()
  await expect(record.getByLabel('Consent given on')).toBeDisabled()
  await chooseOption(page, 'Source', 'Referred')
  await record.getByLabel('Source details').fill('By a colleague')
  await chooseOption(page, 'Lawful basis', 'Consent')
  const today = new Date().toISOString().slice(0, 10)
  await record.getByLabel('Consent given on').fill(today)
  // Valid until before the day consent was given: the schema's message, nothing saved.
  await record.getByLabel('Consent valid until').fill('2000-01-01')
  await record.getByRole('button', { name: 'Save privacy record' }).click()
  await expect(
    record.getByText('Valid until must be on or after the date consent was given'),
  ).toBeVisible()
  await record.getByLabel('Consent valid until').fill('2099-12-31')
  await record.getByLabel('Informed on').fill(today)
  await record.getByRole('button', { name: 'Save privacy record' }).click()
  await expect(toast(page).getByText('Privacy record saved')).toBeVisible()
  await expect(record.getByText(`Informed on ${today}`)).toBeVisible()
  await expect(record.getByText('Consent valid', { exact: true })).toBeVisible()

  // The record is what the list filters by.
  await page.goto(`/dashboard?search=${id}&source=referred`)
  await page.getByRole('button', { name: 'Grid view' }).click()
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible()
  await page.goto(`/dashboard?q=${encodeURIComponent(`${id} informed:no`)}`)
  await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0)

  // Erase, with a reason.
  await openTalent(page, id, name)
  await page.getByRole('button', { name: 'Erase' }).click()
  const dialog = page.getByRole('alertdialog', { name: `Erase ${name}?` })
  await dialog.getByRole('button', { name: 'Erase' }).click()
  await expect(dialog.getByText('Give a reason for the erasure')).toBeVisible()
  await dialog.getByLabel('Reason for the erasure').fill('Asked to be removed by e-mail')
  await dialog.getByRole('button', { name: 'Erase' }).click()
  await expect(toast(page).getByText('Talent erased')).toBeVisible()
  await expect(dialog).toBeHidden()
  await page.goto(`/dashboard?search=${id}`)
  await expect(page.getByText('No talents found')).toBeVisible()

  // Adding the same e-mail again warns, and needs a confirmation.
  await page.getByRole('button', { name: 'Add talent' }).click()
  const form = page.getByRole('dialog', { name: 'Add New Talent' })
  await form.getByLabel('Full Name *').fill(`I. Marchetti ${id}`)
  await form.getByLabel('Email *').fill(email.toUpperCase())
  await chooseOption(page, 'Area of Interest *', 'Design')
  await chooseOption(page, 'Seniority Level *', 'Mid')
  await form.getByRole('button', { name: 'Save Talent' }).click()
  const warning = form.getByRole('alert').filter({ hasText: 'This person asked to be erased on' })
  await expect(warning).toContainText(`This person asked to be erased on ${today}`)
  await warning.getByRole('button', { name: 'Keep them out' }).click()
  await expect(warning).toBeHidden()
  await form.getByRole('button', { name: 'Save Talent' }).click()
  await form
    .getByRole('alert')
    .filter({ hasText: 'This person asked to be erased on' })
    .getByRole('button', { name: 'Add anyway' })
    .click()
  await expect(toast(page).getByText('Talent created')).toBeVisible()
})
