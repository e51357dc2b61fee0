import { accounts } from './support/accounts.ts'
import { daysFromToday, resetRetentionClock, setRetentionDay } from './support/clock.ts'
import {
  chooseOption,
  createTalentViaApi,
  expect,
  signInViaApi,
  test,
  toast,
  unique,
} from './support/fixtures.ts'

// Security rule 56-58: a retention rule previewed before it is switched on, the Due for removal
// list with Keep, and the daily run anonymising a talent once the notice has passed (the
// retention clock moved forward through TEST_CLOCK_FILE).

test.afterEach(() => resetRetentionClock())

test('preview a rule, see the due list, keep one talent, and let the run anonymise another', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const id = unique()
  const token = await signInViaApi(page, accounts.admin)
  const auth = { Authorization: `Bearer ${token}` }
  const seed = async (fullName: string, validUntil: string) => {
    const talentId = await createTalentViaApi(page, token, {
      fullName,
      email: `${fullName.split(' ')[0]?.toLowerCase()}.${id}@example.com`,
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    })
    const privacy = await page.request.put(`/api/talents/${talentId}/privacy`, {
      headers: auth,
      data: {
        source: 'applied',
        sourceDetail: null,
        lawfulBasis: 'consent',
        consentGivenOn: '2019-01-01',
        consentValidUntil: validUntil,
        informedOn: '2019-01-01',
      },
    })
    expect(privacy.status()).toBe(200)
    return talentId
  }
  const goneName = `Astrid Lapsed ${id}`
  const keptName = `Bruno Lapsed ${id}`
  const currentName = `Carla Current ${id}`
  const gone = await seed(goneName, '2020-01-01')
  await seed(keptName, '2020-01-01')
  await seed(currentName, '2099-12-31')

  await page.goto('/dashboard/settings')
  const rulesCard = page.getByRole('heading', { name: 'Retention rules' })
  await expect(rulesCard).toBeVisible()

  // Add a rule: the schema's message when no condition is chosen, then a real one.
  await page.getByRole('button', { name: 'Add rule' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add retention rule' })
  const ruleName = `Lapsed consent ${id}`
  await dialog.getByLabel('Rule name').fill(ruleName)
  await dialog.getByRole('button', { name: 'Save rule' }).click()
  await expect(dialog.getByText('Choose a condition')).toBeVisible()
  await chooseOption(page, 'Condition', 'Consent expired (days ago)')
  await dialog.getByLabel(/^Amount/).fill('30')
  await chooseOption(page, 'Action', 'Anonymise (keeps counts and reports)')
  await expect(dialog.getByRole('checkbox', { name: 'Hired' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save rule' }).click()
  await expect(toast(page).getByText('Rule added')).toBeVisible()
  await expect(dialog).toBeHidden()

  // Before it is switched on: the preview counts and lists who it would act on today.
  const rule = page.getByRole('listitem', { name: ruleName })
  await expect(rule.getByText('Off', { exact: true })).toBeVisible()
  await rule.getByRole('button', { name: 'Preview' }).click()
  const preview = rule.getByRole('region', { name: `Preview of ${ruleName}` })
  await expect(preview.getByText(/^Would act on \d+ talents? today/)).toBeVisible()
  await expect(preview.getByText(goneName)).toBeVisible()
  await expect(preview.getByText(keptName)).toBeVisible()
  await expect(preview.getByText(currentName)).toHaveCount(0)

  // Switched on: both are due for removal after the 14 days' notice, nothing sooner.
  await rule.getByRole('button', { name: 'Switch on' }).click()
  await expect(toast(page).getByText('Rule switched on')).toBeVisible()
  await expect(rule.getByText('On', { exact: true })).toBeVisible()
  const due = page.getByRole('table', { name: 'Due for removal' })
  const actOn = daysFromToday(14)
  await expect(due.getByRole('row', { name: new RegExp(goneName) })).toContainText(
    `Anonymised on ${actOn}`,
  )
  await expect(due.getByRole('row', { name: new RegExp(keptName) })).toBeVisible()

  // Keep one: a reason and a new review date, then it leaves the list.
  await due.getByRole('button', { name: `Keep ${keptName}` }).click()
  const keep = page.getByRole('dialog', { name: `Keep ${keptName}?` })
  await keep.getByRole('button', { name: 'Keep', exact: true }).click()
  await expect(keep.getByText('Give a reason to keep this talent')).toBeVisible()
  await keep.getByLabel('Reason to keep').fill('Final interview planned for the spring')
  await keep.getByLabel('Keep until').fill(daysFromToday(90))
  await keep.getByRole('button', { name: 'Keep', exact: true }).click()
  await expect(toast(page).getByText('Talent kept')).toBeVisible()
  await expect(keep).toBeHidden()
  await expect(due.getByRole('row', { name: new RegExp(keptName) })).toHaveCount(0)

  // Fifteen days later the daily run anonymises the other and logs it.
  setRetentionDay(daysFromToday(15))
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/talents/${gone}`, { headers: auth })
        return ((await response.json()) as { fullName?: string }).fullName
      },
      { timeout: 60_000 },
    )
    .toBe(`Erased talent #${gone}`)
  await page.reload()
  await expect(page.getByRole('table', { name: 'Due for removal' })).toHaveCount(0)
  const log = page.getByRole('table', { name: 'Privacy log' })
  await expect(
    log.getByRole('row').filter({ hasText: 'Retention run' }).filter({ hasText: 'anonymised' }),
  ).toContainText('1')
  await expect(page.getByText(keptName)).toHaveCount(0)

  // The kept talent is still there, with the Keep in its History.
  await page.goto(`/dashboard?search=${encodeURIComponent(keptName)}`)
  await page.getByRole('button', { name: 'Grid view' }).click()
  await page.getByRole('button', { name: keptName, exact: true }).click()
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByText(/kept this talent from removal until/)).toBeVisible()

  // Tidy up: the rule goes, so no other journey's talent is ever due.
  const rules = await page.request.get('/api/privacy/rules', { headers: auth })
  for (const each of (await rules.json()) as { id: number; name: string }[]) {
    if (each.name === ruleName) {
      await page.request.delete(`/api/privacy/rules/${each.id}`, { headers: auth })
    }
  }
})
