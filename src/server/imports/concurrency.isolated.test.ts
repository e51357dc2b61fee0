import { and, eq, like } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import { spreadsheetImportSchema } from '#shared/imports/import-api.ts'
import type { Talent } from '#shared/talent.ts'
import { apiTest as test, type SignedIn } from '#tests/support/api-test.ts'
import { mappedSpreadsheet } from '#tests/support/spreadsheet-imports.ts'
import { jobs } from '../db/job-schema.ts'
import { activityLog, talents } from '../db/schema.ts'
import { STALE_EDIT } from '../talents/service.ts'
import type * as PlanRows from './plan-rows.ts'
import type { RowPlan } from './plan-rows.ts'
import { RUN_SPREADSHEET_IMPORT, runSpreadsheetImportJob } from './run-job.ts'
import { erasureKeys } from '../privacy/erasure/identifiers.ts'

/*
 * Two imports at once, and an import while someone edits one of its
 * talents. The run plans a batch, then writes it; `afterPlan` lets a test act in between, where
 * a real edit can land.
 */
const hooks = vi.hoisted(() => ({
  afterPlan: undefined as ((plans: RowPlan[]) => Promise<void>) | undefined,
}))

vi.mock('./plan-rows.ts', async (importOriginal) => {
  const original = await importOriginal<typeof PlanRows>()
  return {
    ...original,
    planRows: (
      ...[db, bytes, shape, mapping, onBatch, tally]: Parameters<typeof original.planRows>
    ) =>
      original.planRows(
        db,
        bytes,
        shape,
        mapping,
        async (plans) => {
          await hooks.afterPlan?.(plans)
          await onBatch(plans)
        },
        tally,
      ),
  }
})

const rowsFor = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i},${prefix}${i}@example.com,Design,mid`)

test('two imports at once, sharing 100 e-mails: both finish, no row lost or doubled', async ({
  api,
}) => {
  hooks.afterPlan = undefined
  const db = api.database.db
  const [ann, bo] = [await api.as('user'), await api.as('otherUser')]
  const shared = rowsFor('shared', 100)
  const a = await mappedSpreadsheet(
    api,
    ann,
    ['Name,Email,Area,Level', ...rowsFor('a', 700), ...shared].join('\n'),
    { name: 'a.csv' },
  )
  const b = await mappedSpreadsheet(
    api,
    bo,
    ['Name,Email,Area,Level', ...shared, ...rowsFor('b', 700)].join('\n'),
    { name: 'b.csv' },
  )
  expect((await ann.inject('POST', `/api/imports/${a}/run`)).statusCode).toBe(202)
  expect((await bo.inject('POST', `/api/imports/${b}/run`)).statusCode).toBe(202)
  // Both jobs run at the same time, batch against batch, as two processes would run them.
  const queued = await db.select().from(jobs).where(eq(jobs.kind, RUN_SPREADSHEET_IMPORT))
  expect(queued).toHaveLength(2)
  const handler = runSpreadsheetImportJob(db, {
    phoneRegion: undefined,
    erasure: erasureKeys(undefined),
  })
  await Promise.all(queued.map((job) => handler(job)))
  // The runner claims them too afterwards: a finished import is not run again.
  await api.app.jobs.drain()

  const status = async (who: SignedIn, id: number) =>
    spreadsheetImportSchema.parse((await who.inject('GET', `/api/imports/${id}`)).json())
  const [first, second] = [await status(ann, a), await status(bo, b)]
  for (const item of [first, second]) {
    expect(item).toMatchObject({ state: 'done', total: 800, done: 800, invalid: 0 })
    // Every row is accounted for: created, updated (its e-mail came in by the other file) or
    // skipped (the other file added it between this row's plan and its write).
    expect(item.created + item.updated + item.skipped).toBe(800)
  }
  const all = await db.select({ email: talents.email }).from(talents)
  expect(all).toHaveLength(1_500)
  expect(new Set(all.map((t) => t.email)).size).toBe(1_500)
  // Each shared talent was created by exactly one of the two imports.
  expect(first.created + second.created).toBe(1_500)
  const sharedCreated = await db
    .select({ id: activityLog.entityId })
    .from(activityLog)
    .innerJoin(talents, eq(talents.id, activityLog.entityId))
    .where(and(eq(activityLog.action, 'talent.created'), like(talents.email, 'shared%')))
  expect(sharedCreated).toHaveLength(100)
  expect(new Set(sharedCreated.map((row) => row.id)).size).toBe(100)
}, 120_000)

test('an import while someone edits one of its talents: the edit is kept, the row skipped; a stale form still gets 409', async ({
  api,
}) => {
  const db = api.database.db
  const importer = await api.as('user')
  const editor = await api.as('otherUser')
  const edId = await api.makeTalent({ fullName: 'Ed Moss', email: 'ed@example.com' })
  const fayId = await api.makeTalent({ fullName: 'Fay Lin', email: 'fay@example.com' })
  // Someone opened Ed's edit form before the import ran.
  const opened = (await editor.inject('GET', `/api/talents/${edId}`)).json<Talent>()
  const importId = await mappedSpreadsheet(
    api,
    importer,
    [
      'Name,Email,Area,Level,Notes',
      'Ed Moss,ed@example.com,Design,exec,From the file',
      'Fay Lin,fay@example.com,Design,exec,From the file',
      'Gus Roe,gus@example.com,Design,mid,',
    ].join('\n'),
  )
  // Between the plan of Ed's row and its write, another person saves an edit of Ed.
  let edited: Talent | undefined
  hooks.afterPlan = async () => {
    hooks.afterPlan = undefined
    const response = await api.app.inject({
      method: 'PUT',
      url: `/api/talents/${edId}`,
      headers: (await api.signIn()).headers,
      payload: {
        fullName: 'Ed Moss',
        email: 'ed@example.com',
        areaOfInterest: 'Design',
        seniorityLevel: 'senior',
        notes: 'Called him today',
        updatedAt: opened.updatedAt,
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    edited = response.json<Talent>()
  }
  await importer.inject('POST', `/api/imports/${importId}/run`)
  await api.app.jobs.drain()
  hooks.afterPlan = undefined
  expect(edited).toBeDefined()

  expect((await importer.inject('GET', `/api/imports/${importId}`)).json()).toMatchObject({
    state: 'done',
    created: 1,
    updated: 1,
    skipped: 1,
  })
  const [ed] = await db.select().from(talents).where(eq(talents.id, edId))
  expect(ed).toMatchObject({ seniorityLevel: 'senior', notes: 'Called him today' })
  expect(ed?.updatedAt.toISOString()).toBe(edited?.updatedAt)
  const [fay] = await db.select().from(talents).where(eq(talents.id, fayId))
  expect(fay).toMatchObject({ seniorityLevel: 'exec', notes: 'From the file' })
  // Ed's History names no import: the file never touched him.
  const edHistory = await db.select().from(activityLog).where(eq(activityLog.entityId, edId))
  expect(edHistory.filter((entry) => JSON.stringify(entry.details).includes('"import"'))).toEqual(
    [],
  )

  // The form opened before both saves is stale: refused as any concurrent edit is.
  const stale = await editor.inject('PUT', `/api/talents/${edId}`, {
    fullName: 'Ed Moss',
    email: 'ed@example.com',
    areaOfInterest: 'Design',
    seniorityLevel: 'junior',
    updatedAt: opened.updatedAt,
  })
  expect(stale.statusCode).toBe(409)
  expect(stale.json()).toEqual({ message: STALE_EDIT })
})
