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

test('custom fields find talents: a filter, a search term, a sorted column and a saved view', async ({
  page,
  request,
}) => {
  const id = unique()
  const token = await apiToken(request, accounts.admin)
  const auth = { Authorization: `Bearer ${token}` }
  const created: number[] = []
  for (const data of [
    {
      label: `Languages ${id}`,
      key: `languages_${id}`,
      type: 'multiple_choice',
      choices: [
        { value: 'english', label: 'English' },
        { value: 'german', label: 'German' },
      ],
    },
    { label: `Notice ${id}`, key: `notice_${id}`, type: 'number' },
  ]) {
    const response = await request.post('/api/fields', { headers: auth, data })
    expect(response.status()).toBe(201)
    created.push(((await response.json()) as { id: number }).id)
  }
  const people = [
    { name: `Greta ${id}`, languages: ['german'], notice: 2 },
    { name: `Hugo ${id}`, languages: ['english'], notice: 3 },
    { name: `Ida ${id}`, languages: ['german'], notice: 8 },
  ]
  for (const [n, person] of people.entries()) {
    const response = await request.post('/api/talents', {
      headers: auth,
      data: {
        fullName: person.name,
        email: `p${n}.${id}@example.com`,
        areaOfInterest: 'Engineering',
        seniorityLevel: 'mid',
        customFields: { [`languages_${id}`]: person.languages, [`notice_${id}`]: person.notice },
      },
    })
    expect(response.status()).toBe(201)
  }

  await signInViaApi(page, accounts.user)
  await page.goto('/dashboard')
  // Filter by Languages: German.
  await page.getByRole('button', { name: /Filters/ }).click()
  const panel = page.getByRole('dialog')
  await panel.getByRole('checkbox', { name: 'German' }).check()
  await panel.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(new RegExp(`field\\.languages_${id}=german`))
  await expect(page.getByText(people[0]!.name)).toBeVisible()
  await expect(page.getByText(people[2]!.name)).toBeVisible()
  await expect(page.getByText(people[1]!.name)).toBeHidden()

  // Search `notice_<id>:<=4`: only Greta of the two.
  const box = page.getByRole('searchbox', { name: 'Search talents' })
  await box.fill(`notice_${id}:<=4 `)
  await expect(page.getByText(`Notice ${id}: <=4`)).toBeVisible()
  await expect(page.getByText(people[2]!.name)).toBeHidden()
  await expect(page.getByText(people[0]!.name)).toBeVisible()
  await box.fill('')

  // The table with the Notice column, sorted by it, highest first.
  await page.getByRole('button', { name: 'List view' }).click()
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('menuitemcheckbox', { name: `Notice ${id}` }).click()
  await page.keyboard.press('Escape')
  const header = page.getByRole('button', { name: `Notice ${id}` })
  await header.click()
  await header.click()
  await expect(page).toHaveURL(new RegExp(`sort=field\\.notice_${id}\\.desc`))
  const rows = page.getByRole('row', { name: new RegExp(`View .* ${id}`) })
  await expect(rows.first()).toHaveAccessibleName(`View ${people[2]!.name}`)

  // Saved, then opened by its URL: the filter, the column and the sort come back.
  await page.getByRole('button', { name: 'Save view' }).click()
  const save = page.getByRole('dialog', { name: 'Save view' })
  await save.getByLabel('Name').fill(`German speakers ${id}`)
  await save.getByRole('button', { name: 'Save view' }).click()
  await expect(save).toBeHidden()
  const viewId = new URL(page.url()).searchParams.get('view')
  await page.goto(`/dashboard?view=${viewId}`)
  await expect(page).toHaveURL(new RegExp(`field\\.languages_${id}=german`))
  await expect(page.getByRole('button', { name: `Notice ${id}` })).toBeVisible()
  await expect(page.getByText(people[1]!.name)).toBeHidden()

  for (const fieldId of created) await request.delete(`/api/fields/${fieldId}`, { headers: auth })
})
