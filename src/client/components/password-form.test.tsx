import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { z } from 'zod'
import { PasswordForm } from './password-form.tsx'

const schema = z.object({ currentPassword: z.string(), newPassword: z.string() })

test('each field a labelled password input, the first focused; the buttons after them', () => {
  const html = renderToStaticMarkup(
    <PasswordForm
      schema={schema}
      aria-label="Change your password"
      intro={<p>Enter both.</p>}
      fields={[
        { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
        {
          name: 'newPassword',
          id: 'settings-new',
          label: 'New Password',
          autoComplete: 'new-password',
          description: 'At least 6 characters.',
        },
      ]}
      onValid={() => undefined}
      submit={<button type="submit">Update Password</button>}
    />,
  )
  expect(html).toMatch(/^<form[^>]*aria-label="Change your password"[^>]*noValidate=""/)
  expect(html).toMatch(/<label[^>]*for="field-currentPassword"[^>]*>Current Password<\/label>/)
  expect(html).toMatch(
    /<input[^>]*type="password"[^>]*autoComplete="current-password"[^>]*id="field-currentPassword"/,
  )
  expect(html).toMatch(/<label[^>]*for="settings-new"[^>]*>New Password<\/label>/)
  expect(html).toMatch(
    /<input[^>]*type="password"[^>]*autoComplete="new-password"[^>]*id="settings-new"/,
  )
  expect(html).toContain('At least 6 characters.')
  // The first field takes the focus, and only it.
  expect(html.match(/autofocus=""/g)).toHaveLength(1)
  expect(html).toMatch(/autofocus=""[^>]*id="field-currentPassword"/)
  expect(html).toMatch(
    /Enter both\..*Current Password.*New Password.*Update Password<\/button><\/form>$/s,
  )
})
