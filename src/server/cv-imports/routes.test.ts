import { count, eq, sql } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import {
  ALREADY_UNDONE,
  CV_IMPORT_MAX_FILES,
  NO_IMPORT_FILES_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  UNDO_EXPIRED,
  UNDO_FORBIDDEN,
  cvImportCreatedSchema,
  cvImportItemSchema,
  cvImportSchema,
  cvImportUndoResultSchema,
} from '#shared/cv-import.ts'
import { UNSUPPORTED_CV_MESSAGE } from '#shared/cv.ts'
import { talentSchema } from '#shared/talent.ts'
import { talents } from '../db/schema.ts'
import { files, talentCvs } from '../db/file-schema.ts'
import { changeSets, cvImportItems, cvImports } from '../db/change-schema.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import {
  makeDocx,
  makeExecutable,
  makePdf,
  makeZip,
  makeZipBomb,
  multipartFiles,
} from '#tests/support/cv-files.ts'
import { CV_ZIP_LIMITS, tooLargeMessage } from '../files/zip-guard.ts'
import { EMAIL_TAKEN } from '../talents/service.ts'
import { importCvItemJob } from './item-job.ts'

// Each import reads its files in worker threads: seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 90_000 })

/** A CV Scout reads whole: name, e-mail, area and seniority. */
function cv(name: string, email: string, title = 'Senior Software Engineer'): string[] {
  return [name, title, `${email} | +1 (415) 555-0134`, 'Experience: Python, Kubernetes at Acme']
}

type Upload = { name: string; bytes: Buffer }

async function importFiles(api: Api, who: SignedIn, uploads: Upload[]) {
  const { payload, headers } = multipartFiles(uploads)
  return api.app.inject({
    method: 'POST',
    url: '/api/cv/imports',
    headers: { ...who.headers, ...headers },
    payload,
  })
}

/** Imports and waits until every file was read (the job queue drained). */
async function importAndRead(api: Api, who: SignedIn, uploads: Upload[]) {
  const response = await importFiles(api, who, uploads)
  expect(response.statusCode, response.body).toBe(202)
  const { importId } = cvImportCreatedSchema.parse(response.json())
  await api.app.jobs.drain()
  const read = await who.inject('GET', `/api/cv/imports/${importId}`)
  expect(read.statusCode, read.body).toBe(200)
  return cvImportSchema.parse(read.json())
}

const talentCount = async (api: Api) =>
  (await api.database.db.select({ n: count() }).from(talents))[0]?.n

test('an import reads each file into a created, attached, needs-review or failed row', async ({
  api,
}) => {
  const user = await api.as('user')
  const existing = await api.makeTalent({ fullName: 'Kim Park', email: 'kim.park@example.com' })
  const result = await importAndRead(api, user, [
    { name: 'dana.pdf', bytes: makePdf(cv('Dana Reyes', 'dana.reyes@example.com')) },
    { name: 'kim.docx', bytes: makeDocx(cv('Kim Park', 'KIM.PARK@example.com')) },
    { name: 'nobody.txt', bytes: Buffer.from('Seasoned person\nNo contact details here') },
    { name: 'setup.pdf', bytes: makeExecutable() },
  ])
  expect(result.state).toBe('done')
  expect(result.total).toBe(4)
  expect(result.done).toBe(4)
  expect(result.items.map((item) => [item.fileName, item.state])).toEqual([
    ['dana.pdf', 'created'],
    ['kim.docx', 'attached'],
    ['nobody.txt', 'needs_review'],
    ['setup.pdf', 'failed'],
  ])
  const [dana, kim, nobody, setup] = result.items
  expect(dana?.talentName).toBe('Dana Reyes')
  expect(kim?.talentId).toBe(existing)
  expect(nobody?.reason).toMatch(/Not found in the CV: name, e-mail/)
  expect(setup?.reason).toBe(UNSUPPORTED_CV_MESSAGE)
  expect(result.counts).toMatchObject({ created: 1, attached: 1, needs_review: 1, failed: 1 })

  // The created talent is the form's talent: added by the importer, with the CV attached.
  const created = await user.inject('GET', `/api/talents/${dana?.talentId}`)
  expect(created.json()).toMatchObject({
    email: 'dana.reyes@example.com',
    areaOfInterest: 'Engineering',
    seniorityLevel: 'senior',
    addedById: user.user.id,
    cv: { fileName: 'dana.pdf', textStatus: 'ready' },
  })
  const kept = await user.inject('GET', `/api/talents/${existing}/cv`)
  expect(kept.json()).toMatchObject({ fileName: 'kim.docx' })

  const list = await user.inject('GET', '/api/cv/imports')
  expect(list.json()).toMatchObject([{ id: result.id, total: 4, state: 'done' }])
})

test('a needs-review row is fixed inline with the form’s rules, and a taken e-mail is refused on its field', async ({
  api,
}) => {
  const user = await api.as('user')
  await api.makeTalent({ email: 'taken@example.com' })
  const result = await importAndRead(api, user, [
    { name: 'jo.txt', bytes: Buffer.from('A résumé without any details') },
  ])
  const item = result.items[0]
  const url = `/api/cv/imports/${result.id}/items/${item?.id}/talent`
  const values = { fullName: 'Jo Bloggs', areaOfInterest: 'Design', seniorityLevel: 'mid' }

  const invalid = await user.inject('POST', url, { ...values, email: 'not-an-email' })
  expect(invalid.statusCode).toBe(400)
  expect(invalid.json()).toMatchObject({ fieldErrors: { email: ['Invalid email address'] } })
  const taken = await user.inject('POST', url, { ...values, email: 'TAKEN@example.com' })
  expect(taken.statusCode).toBe(409)
  expect(taken.json()).toMatchObject({ fieldErrors: { email: [EMAIL_TAKEN] } })

  const fixed = await user.inject('POST', url, { ...values, email: 'jo@example.com' })
  expect(fixed.statusCode, fixed.body).toBe(201)
  const row = cvImportItemSchema.parse(fixed.json())
  expect(row).toMatchObject({ state: 'created', talentName: 'Jo Bloggs', reason: null })
  const talent = await user.inject('GET', `/api/talents/${row.talentId}`)
  expect(talent.json()).toMatchObject({ cv: { fileName: 'jo.txt' } })

  const again = await user.inject('POST', url, { ...values, email: 'jo2@example.com' })
  expect(again.statusCode).toBe(409)
})

test('undo removes what the import made, keeps what someone changed since, and works once', async ({
  api,
}) => {
  const user = await api.as('user')
  const other = await api.as('otherUser')
  const existing = await api.makeTalent({ email: 'kim.park@example.com' })
  const result = await importAndRead(api, user, [
    { name: 'dana.pdf', bytes: makePdf(cv('Dana Reyes', 'dana.reyes@example.com')) },
    { name: 'lee.pdf', bytes: makePdf(cv('Lee Chen', 'lee.chen@example.com')) },
    { name: 'kim.docx', bytes: makeDocx(cv('Kim Park', 'kim.park@example.com')) },
    { name: 'jo.txt', bytes: Buffer.from('No details at all') },
  ])
  const [dana, lee, , jo] = result.items
  await user.inject('POST', `/api/cv/imports/${result.id}/items/${jo?.id}/talent`, {
    fullName: 'Jo Bloggs',
    email: 'jo@example.com',
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  // Someone edits Lee after the import: undo must leave Lee alone.
  const { fullName, email, areaOfInterest, seniorityLevel } = talentSchema.parse(
    (await other.inject('GET', `/api/talents/${lee?.talentId}`)).json(),
  )
  const edit = await other.inject('PUT', `/api/talents/${lee?.talentId}`, {
    ...{ fullName, email, areaOfInterest, seniorityLevel },
    notes: 'Called today',
  })
  expect(edit.statusCode, edit.body).toBe(200)

  const refused = await other.inject('POST', `/api/cv/imports/${result.id}/undo`)
  expect(refused.statusCode).toBe(403)
  expect(refused.json()).toMatchObject({ message: UNDO_FORBIDDEN })

  const undone = await user.inject('POST', `/api/cv/imports/${result.id}/undo`)
  expect(undone.statusCode, undone.body).toBe(200)
  expect(cvImportUndoResultSchema.parse(undone.json())).toEqual({
    removedTalents: 2,
    removedCvs: 1,
    kept: [{ talentId: lee?.talentId, fullName: 'Lee Chen' }],
  })
  const db = api.database.db
  const left = await db.select({ id: talents.id }).from(talents).orderBy(talents.id)
  expect(left.map((row) => row.id)).toEqual([existing, lee?.talentId])
  expect(await db.select().from(talentCvs).where(eq(talentCvs.talentId, existing))).toEqual([])
  expect((await user.inject('GET', `/api/talents/${dana?.talentId}`)).statusCode).toBe(404)
  const history = await user.inject('GET', `/api/talents/${existing}/activity`)
  expect(history.json()).toContainEqual(expect.objectContaining({ action: 'talent.cv_removed' }))

  const twice = await user.inject('POST', `/api/cv/imports/${result.id}/undo`)
  expect(twice.statusCode).toBe(409)
  expect(twice.json()).toMatchObject({ message: ALREADY_UNDONE })
  const after = await user.inject('GET', `/api/cv/imports/${result.id}`)
  expect(after.json()).toMatchObject({ state: 'undone', undoUntil: null })
})

test('security rule 22 j: an admin may undo anyone’s import; nobody after 7 days', async ({
  api,
}) => {
  const user = await api.as('user')
  const admin = await api.as('admin')
  const first = await importAndRead(api, user, [
    { name: 'dana.pdf', bytes: makePdf(cv('Dana Reyes', 'dana.reyes@example.com')) },
  ])
  const second = await importAndRead(api, user, [
    { name: 'lee.pdf', bytes: makePdf(cv('Lee Chen', 'lee.chen@example.com')) },
  ])
  expect((await admin.inject('POST', `/api/cv/imports/${first.id}/undo`)).statusCode).toBe(200)
  await api.database.db
    .update(changeSets)
    .set({ undoUntil: sql`now() - interval '1 minute'` })
    .where(sql`${changeSets.id} = (SELECT change_set_id FROM cv_imports WHERE id = ${second.id})`)
  const late = await user.inject('POST', `/api/cv/imports/${second.id}/undo`)
  expect(late.statusCode).toBe(409)
  expect(late.json()).toMatchObject({ message: UNDO_EXPIRED })
  expect(await talentCount(api)).toBe(1)
})

test('a zip of CVs becomes a row per CV; folders and hidden files are skipped', async ({ api }) => {
  const user = await api.as('user')
  const zip = makeZip({
    'stack/dana.pdf': makePdf(cv('Dana Reyes', 'dana.reyes@example.com')),
    'stack/lee.docx': makeDocx(cv('Lee Chen', 'lee.chen@example.com')),
    '__MACOSX/stack/._dana.pdf': Buffer.from('resource fork'),
    'stack/.DS_Store': Buffer.from('finder'),
  })
  const result = await importAndRead(api, user, [{ name: 'cvs.zip', bytes: zip }])
  expect(result.items.map((item) => [item.fileName, item.state])).toEqual([
    ['dana.pdf', 'created'],
    ['lee.docx', 'created'],
  ])
})

test('security rule 22 c: a zip bomb inside a zip of CVs is refused as its own row; the rest is imported', async ({
  api,
}) => {
  const user = await api.as('user')
  const db = api.database.db
  const bomb = await importFiles(api, user, [
    { name: 'dana.pdf', bytes: makePdf(cv('Dana Reyes', 'dana.reyes@example.com')) },
    { name: 'bomb.zip', bytes: makeZip({ 'a.docx': makeZipBomb(), 'b.txt': Buffer.alloc(1) }) },
  ])
  // The bomb inside the zip is a DOCX: refused as a row, the rest imported.
  expect(bomb.statusCode, bomb.body).toBe(202)
  await api.app.jobs.drain()
  const items = await db
    .select({ state: cvImportItems.state, reason: cvImportItems.reason })
    .from(cvImportItems)
  expect(items).toContainEqual({ state: 'failed', reason: tooLargeMessage(CV_ZIP_LIMITS) })
  expect(items).toContainEqual({ state: 'created', reason: null })
})

test('refused uploads leave nothing behind — too many files, no files, not multipart', async ({
  api,
}) => {
  const user = await api.as('user')
  const db = api.database.db
  const tooMany = Array.from({ length: CV_IMPORT_MAX_FILES + 1 }, (_, i) => ({
    name: `cv-${i}.txt`,
    bytes: Buffer.from(`CV number ${i}`),
  }))
  const refused = await importFiles(api, user, tooMany)
  expect(refused.statusCode).toBe(400)
  expect(refused.json()).toMatchObject({ message: TOO_MANY_FILES_MESSAGE })

  const none = await api.app.inject({
    method: 'POST',
    url: '/api/cv/imports',
    headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x--\r\n',
  })
  expect(none.statusCode).toBe(400)
  expect(none.json()).toMatchObject({ message: NO_IMPORT_FILES_MESSAGE })
  const json = await user.inject('POST', '/api/cv/imports', { file: 'dana.pdf' })
  expect(json.statusCode).toBe(400)

  expect(await db.select({ id: cvImports.id }).from(cvImports)).toEqual([])
  expect(await db.select({ id: changeSets.id }).from(changeSets)).toEqual([])
  expect(await db.select({ sha256: files.sha256 }).from(files)).toEqual([])
})

test('a row read twice (its process killed after the commit) makes its talent once', async ({
  api,
}) => {
  const user = await api.as('user')
  const result = await importAndRead(api, user, [
    { name: 'dana.pdf', bytes: makePdf(cv('Dana Reyes', 'dana.reyes@example.com')) },
  ])
  const itemId = result.items[0]?.id ?? 0
  const job = { id: 0, kind: 'cv-import.item', payload: { itemId }, attempts: 1, maxAttempts: 2 }
  await importCvItemJob(api.database.db)(job)
  expect(await talentCount(api)).toBe(1)
  const again = await user.inject('GET', `/api/cv/imports/${result.id}`)
  expect(cvImportSchema.parse(again.json()).items).toMatchObject([{ state: 'created' }])
})

test('imports are for signed-in users', async ({ api }) => {
  const anonymous = await api.as('anonymous')
  expect((await anonymous.inject('GET', '/api/cv/imports')).statusCode).toBe(401)
})
