import { expect, test } from 'vitest'
import { loadConfig } from '../config.ts'

// The mail settings of config.ts: defaults, and bad values refused by name.
test('SMTP_URL, MAIL_FROM and PUBLIC_URL: defaults and validation', () => {
  const defaults = loadConfig({ PORT: '5050' })
  expect(defaults).toMatchObject({
    smtpUrl: undefined,
    mailFrom: 'Scout <no-reply@localhost>',
    publicUrl: 'http://localhost:5050',
  })
  const set = loadConfig({
    SMTP_URL: 'smtps://u:p@mail.example.com:465',
    MAIL_FROM: 'hr@example.com',
    PUBLIC_URL: 'https://scout.example.com/',
  })
  expect(set).toMatchObject({
    smtpUrl: 'smtps://u:p@mail.example.com:465',
    mailFrom: 'hr@example.com',
    publicUrl: 'https://scout.example.com',
  })
  expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/^Invalid SMTP_URL/)
  expect(() => loadConfig({ MAIL_FROM: 'Scout' })).toThrow(/^Invalid MAIL_FROM/)
  expect(() => loadConfig({ PUBLIC_URL: 'scout.example.com' })).toThrow(/^Invalid PUBLIC_URL/)
})
