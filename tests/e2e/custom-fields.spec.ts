import { accounts } from './support/accounts.ts'
import {
  apiToken,
  chooseOption,
  expect,
  openTalent,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

// Custom fields: an admin defines them in Settings → Fields; a user fills them on a talent and
// sees them on its profile, with the server's own messages (security rule 66).

test('an admin adds Languages and a notice period; a user fills them and sees them on the profile', async ({
  page,
  request,
}) => {
  const id = unique()
  await signInViaApi(page, accounts.admin)
  await page.goto('/dashboard/settings')
  await expect(page.getByText('Fields', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Add field' }).click()
  let dialog = page.getByRole('dialog', { name: 'Add field' })
  await dialog.getByLabel('Label *').fill('Languages')
  await chooseOption(page, 'Type', 'Multiple choice')
  for (const [index, label] of ['English', 'German', 'Spanish'].entries()) {
    await dialog.getByRole('button', { name: 'Add choice' }).click()
    await dialog.getByLabel(`Choice ${index + 1}`).fill(label)
  }
  await dialog.getByRole('button', { name: 'Save field' }).click()
  await expect(toast(page).getByText('Field added')).toBeVisible()
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Add field' }).click()
  dialog = page.getByRole('dialog', { name: 'Add field' })
  await dialog.getByLabel('Label *').fill('Notice period (weeks)')
  await chooseOption(page, 'Type', 'Number')
  await dialog.getByLabel('Unit').fill('weeks')
  await dialog.getByRole('button', { name: 'Save field' }).click()
  await expect(dialog).toBeHidden()
  const list = page.getByRole('list', { name: 'Custom fields' })
  await expect(list.getByText('Languages', { exact: true })).toBeVisible()
  await expect(list.getByText('Notice period (weeks)', { exact: true })).toBeVisible()

  // A user adds a talent with both fields; a wrong value gets the server's message first.
  const name = `Lena Vogel ${id}`
  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Add talent' }).click()
  const form = page.getByRole('dialog', { name: 'Add New Talent' })
  await form.getByLabel('Full Name *').fill(name)
  await form.getByLabel('Email *').fill(`lena.${id}@example.com`)
  await chooseOption(page, 'Area of Interest *', 'Engineering')
  await chooseOption(page, 'Seniority Level *', 'Senior')
  await form.getByRole('checkbox', { name: 'German' }).check()
  await form.getByRole('checkbox', { name: 'Spanish' }).check()
  await form.getByLabel('Notice period (weeks)').fill('6')
  await form.getByRole('button', { name: 'Save Talent' }).click()
  await expect(toast(page).getByText('Talent created')).toBeVisible()

  await openTalent(page, id, name)
  await expect(page.getByRole('heading', { name: 'More details' })).toBeVisible()
  await expect(page.getByText('German, Spanish')).toBeVisible()
  await expect(page.getByText('6 weeks')).toBeVisible()

  // Leave the shared database as it was for the other journeys.
  const token = await apiToken(request, accounts.admin)
  const fields = (await (
    await request.get('/api/fields', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: number }[]
  for (const field of fields) {
    await request.delete(`/api/fields/${field.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  }
})
