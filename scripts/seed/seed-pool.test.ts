import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { rawRows } from '../../src/server/db/raw-rows.ts'
import { apiTest as test } from '#tests/support/api-test.ts'
import { generateCvs, type SeedCvColumns } from './generate-cvs.ts'
import { createFaker, generateTalents } from './generate.ts'
import { insertCvs, insertTalents } from './insert.ts'
import { seedPool } from './seed-pool.ts'

const refDate = new Date('2026-01-01T00:00:00Z')
const options = { talents: 300, cvs: 60, users: 3, seed: 7, batch: 128, refDate }

test('--cvs: that many talents get a current CV, stored as uploads are, its text ready', async ({
  api,
}) => {
  const { db } = api.database
  const result = await seedPool(api.database, options)
  expect(result).toMatchObject({ talents: 300, cvs: 60, users: 3 })

  const [stats] = await rawRows<{
    talents: number
    versions: number
    files: number
    pdfs: number
    docx: number
    ready: number
    logged: number
  }>(
    db,
    sql`select (select count(distinct talent_id)::int from talent_cvs) as talents,
               (select count(*)::int from talent_cvs) as versions,
               (select count(*)::int from files) as files,
               (select count(*)::int from files where mime_type = 'application/pdf') as pdfs,
               (select count(*)::int from files where mime_type like '%wordprocessingml%') as docx,
               (select count(*)::int from files where text_status = 'ready' and text <> '') as ready,
               (select count(*)::int from activity_log where action = 'talent.cv_attached') as logged`,
  )
  expect(stats).toMatchObject({ talents: 60, versions: 60, files: 60, ready: 60, logged: 60 })
  expect(stats?.pdfs).toBeGreaterThan(15)
  expect(stats?.docx).toBeGreaterThan(15)
  expect(result.pdfs).toBe(stats?.pdfs)

  // What a signed-in user sees: the CV tab's text, and the list's CV summary.
  const [talent] = await rawRows<{ id: number; email: string; file_name: string }>(
    db,
    sql`select t.id, t.email, c.file_name from talents t join talent_cvs c on c.talent_id = t.id
        order by t.id limit 1`,
  )
  const user = await api.as('user')
  const cv = await user.inject('GET', `/api/talents/${talent?.id}/cv`)
  expect(cv.statusCode).toBe(200)
  expect(cv.json()).toMatchObject({ fileName: talent?.file_name, textStatus: 'ready' })
  expect(cv.json<{ text: string }>().text).toContain(talent?.email)
  const file = await user.inject('GET', `/api/talents/${talent?.id}/cv/file`)
  expect(file.statusCode).toBe(200)
  expect(file.rawPayload.length).toBe(cv.json<{ sizeBytes: number }>().sizeBytes)
  const detail = await user.inject('GET', `/api/talents/${talent?.id}`)
  expect(detail.json()).toMatchObject({ cv: { fileName: talent?.file_name, textStatus: 'ready' } })

  // A rerun adds no talent and no CV.
  expect(await seedPool(api.database, options)).toMatchObject({ talents: 0, cvs: 0 })
})

test('identical CV bytes are stored once, for every talent that has them', async ({ api }) => {
  const { db } = api.database
  const talents = generateTalents(createFaker(1, refDate), 2, 0, refDate)
  await insertTalents(db, talents, [])
  const cvs = generateCvs(createFaker(2, refDate), talents, [0], 0, refDate)
  // The same file for the second talent too (one CV sent for two people).
  const twice = <T>(values: T[]) => [...values, ...values]
  const both: SeedCvColumns = {
    email: talents.email,
    fileName: twice(cvs.fileName),
    mimeType: twice(cvs.mimeType),
    sha256: twice(cvs.sha256),
    bytesHex: twice(cvs.bytesHex),
    sizeBytes: twice(cvs.sizeBytes),
    text: twice(cvs.text),
    uploadedAt: twice(cvs.uploadedAt),
    uploaderIndex: twice(cvs.uploaderIndex),
  }
  expect(await insertCvs(db, both, [])).toMatchObject({ attached: 2 })
  const [counts] = await rawRows<{ files: number; versions: number }>(
    db,
    sql`select (select count(*)::int from files) as files,
               (select count(*)::int from talent_cvs) as versions`,
  )
  expect(counts).toEqual({ files: 1, versions: 2 })
})
