import { and, eq } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import { cvDetailSchema, cvFileSchema } from '#shared/cv.ts'
import { apiTestWith } from '#tests/support/api-test.ts'
import { uploadCv } from '#tests/support/cv-files.ts'
import { activityLog } from '../db/schema.ts'
import { files } from '../db/file-schema.ts'
import { sha256Of } from '../secrets/sha256.ts'

// The first test of a file also starts its app, on a machine that runs many suites at once.
vi.setConfig({ testTimeout: 120_000 })

// A small cap, so the test attaches a few files rather than eleven.
const test = apiTestWith({ cvMaxVersions: 3 })

/** A plain-text CV (read at once, no worker thread), different for each `n`. */
const textCv = (n: number) => Buffer.from(`Dana Reyes\nCV version ${n}\n`)

test('security rule 48: a talent keeps CV_MAX_VERSIONS versions; one more removes the oldest and its file, noted in History', async ({
  api,
}) => {
  const user = await api.as('user')
  const db = api.database.db
  const danaId = await api.makeTalent({ fullName: 'Dana Reyes', email: 'dana@example.com' })
  const edId = await api.makeTalent({ fullName: 'Ed Moss', email: 'ed@example.com' })
  const attach = async (talentId: number, n: number) => {
    const response = await uploadCv(api.app, user, talentId, {
      name: `cv-${n}.txt`,
      bytes: textCv(n),
    })
    expect(response.statusCode, response.body).toBe(201)
    return cvFileSchema.parse(response.json())
  }
  const stored = async (n: number) =>
    (
      await db
        .select({ sha256: files.sha256 })
        .from(files)
        .where(eq(files.sha256, sha256Of(textCv(n))))
    ).length === 1
  // Ed holds the same bytes as Dana's second version: that file must outlive her version.
  await attach(edId, 2)
  for (const n of [1, 2, 3]) await attach(danaId, n)
  const full = cvDetailSchema.parse((await user.inject('GET', `/api/talents/${danaId}/cv`)).json())
  expect(full.versions.map((v) => v.fileName)).toEqual(['cv-3.txt', 'cv-2.txt', 'cv-1.txt'])

  await attach(danaId, 4)
  const capped = cvDetailSchema.parse(
    (await user.inject('GET', `/api/talents/${danaId}/cv`)).json(),
  )
  expect(capped.versions.map((v) => v.fileName)).toEqual(['cv-4.txt', 'cv-3.txt', 'cv-2.txt'])
  expect(await stored(1)).toBe(false)
  await attach(danaId, 5)
  const again = cvDetailSchema.parse((await user.inject('GET', `/api/talents/${danaId}/cv`)).json())
  expect(again.versions.map((v) => v.fileName)).toEqual(['cv-5.txt', 'cv-4.txt', 'cv-3.txt'])
  // Dana's cv-2 version went; its bytes stay while Ed's CV is the same file.
  expect(await stored(2)).toBe(true)
  const ed = cvDetailSchema.parse((await user.inject('GET', `/api/talents/${edId}/cv`)).json())
  expect(ed.versions.map((v) => v.fileName)).toEqual(['cv-2.txt'])

  const history = await db
    .select({ details: activityLog.details })
    .from(activityLog)
    .where(and(eq(activityLog.entityId, danaId), eq(activityLog.action, 'talent.cv_attached')))
    .orderBy(activityLog.id)
  expect(history.map((entry) => entry.details)).toEqual([
    { fileName: 'cv-1.txt' },
    { fileName: 'cv-2.txt', replacedFileName: 'cv-1.txt' },
    { fileName: 'cv-3.txt', replacedFileName: 'cv-2.txt' },
    { fileName: 'cv-4.txt', replacedFileName: 'cv-3.txt', prunedFileNames: ['cv-1.txt'] },
    { fileName: 'cv-5.txt', replacedFileName: 'cv-4.txt', prunedFileNames: ['cv-2.txt'] },
  ])
})
