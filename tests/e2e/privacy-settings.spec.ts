import { accounts } from './support/accounts.ts'
import { expect, signInViaApi, test, toast } from './support/fixtures.ts'

// Settings → Privacy e-mails (security rule 59, 62): the numbers the server holds show in their
// boxes, so saving the card without touching them keeps them, and a change is read back.

test('the privacy e-mail settings show their numbers, save a change and read it back', async ({
  page,
}) => {
  await signInViaApi(page, accounts.admin)
  await page.goto('/dashboard/settings')
  const form = page.getByRole('form', { name: 'Privacy e-mails' })
  const months = form.getByLabel('Consent lasts (months)')
  const days = form.getByLabel('Links work for (days)')
  await expect(months).toHaveValue('24')
  await expect(days).toHaveValue('30')

  await months.fill('12')
  await form.getByRole('button', { name: 'Save privacy e-mails' }).click()
  await expect(toast(page).getByText('Privacy e-mails saved')).toBeVisible()
  await page.reload()
  await expect(months).toHaveValue('12')
  await expect(days).toHaveValue('30')

  // Leave the shared server's settings as they were for the other journeys.
  await months.fill('24')
  await form.getByRole('button', { name: 'Save privacy e-mails' }).click()
  await expect(toast(page).getByText('Privacy e-mails saved')).toBeVisible()
})
