import { strFromU8, unzipSync } from 'fflate'
import { expect, vi } from 'vitest'
import { z } from 'zod'
import { PERSONAL_DATA_FORBIDDEN } from '#shared/privacy-log.ts'
import { privacyRecordSchema } from '#shared/privacy.ts'
import { talentSchema } from '#shared/talent.ts'
import { randomBytes } from 'node:crypto'
import { activityLog } from '../../db/schema.ts'
import { talentCvs } from '../../db/file-schema.ts'
import { databaseFileStore } from '../../files/database-file-store.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { makePdf, uploadCv } from '#tests/support/cv-files.ts'
import { privacyLogRows, privacyLogText } from '#tests/support/privacy/privacy-log-rows.ts'

/** Security rule 53-54: GET /api/talents/:id/personal-data on the engine under test. */

vi.setConfig({ testTimeout: 120_000 })

const NAME = 'Zoë <b>Ångström</b> & 李'
const EMAIL = 'zoe.personal@example.com'

const PRIVACY = {
  source: 'event',
  sourceDetail: 'Rust <meetup>',
  lawfulBasis: 'consent',
  consentGivenOn: '2025-03-01',
  consentValidUntil: '2030-03-01',
  informedOn: '2025-03-02',
} as const

const dataSchema = z.object({
  format: z.literal('scout-personal-data'),
  version: z.literal(1),
  exportedAt: z.iso.datetime(),
  talent: talentSchema,
  privacyRecord: privacyRecordSchema,
  cvVersions: z.array(
    z.object({
      version: z.number(),
      file: z.string(),
      fileName: z.string(),
      mimeType: z.string(),
      sizeBytes: z.number(),
      sha256: z.string(),
    }),
  ),
  history: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      entityId: z.number().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
      createdAt: z.string(),
    }),
  ),
})

/** A talent added, edited and given two CV versions through the API, by `owner`. */
async function talentWithEverything(api: Api, owner: SignedIn) {
  const created = await owner.inject('POST', '/api/talents', {
    fullName: NAME,
    email: EMAIL,
    phone: '+44 20 7946 0958',
    areaOfInterest: 'Engineering',
    seniorityLevel: 'senior',
    notes: 'Met at the meetup.\nPrefers remote.',
    tags: ['High Potential', 'Rust'],
    status: ['Shortlisted'],
    privacy: PRIVACY,
  })
  expect(created.statusCode, created.body).toBe(201)
  const talent = talentSchema.parse(created.json())
  const edited = await owner.inject('PUT', `/api/talents/${talent.id}`, {
    ...{ fullName: NAME, email: EMAIL, areaOfInterest: 'Engineering', seniorityLevel: 'senior' },
    phone: '+44 20 7946 0999',
    tags: ['High Potential', 'Rust'],
  })
  expect(edited.statusCode, edited.body).toBe(200)
  const cvs = [
    { name: '../Zoë: CV? <old>|.txt', bytes: Buffer.from('Zoë Ångström\nOld CV, line two\n') },
    { name: 'zoe-cv-2026.pdf', bytes: makePdf(['Zoë Ångström', 'Current CV']) },
  ]
  for (const cv of cvs) {
    const response = await uploadCv(api.app, owner, talent.id, cv)
    expect(response.statusCode, response.body).toBe(201)
  }
  return { id: talent.id, cvs }
}

function unzip(bytes: Buffer) {
  const entries = unzipSync(new Uint8Array(bytes))
  const text = (name: string) => {
    const entry = entries[name]
    if (!entry) throw new Error(`no ${name} in ${Object.keys(entries).join(', ')}`)
    return strFromU8(entry)
  }
  return { entries, text }
}

test('the zip: summary.html, data.json with every field, tag, status and the History, each CV version byte for byte', async ({
  api,
}) => {
  const user = await api.as('user')
  const { id, cvs } = await talentWithEverything(api, user)

  const response = await user.inject('GET', `/api/talents/${id}/personal-data`)
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('application/zip')
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(
      `^attachment; filename="scout-personal-data-talent-${id}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`,
    ),
  )
  expect(response.headers['x-content-type-options']).toBe('nosniff')

  const { entries, text } = unzip(response.rawPayload)
  expect(Object.keys(entries)).toEqual([
    'summary.html',
    'data.json',
    'cvs/1-Zoë_ CV_ _old__.txt',
    'cvs/2-zoe-cv-2026.pdf',
  ])
  // The original files, unchanged.
  expect(Buffer.from(entries['cvs/1-Zoë_ CV_ _old__.txt']!)).toEqual(cvs[0]!.bytes)
  expect(Buffer.from(entries['cvs/2-zoe-cv-2026.pdf']!)).toEqual(cvs[1]!.bytes)

  const data = dataSchema.parse(JSON.parse(text('data.json')))
  expect(data.talent).toMatchObject({
    id,
    fullName: NAME,
    email: EMAIL,
    phone: '+44 20 7946 0999',
    notes: 'Met at the meetup.\nPrefers remote.',
    tags: ['High Potential', 'Rust'],
    status: ['Shortlisted'],
    addedById: user.user.id,
  })
  expect(data.privacyRecord).toEqual({ talentId: id, ...PRIVACY, consentState: 'valid' })
  expect(data.cvVersions.map((cv) => [cv.version, cv.file, cv.fileName])).toEqual([
    [1, 'cvs/1-Zoë_ CV_ _old__.txt', 'Zoë: CV? <old>|.txt'],
    [2, 'cvs/2-zoe-cv-2026.pdf', 'zoe-cv-2026.pdf'],
  ])
  // The whole History, oldest first: added, edited (the phone), two CVs attached.
  expect(data.history.map((entry) => entry.action)).toEqual([
    'talent.created',
    'talent.updated',
    'talent.cv_attached',
    'talent.cv_attached',
  ])
  expect(data.history[1]?.details?.changes).toEqual([
    { field: 'phone', from: '+44 20 7946 0958', to: '+44 20 7946 0999' },
  ])

  const html = text('summary.html')
  expect(html).toContain('Zoë &lt;b&gt;Ångström&lt;/b&gt; &amp; 李')
  expect(html).toContain(EMAIL)
  expect(html).toContain('+44 20 7946 0999')
  expect(html).toContain('cvs/2-zoe-cv-2026.pdf')
  expect(html).toContain('talent.cv_attached')
  // The privacy record, in plain words.
  expect(html).toContain('<h2>Why we hold your data</h2>')
  expect(html).toContain('<li>We met you at an event (Rust &lt;meetup&gt;).</li>')
  expect(html).toContain(
    '<li>We hold your data because you gave us your consent on 2025-03-01. It is valid until 2030-03-01. You may withdraw it at any time.</li>',
  )
  expect(html).toContain('<li>We told you on 2025-03-02 that you are in our talent pool.</li>')
  // Self-contained: nothing runs, nothing loads.
  expect(html).not.toMatch(/<script|<b>|src=|href=|<link|@import/i)
})

test('a History longer than one read is complete, in order', async ({ api }) => {
  const admin = await api.as('admin')
  const id = await api.makeTalent({ fullName: 'Long History', email: 'long@example.com' })
  const other = await api.makeTalent({ fullName: 'Someone Else', email: 'else@example.com' })
  await api.database.db.insert(activityLog).values(
    Array.from({ length: 1_203 }, (_, i) => ({
      userId: admin.user.id,
      action: 'talent.updated',
      entityType: 'talent',
      entityId: i % 3 === 2 ? other : id,
      details: { changes: [{ field: 'notes', from: `n${i - 1}`, to: `n${i}` }] },
    })),
  )
  const response = await admin.inject('GET', `/api/talents/${id}/personal-data`)
  expect(response.statusCode, response.body).toBe(200)
  const { text } = unzip(response.rawPayload)
  const data = dataSchema.parse(JSON.parse(text('data.json')))
  expect(data.history).toHaveLength(802)
  expect(data.history.every((entry) => entry.entityId === id)).toBe(true)
  const ids = data.history.map((entry) => entry.id)
  expect(ids).toEqual([...ids].sort((a, b) => a - b))
  expect(text('summary.html').match(/<tr><td>/g)).toHaveLength(802 + 13)
})

test('a CV larger than one read slice comes out whole, byte for byte', async ({ api }) => {
  const admin = await api.as('admin')
  const id = await api.makeTalent({ fullName: 'Big File', email: 'big@example.com' })
  const bytes = randomBytes(2 * 1024 * 1024 + 12_345)
  const { sha256 } = await databaseFileStore(api.database.db).put(bytes, 'application/pdf')
  await api.database.db.insert(talentCvs).values({ talentId: id, sha256, fileName: 'big.pdf' })
  const response = await admin.inject('GET', `/api/talents/${id}/personal-data`)
  expect(response.statusCode, response.body).toBe(200)
  const { entries } = unzip(response.rawPayload)
  expect(Buffer.from(entries['cvs/1-big.pdf']!).equals(bytes)).toBe(true)
})

test('who may: admins and the adder; any other user 403, anonymous 401, an unknown talent 404', async ({
  api,
}) => {
  const adder = await api.as('user')
  const id = await api.makeTalent({ fullName: 'Who May', addedById: adder.user.id })
  const url = `/api/talents/${id}/personal-data`
  expect((await (await api.as('admin')).inject('GET', url)).statusCode).toBe(200)
  expect((await adder.inject('GET', url)).statusCode).toBe(200)
  const refused = await (await api.as('otherUser')).inject('GET', url)
  expect(refused.statusCode).toBe(403)
  expect(refused.json<{ message: string }>().message).toBe(PERSONAL_DATA_FORBIDDEN)
  expect((await (await api.as('anonymous')).inject('GET', url)).statusCode).toBe(401)
  // A talent nobody added (imported, or the adder deleted): admins only.
  const orphan = await api.makeTalent({ fullName: 'No Adder', addedById: null })
  const orphanUrl = `/api/talents/${orphan}/personal-data`
  expect((await adder.inject('GET', orphanUrl)).statusCode).toBe(403)
  expect((await (await api.as('admin')).inject('GET', orphanUrl)).statusCode).toBe(200)

  const missing = await (await api.as('admin')).inject('GET', '/api/talents/987654/personal-data')
  expect(missing.statusCode).toBe(404)
  expect(missing.json<{ message: string }>().message).toBe('Talent not found')
  for (const bad of ['0', 'abc', '99999999999']) {
    const response = await (
      await api.as('admin')
    ).inject('GET', `/api/talents/${bad}/personal-data`)
    expect(response.statusCode, bad).toBe(400)
  }
})

test('security rule 54-55: each export is in the privacy log, by id, with no copy of the person', async ({
  api,
}) => {
  const user = await api.as('user')
  const { id } = await talentWithEverything(api, user)
  // Refused and unknown ones hand nothing out and log nothing.
  await (await api.as('otherUser')).inject('GET', `/api/talents/${id}/personal-data`)
  await user.inject('GET', '/api/talents/987654/personal-data')
  expect(await privacyLogRows(api.database.db)).toEqual([])

  expect((await user.inject('GET', `/api/talents/${id}/personal-data`)).statusCode).toBe(200)
  expect(await privacyLogRows(api.database.db)).toEqual([
    {
      kind: 'personal-data-export',
      actorId: user.user.id,
      talentId: id,
      count: 1,
      details: { format: 'zip' },
    },
  ])
  const stored = (await privacyLogText(api.database.db)).toLowerCase()
  for (const part of ['zoë', 'ångström', 'zoe', '7946', 'example.com', 'cv-2026']) {
    expect(stored).not.toContain(part)
  }
  const log = await (await api.as('admin')).inject('GET', '/api/privacy/log')
  expect(log.json()).toEqual([
    expect.objectContaining({ kind: 'personal-data-export', talentId: id, count: 1 }),
  ])
})
