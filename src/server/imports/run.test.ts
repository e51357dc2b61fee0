import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  ALREADY_RUN_MESSAGE,
  IMPORT_ALREADY_UNDONE,
  spreadsheetImportDetailSchema,
  spreadsheetImportSchema,
} from '#shared/imports/import-api.ts'
import { apiTest as test } from '#tests/support/api-test.ts'
import { mappedSpreadsheet, uploadedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import { activityLog, tags, talents } from '../db/schema.ts'

const CSV = [
  'Name,Email,Area,Level,Skills,Notes',
  'Dana Reyes,dana@example.com,Design,senior,UX; Brand New Skill,',
  'Ed Moss,ED@example.com,Design,exec,,Now leads design',
  'Bad Row,not-an-email,Design,mid,,',
].join('\n')

test('run: creates, updates, refuses bad rows, names the import in History; undo takes it all back', async ({
  api,
}) => {
  const user = await api.as('user')
  const db = api.database.db
  const edId = await api.makeTalent({
    fullName: 'Ed Moss',
    email: 'ed@example.com',
    addedById: user.user.id,
  })
  const importId = await mappedSpreadsheet(api, user, CSV)

  const run = await user.inject('POST', `/api/imports/${importId}/run`)
  expect(run.statusCode, run.body).toBe(202)
  await api.app.jobs.drain()
  const status = spreadsheetImportSchema.parse(
    (await user.inject('GET', `/api/imports/${importId}`)).json(),
  )
  expect(status).toMatchObject({
    state: 'done',
    total: 3,
    done: 3,
    created: 1,
    updated: 1,
    invalid: 1,
  })

  const [dana] = await db.select().from(talents).where(eq(talents.email, 'dana@example.com'))
  expect(dana).toMatchObject({
    areaOfInterest: 'Design',
    seniorityLevel: 'senior',
    tags: ['UX', 'Brand New Skill'],
  })
  // A tag first named in the file is created, as the form creates one.
  expect((await db.select().from(tags)).map((tag) => tag.name)).toContain('Brand New Skill')
  const [ed] = await db.select().from(talents).where(eq(talents.id, edId))
  expect(ed).toMatchObject({ seniorityLevel: 'exec', notes: 'Now leads design' })
  const history = await db.select().from(activityLog).where(eq(activityLog.entityId, edId))
  expect(history.at(-1)).toMatchObject({
    action: 'talent.updated',
    details: { import: { importId, fileName: 'people.csv' } },
  })
  expect((await user.inject('GET', '/api/imports')).json()).toMatchObject([
    { id: importId, state: 'done' },
  ])

  // The undo is a job (undo-job.ts): the request answers at once with it queued.
  const undo = await user.inject('POST', `/api/imports/${importId}/undo`)
  expect(undo.statusCode, undo.body).toBe(202)
  expect(spreadsheetImportDetailSchema.parse(undo.json())).toMatchObject({
    state: 'done',
    undo: { state: 'queued', done: 0, total: 2 },
    kept: [],
  })
  await api.app.jobs.drain()
  expect(
    spreadsheetImportDetailSchema.parse(
      (await user.inject('GET', `/api/imports/${importId}`)).json(),
    ),
  ).toMatchObject({
    state: 'undone',
    undo: { state: 'done', done: 2, total: 2, removedTalents: 1, restoredTalents: 1, keptCount: 0 },
    kept: [],
  })
  expect(await db.select().from(talents).where(eq(talents.email, 'dana@example.com'))).toEqual([])
  const [edBack] = await db.select().from(talents).where(eq(talents.id, edId))
  expect(edBack).toMatchObject({ seniorityLevel: 'mid', notes: null })
  const again = await user.inject('POST', `/api/imports/${importId}/undo`)
  expect(again.statusCode).toBe(409)
  expect(again.json()).toEqual({ message: IMPORT_ALREADY_UNDONE })
})

test('undo leaves a talent edited since the import as it is, and lists it', async ({ api }) => {
  const user = await api.as('user')
  const importId = await mappedSpreadsheet(api, user, CSV)
  await user.inject('POST', `/api/imports/${importId}/run`)
  await api.app.jobs.drain()
  const [dana] = await api.database.db
    .select()
    .from(talents)
    .where(eq(talents.email, 'dana@example.com'))
  const edit = await user.inject('PUT', `/api/talents/${dana?.id}`, {
    fullName: 'Dana Reyes',
    email: 'dana@example.com',
    areaOfInterest: 'Design',
    seniorityLevel: 'senior',
    notes: 'Called her today',
  })
  expect(edit.statusCode, edit.body).toBe(200)
  expect((await user.inject('POST', `/api/imports/${importId}/undo`)).statusCode).toBe(202)
  await api.app.jobs.drain()
  const undone = await user.inject('GET', `/api/imports/${importId}`)
  expect(undone.json()).toMatchObject({
    state: 'undone',
    undo: { state: 'done', keptCount: 1 },
    kept: [{ talentId: dana?.id, fullName: 'Dana Reyes' }],
  })
  const [still] = await api.database.db
    .select()
    .from(talents)
    .where(eq(talents.email, 'dana@example.com'))
  expect(still?.notes).toBe('Called her today')
})

test('undo of a large import removes its talents batch by batch, keeps the one edited since, logs each', async ({
  api,
}) => {
  const user = await api.as('user')
  const db = api.database.db
  const rows = 2_345
  const csv = [
    'Name,Email,Area,Level',
    ...Array.from({ length: rows }, (_, i) => `Person ${i},p${i}@example.com,Design,mid`),
  ].join('\n')
  const importId = await mappedSpreadsheet(api, user, csv)
  await user.inject('POST', `/api/imports/${importId}/run`)
  await api.app.jobs.drain()
  expect((await user.inject('GET', `/api/imports/${importId}`)).json()).toMatchObject({
    created: rows,
  })
  // One talent in the third batch of the undo is edited by someone meanwhile.
  const [edited] = await db.select().from(talents).where(eq(talents.email, 'p2100@example.com'))
  const edit = await user.inject('PUT', `/api/talents/${edited?.id}`, {
    fullName: 'Person 2100',
    email: 'p2100@example.com',
    areaOfInterest: 'Design',
    seniorityLevel: 'senior',
  })
  expect(edit.statusCode, edit.body).toBe(200)

  const undo = await user.inject('POST', `/api/imports/${importId}/undo`)
  expect(undo.statusCode, undo.body).toBe(202)
  await api.app.jobs.drain()
  const undone = spreadsheetImportDetailSchema.parse(
    (await user.inject('GET', `/api/imports/${importId}`)).json(),
  )
  expect(undone.undo).toEqual({
    state: 'done',
    done: rows,
    total: rows,
    removedTalents: rows - 1,
    restoredTalents: 0,
    keptCount: 1,
  })
  expect(undone.kept).toEqual([{ talentId: edited?.id, fullName: 'Person 2100' }])
  expect(await db.select({ id: talents.id }).from(talents)).toEqual([{ id: edited?.id }])
  const deletions = await db
    .select({ details: activityLog.details })
    .from(activityLog)
    .where(eq(activityLog.action, 'talent.deleted'))
  expect(deletions).toHaveLength(rows - 1)
  expect(deletions[0]?.details).toEqual({
    fullName: 'Person 0',
    email: 'p0@example.com',
    undo: true,
  })
})

test('two runs sent at once: one starts, the other gets 409; the rows are written once', async ({
  api,
}) => {
  const user = await api.as('user')
  const importId = await mappedSpreadsheet(api, user, CSV)
  const answers = await Promise.all([
    user.inject('POST', `/api/imports/${importId}/run`),
    user.inject('POST', `/api/imports/${importId}/run`),
  ])
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409])
  expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual({
    message: ALREADY_RUN_MESSAGE,
  })
  await api.app.jobs.drain()
  expect(await api.database.db.select().from(talents)).toHaveLength(2)
})

test("someone else's import cannot be run, read or undone (404); skip leaves existing talents alone", async ({
  api,
}) => {
  const user = await api.as('user')
  await api.makeTalent({ fullName: 'Ed Moss', email: 'ed@example.com', addedById: user.user.id })
  const importId = await mappedSpreadsheet(api, user, CSV, { existing: 'skip' })
  const other = await api.as('otherUser')
  for (const [method, url] of [
    ['POST', `/api/imports/${importId}/run`],
    ['GET', `/api/imports/${importId}`],
    ['POST', `/api/imports/${importId}/undo`],
  ] as const)
    expect((await other.inject(method, url)).statusCode).toBe(404)
  await user.inject('POST', `/api/imports/${importId}/run`)
  await api.app.jobs.drain()
  expect((await user.inject('GET', `/api/imports/${importId}`)).json()).toMatchObject({
    created: 1,
    updated: 0,
    skipped: 1,
    invalid: 1,
  })
})

test('an export re-imported into an empty pool gives back the same talents', async ({ api }) => {
  const user = await api.as('user')
  const db = api.database.db
  const originals = [
    {
      fullName: 'Zoë Ørsted',
      email: 'zoe@example.com',
      phone: '+44 20 7946 0958',
      linkedinUrl: 'https://www.linkedin.com/in/zoe',
      areaOfInterest: 'Science',
      seniorityLevel: 'exec',
      tags: ['High Potential', '=HYPERLINK("x")'],
      status: ['Hired', 'Interviewed'],
      notes: '-Reliable; "quoted", multi\nline',
    },
    {
      fullName: 'Bo Kim',
      email: 'bo@example.com',
      areaOfInterest: 'Design',
      seniorityLevel: 'junior',
      tags: [],
      status: [],
    },
  ]
  for (const talent of originals) {
    const response = await user.inject('POST', '/api/talents', talent)
    expect(response.statusCode, response.body).toBe(201)
  }
  const fields = async () =>
    (
      await db
        .select({
          fullName: talents.fullName,
          email: talents.email,
          phone: talents.phone,
          linkedinUrl: talents.linkedinUrl,
          areaOfInterest: talents.areaOfInterest,
          seniorityLevel: talents.seniorityLevel,
          tags: talents.tags,
          status: talents.status,
          notes: talents.notes,
        })
        .from(talents)
        .orderBy(talents.email)
    ).map((talent) => ({ ...talent, status: [...talent.status].sort() }))
  const before = await fields()
  for (const format of ['csv', 'xlsx'] as const) {
    const exported = await user.inject('GET', `/api/talents/export?format=${format}`)
    expect(exported.statusCode).toBe(200)
    await db.delete(talents).where(sql`true`)
    const created = await uploadedSpreadsheet(api, user, `scout.${format}`, exported.rawPayload)
    await user.inject('PUT', `/api/imports/${created.importId}/mapping`, created.suggestedMapping)
    expect((await user.inject('POST', `/api/imports/${created.importId}/run`)).statusCode).toBe(202)
    await api.app.jobs.drain()
    expect(await fields(), format).toEqual(before)
  }
})
