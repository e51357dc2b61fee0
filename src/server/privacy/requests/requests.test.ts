import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect } from 'vitest'
import {
  DEFAULT_PRIVACY_REQUEST_SETTINGS,
  LINK_PLACEHOLDER_MISSING,
  MAIL_NOT_SET_UP,
  PRIVACY_PAGE_TEXT,
  privacyRequestBatchSchema,
  privacyRequestListSchema,
  privacyRequestSchema,
} from '#shared/privacy-requests.ts'
import { todayIso } from '#shared/privacy.ts'
import { activityLog, talents } from '../../db/schema.ts'
import { privacyLog } from '../../db/privacy-log-schema.ts'
import { erasures } from '../../db/privacy-schema.ts'
import { erasureRequests, privacyRequests } from '../../db/privacy-request-schema.ts'
import { apiTest, apiTestWith, type Api } from '#tests/support/api-test.ts'
import { privacyLinkIn, startSmtpServer, subjectOf, textBody } from '#tests/support/smtp-server.ts'
import { anonymisedEmail } from '../erasure/erase.ts'
import { PAGE_REQUESTS_PER_WINDOW } from './page-throttle.ts'

/*
 * Asking the person (security rule 59-62), through a real SMTP server: the e-mail, the public
 * page behind its link, and what each answer writes. Both engines.
 */

const smtp = await startSmtpServer()
afterAll(async () => {
  await smtp.close()
})
beforeEach(() => {
  smtp.received.length = 0
})
const test = apiTestWith({
  smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
  mailFrom: 'Scout <scout@example.com>',
  publicUrl: 'https://scout.example.com',
  smtpInsecure: true,
})

/** The page's path from the link in the last mail. */
function lastLinkPath(): string {
  const mail = smtp.received.at(-1)
  if (!mail) throw new Error('no mail received')
  return new URL(privacyLinkIn(mail.raw)).pathname
}

function formToken(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html)
  if (!match?.[1]) throw new Error('no form token on the page')
  return match[1]
}

/** A form post as the page's own form sends it from the same origin. */
function postForm(api: Api, path: string, fields: Record<string, string>, headers = {}) {
  return api.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  })
}

async function send(api: Api, talentId: number, kind: 'notice' | 'consent') {
  const user = await api.as('user')
  const response = await user.inject('POST', `/api/talents/${talentId}/privacy-requests`, { kind })
  expect(response.statusCode, response.body).toBe(201)
  return privacyRequestSchema.parse(response.json())
}

async function talentRow(api: Api, id: number) {
  const [row] = await api.database.db.select().from(talents).where(eq(talents.id, id))
  return row
}

function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  const target = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()),
  )
  if (target.getUTCDate() !== date.getUTCDate()) target.setUTCDate(0)
  return target.toISOString().slice(0, 10)
}

describe('sending (security rule 59)', () => {
  // The first test of the file pays the app's cold start (the first SMTP session included).
  test(
    'a notice: the mail from the template, the link stored hashed, logged, informed today',
    {
      timeout: 90_000,
    },
    async ({ api }) => {
      const id = await api.makeTalent({ fullName: 'Dana Reyes', email: 'dana@example.com' })
      const sent = await send(api, id, 'notice')
      expect(sent).toMatchObject({ kind: 'notice', state: 'sent', uses: 0, usedAt: null })

      expect(smtp.received).toHaveLength(1)
      const mail = smtp.received[0]
      expect(mail?.to).toEqual(['dana@example.com'])
      expect(subjectOf(mail?.raw ?? '')).toBe('How Our company holds your details')
      const text = textBody(mail?.raw ?? '')
      expect(text).toContain('Hello Dana Reyes,')
      expect(text).toContain('The link works for 30 days.')
      const link = privacyLinkIn(mail?.raw ?? '')
      expect(link).toMatch(/^https:\/\/scout\.example\.com\/privacy\/r\/[A-Za-z0-9_-]{43}$/)

      // Only the SHA-256 of the token is stored.
      const token = link.split('/').at(-1) ?? ''
      const [row] = await api.database.db.select().from(privacyRequests)
      expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
      expect(JSON.stringify(row)).not.toContain(token)
      const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(29.9)
      expect(days).toBeLessThanOrEqual(30)

      const log = await api.database.db.select().from(privacyLog)
      expect(log).toMatchObject([
        { kind: 'notice-sent', talentId: id, count: 1, details: { request: 'notice' } },
      ])
      expect((await talentRow(api, id))?.informedOn).toBe(todayIso())

      const list = privacyRequestListSchema.parse(
        (await (await api.as('user')).inject('GET', `/api/talents/${id}/privacy-requests`)).json(),
      )
      expect(list.cannotSend).toBeNull()
      expect(list.requests).toHaveLength(1)
    },
  )

  test('the admins edit the templates; a message without {link} is refused', async ({ api }) => {
    const admin = await api.as('admin')
    const bad = await admin.inject('PUT', '/api/privacy/request-settings', {
      ...DEFAULT_PRIVACY_REQUEST_SETTINGS,
      consentBody: 'Hello {name}',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain(LINK_PLACEHOLDER_MISSING)
    const saved = await admin.inject('PUT', '/api/privacy/request-settings', {
      ...DEFAULT_PRIVACY_REQUEST_SETTINGS,
      company: 'Acme',
      consentSubject: '{company} asks, {name}',
      consentBody: 'Dear {name}, {company} asks: {link} ({days} days)',
      linkDays: 7,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const user = await api.as('user')
    expect((await user.inject('GET', '/api/privacy/request-settings')).statusCode).toBe(403)

    const id = await api.makeTalent({ fullName: 'Ann {link}', email: 'ann@example.com' })
    await send(api, id, 'consent')
    const raw = smtp.received[0]?.raw ?? ''
    expect(subjectOf(raw)).toBe('Acme asks, Ann {link}')
    // A placeholder inside a value is not filled again.
    expect(textBody(raw)).toMatch(/^Dear Ann \{link\}, Acme asks: https:\/\/\S+ \(7 days\)/)
  })

  test('an erased (anonymised) talent gets nothing', async ({ api }) => {
    const id = await api.makeTalent()
    await api.database.db
      .update(talents)
      .set({ email: anonymisedEmail(id) })
      .where(eq(talents.id, id))
    const user = await api.as('user')
    const response = await user.inject('POST', `/api/talents/${id}/privacy-requests`, {
      kind: 'notice',
    })
    expect(response.statusCode).toBe(409)
    expect(smtp.received).toHaveLength(0)
    expect(await api.database.db.select().from(privacyRequests)).toHaveLength(0)
    const unknown = await user.inject('POST', '/api/talents/999999/privacy-requests', {
      kind: 'notice',
    })
    expect(unknown.statusCode).toBe(404)
    const badKind = await user.inject('POST', `/api/talents/${id}/privacy-requests`, {
      kind: 'spam',
    })
    expect(badKind.statusCode).toBe(400)
  })
})

describe('the public page (security rule 59-61)', () => {
  test('consent: open, confirm, valid-until set, logged; the used link shows no data', async ({
    api,
  }) => {
    const other = await api.makeTalent({ fullName: 'Olga Other', email: 'olga@example.com' })
    const id = await api.makeTalent({ fullName: 'Dana Reyes', email: 'dana@example.com' })
    await send(api, id, 'consent')
    const path = lastLinkPath()

    const page = await api.app.inject({ method: 'GET', url: path })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('Dana Reyes')
    expect(page.body).toContain('dana@example.com')
    expect(page.body).not.toContain('Olga')
    expect(page.body).not.toContain('<script')
    expect(page.body).toContain('Yes, I agree')

    const confirmed = await postForm(api, path, { csrf: formToken(page.body), action: 'confirm' })
    expect(confirmed.statusCode).toBe(200)
    const until = addMonths(todayIso(), 24)
    expect(confirmed.body).toContain(PRIVACY_PAGE_TEXT.consentConfirmed(until))

    const row = await talentRow(api, id)
    expect(row).toMatchObject({
      lawfulBasis: 'consent',
      consentGivenOn: todayIso(),
      consentValidUntil: until,
    })
    expect((await talentRow(api, other))?.lawfulBasis).toBe('legitimate interest')
    const log = await api.database.db
      .select()
      .from(privacyLog)
      .where(eq(privacyLog.kind, 'consent-change'))
    expect(log).toMatchObject([{ talentId: id, actorId: null, details: { request: 'consent' } }])
    const history = await api.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, id), eq(activityLog.action, 'talent.privacy_updated')))
    expect(history.at(-1)).toMatchObject({ userId: null, details: { via: 'privacy-page' } })

    // Reused: a clear page, no data.
    for (const reuse of [
      await api.app.inject({ method: 'GET', url: path }),
      await postForm(api, path, { csrf: formToken(page.body), action: 'confirm' }),
    ]) {
      expect(reuse.statusCode).toBe(410)
      expect(reuse.body).toContain(PRIVACY_PAGE_TEXT.expired)
      expect(reuse.body).not.toContain('Dana')
      expect(reuse.body).not.toContain('dana@example.com')
    }

    const list = privacyRequestListSchema.parse(
      (await (await api.as('user')).inject('GET', `/api/talents/${id}/privacy-requests`)).json(),
    )
    expect(list.requests[0]).toMatchObject({ state: 'used', outcome: 'consent-confirmed' })
    expect(list.requests[0]?.uses).toBe(4)
  })

  test('an expired, unknown or malformed link: the same page, no data', async ({ api }) => {
    const id = await api.makeTalent({ fullName: 'Dana Reyes' })
    await send(api, id, 'notice')
    const path = lastLinkPath()
    await api.database.db
      .update(privacyRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(privacyRequests.talentId, id))
    const paths = [path, '/privacy/r/' + 'A'.repeat(43), '/privacy/r/short']
    for (const url of paths) {
      const response = await api.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(410)
      expect(response.body).toContain(PRIVACY_PAGE_TEXT.expired)
      expect(response.body).not.toContain('Dana')
    }
  })

  test('security rule 60: a form without the value bound to the link, or from another site, changes nothing', async ({
    api,
  }) => {
    const id = await api.makeTalent({ fullName: 'Dana Reyes' })
    await send(api, id, 'consent')
    const path = lastLinkPath()
    const page = await api.app.inject({ method: 'GET', url: path })
    const forged = await postForm(api, path, { csrf: 'x'.repeat(43), action: 'confirm' })
    expect(forged.statusCode).toBe(403)
    expect(forged.body).toContain(PRIVACY_PAGE_TEXT.badForm)
    const crossSite = await postForm(
      api,
      path,
      { csrf: formToken(page.body), action: 'confirm' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    )
    expect(crossSite.statusCode).toBe(403)
    // Another link's form value does not open this one.
    const otherId = await api.makeTalent({ fullName: 'Other' })
    await send(api, otherId, 'consent')
    const otherPage = await api.app.inject({ method: 'GET', url: lastLinkPath() })
    const swapped = await postForm(api, path, {
      csrf: formToken(otherPage.body),
      action: 'confirm',
    })
    expect(swapped.statusCode).toBe(403)
    expect((await talentRow(api, id))?.lawfulBasis).toBe('legitimate interest')
    expect(
      await api.database.db.select().from(privacyLog).where(eq(privacyLog.kind, 'consent-change')),
    ).toHaveLength(0)
  })

  test('details: the form’s own messages; an e-mail in the pool is never revealed', async ({
    api,
  }) => {
    await api.makeTalent({ fullName: 'Olga Other', email: 'olga@example.com' })
    const id = await api.makeTalent({ fullName: 'Dana Reyes', email: 'dana@example.com' })
    await send(api, id, 'notice')
    const path = lastLinkPath()
    const page = await api.app.inject({ method: 'GET', url: path })
    expect(page.body).not.toContain('Yes, I agree')
    const csrf = formToken(page.body)

    const bad = await postForm(api, path, {
      csrf,
      action: 'details',
      email: 'not-an-email',
      phone: '',
      linkedinUrl: 'javascript:alert(1)',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('Invalid email address')
    expect(bad.body).toContain('Invalid URL')
    expect((await talentRow(api, id))?.email).toBe('dana@example.com')

    const good = await postForm(api, path, {
      csrf,
      action: 'details',
      email: 'dana.reyes@example.com',
      phone: '+44 20 7946 0000',
      linkedinUrl: 'https://www.linkedin.com/in/dana',
    })
    expect(good.statusCode).toBe(200)
    expect(good.body).toContain(PRIVACY_PAGE_TEXT.detailsUpdated)
    expect(await talentRow(api, id)).toMatchObject({
      email: 'dana.reyes@example.com',
      phone: '+44 20 7946 0000',
      linkedinUrl: 'https://www.linkedin.com/in/dana',
    })
    const [entry] = await api.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, id), eq(activityLog.action, 'talent.updated')))
    expect(entry).toMatchObject({ userId: null, details: { via: 'privacy-page' } })

    // Another talent's address: the same answer as any save, and nothing taken.
    const taken = await postForm(api, path, {
      csrf,
      action: 'details',
      email: 'OLGA@example.com',
      phone: '+44 20 7946 0000',
      linkedinUrl: 'https://www.linkedin.com/in/dana',
    })
    expect(taken.statusCode).toBe(good.statusCode)
    expect(taken.body).toContain(PRIVACY_PAGE_TEXT.detailsUpdated)
    expect(taken.body).not.toContain('Olga')
    expect(taken.body).not.toMatch(/already exists/i)
    expect((await talentRow(api, id))?.email).toBe('dana.reyes@example.com')
  })

  test('security rule 61: past the limit an address gets a 429 page', async ({ api }) => {
    for (let i = 0; i < PAGE_REQUESTS_PER_WINDOW; i++) {
      const response = await api.app.inject({ method: 'GET', url: `/privacy/r/unknown-${i}` })
      expect(response.statusCode).toBe(410)
    }
    const refused = await api.app.inject({ method: 'GET', url: '/privacy/r/unknown' })
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.body).toContain(PRIVACY_PAGE_TEXT.tooMany)
    const elsewhere = await api.app.inject({
      method: 'GET',
      url: '/privacy/r/unknown',
      remoteAddress: '192.0.2.7',
    })
    expect(elsewhere.statusCode).toBe(410)
  })
})

describe('removal (security rule 62)', () => {
  test('waits for an admin: listed, then erased or dismissed', async ({ api }) => {
    const ids = [
      await api.makeTalent({ fullName: 'Eve One' }),
      await api.makeTalent({ fullName: 'Finn Two' }),
    ]
    for (const id of ids) {
      await send(api, id, 'notice')
      const path = lastLinkPath()
      const page = await api.app.inject({ method: 'GET', url: path })
      const removed = await postForm(api, path, { csrf: formToken(page.body), action: 'remove' })
      expect(removed.statusCode).toBe(200)
      expect(removed.body).toContain(PRIVACY_PAGE_TEXT.removalRequested)
      expect((await api.app.inject({ method: 'GET', url: path })).statusCode).toBe(410)
    }
    const admin = await api.as('admin')
    const user = await api.as('user')
    expect((await user.inject('GET', '/api/privacy/erasure-requests')).statusCode).toBe(403)
    const list = (await admin.inject('GET', '/api/privacy/erasure-requests')).json<
      { id: number; talentId: number; fullName: string }[]
    >()
    expect(list.map((r) => r.fullName)).toEqual(['Eve One', 'Finn Two'])

    const erased = await admin.inject('POST', `/api/privacy/erasure-requests/${list[0]?.id}/erase`)
    expect(erased.statusCode, erased.body).toBe(200)
    expect(await talentRow(api, ids[0] ?? 0)).toBeUndefined()
    const dismissed = await admin.inject(
      'POST',
      `/api/privacy/erasure-requests/${list[1]?.id}/dismiss`,
    )
    expect(dismissed.statusCode).toBe(200)
    expect(await talentRow(api, ids[1] ?? 0)).toBeDefined()
    expect((await admin.inject('GET', '/api/privacy/erasure-requests')).json()).toEqual([])
    const again = await admin.inject('POST', `/api/privacy/erasure-requests/${list[1]?.id}/erase`)
    expect(again.statusCode).toBe(404)
    expect(await api.database.db.select().from(erasureRequests)).toHaveLength(1)
  })

  test('with the admins’ switch on, the person is erased at once', async ({ api }) => {
    const admin = await api.as('admin')
    await admin.inject('PUT', '/api/privacy/request-settings', {
      ...DEFAULT_PRIVACY_REQUEST_SETTINGS,
      eraseAtOnce: true,
    })
    const id = await api.makeTalent({ fullName: 'Gil Gone', email: 'gil@example.com' })
    await send(api, id, 'consent')
    const path = lastLinkPath()
    const page = await api.app.inject({ method: 'GET', url: path })
    const removed = await postForm(api, path, { csrf: formToken(page.body), action: 'remove' })
    expect(removed.statusCode).toBe(200)
    expect(removed.body).toContain(PRIVACY_PAGE_TEXT.erased)
    expect(await talentRow(api, id)).toBeUndefined()
    const [record] = await api.database.db.select().from(erasures)
    expect(record).toMatchObject({ talentId: id, erasedById: null })
    expect(await api.database.db.select().from(privacyRequests)).toHaveLength(0)
    const reuse = await api.app.inject({ method: 'GET', url: path })
    expect(reuse.statusCode).toBe(410)
  })
})

describe('bulk (security rule 59)', () => {
  test('a selection as a job: progress counted, each mail logged, erased talents skipped', async ({
    api,
  }) => {
    const ids = [
      await api.makeTalent({ email: 'a@example.com' }),
      await api.makeTalent({ email: 'b@example.com' }),
      await api.makeTalent({ email: 'c@example.com' }),
    ]
    await api.database.db
      .update(talents)
      .set({ email: anonymisedEmail(ids[1] ?? 0) })
      .where(eq(talents.id, ids[1] ?? 0))
    const user = await api.as('user')
    const started = await user.inject('POST', '/api/talents/bulk/privacy-requests', {
      kind: 'consent',
      ids,
    })
    expect(started.statusCode, started.body).toBe(202)
    const batch = privacyRequestBatchSchema.parse(started.json())
    expect(batch).toMatchObject({ total: 3, state: 'running' })
    await api.app.jobs.drain()
    const after = privacyRequestBatchSchema.parse(
      (await user.inject('GET', `/api/privacy/request-batches/${batch.id}`)).json(),
    )
    expect(after).toMatchObject({ state: 'done', sent: 2, skipped: 1, failed: 0 })
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['a@example.com', 'c@example.com'])
    const log = await api.database.db.select().from(privacyLog)
    expect(log).toHaveLength(2)
    expect(log.every((e) => e.kind === 'notice-sent' && e.actorId === user.user.id)).toBe(true)

    const other = await api.as('otherUser')
    const peek = await other.inject('GET', `/api/privacy/request-batches/${batch.id}`)
    expect(peek.statusCode).toBe(403)
    const byFilter = await user.inject('POST', '/api/talents/bulk/privacy-requests', {
      kind: 'notice',
      filter: { q: 'c@example.com' },
    })
    expect(byFilter.statusCode).toBe(202)
    expect(privacyRequestBatchSchema.parse(byFilter.json()).total).toBe(1)
    const both = await user.inject('POST', '/api/talents/bulk/privacy-requests', {
      kind: 'notice',
      ids,
      filter: {},
    })
    expect(both.statusCode).toBe(400)
  })
})

// Without SMTP_URL nothing can be sent: the buttons say why, the route refuses, nothing recorded.
apiTest('without SMTP_URL: refused with the reason, nothing recorded', async ({ api }) => {
  const id = await api.makeTalent()
  const user = await api.as('user')
  const list = privacyRequestListSchema.parse(
    (await user.inject('GET', `/api/talents/${id}/privacy-requests`)).json(),
  )
  expect(list.cannotSend).toBe(MAIL_NOT_SET_UP)
  const response = await user.inject('POST', `/api/talents/${id}/privacy-requests`, {
    kind: 'consent',
  })
  expect(response.statusCode).toBe(409)
  expect(response.json()).toMatchObject({ message: MAIL_NOT_SET_UP })
  const bulk = await user.inject('POST', '/api/talents/bulk/privacy-requests', {
    kind: 'consent',
    ids: [id],
  })
  expect(bulk.statusCode).toBe(409)
  expect(await api.database.db.select().from(privacyRequests)).toHaveLength(0)
  expect(await api.database.db.select().from(privacyLog)).toHaveLength(0)
})
