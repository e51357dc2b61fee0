import { describe, expect, vi } from 'vitest'
import { cvDetailSchema } from '#shared/cv.ts'
import { talentSchema } from '#shared/talent.ts'
import { parserPool } from '#server/cvs/parser-pool.ts'
import { files } from '#server/db/file-schema.ts'
import {
  CV_ZIP_LIMITS,
  MISDECLARED_MESSAGE,
  tooLargeMessage,
  tooManyEntriesMessage,
} from '#server/files/zip-guard.ts'
import { WORKBOOK_ZIP_LIMITS } from '#server/imports/read-xlsx.worker.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { multipartFiles, uploadCv } from '#tests/support/cv-files.ts'
import {
  manySharedStrings,
  sharedStringsBomb,
  tenThousandEntryZip,
  underDeclaredDocx,
  underDeclaredOdt,
} from '#tests/support/hostile-files.ts'
import { uploadSpreadsheet } from '#tests/support/spreadsheet-imports.ts'

// Security rule 41: no uploaded file can end or exhaust the server. Each hostile file is refused by
// the zip guard (src/server/files/zip-guard.ts) with the real reason, as a 4xx or a stored failure.

async function talentWithCv(api: Api, who: SignedIn, name: string, bytes: Buffer) {
  const created = await who.inject('POST', '/api/talents', {
    fullName: 'Dana Reyes',
    email: `dana-${Math.random().toString(36).slice(2)}@example.com`,
    areaOfInterest: 'Design',
    seniorityLevel: 'mid',
  })
  const id = talentSchema.parse(created.json()).id
  const attached = await uploadCv(api.app, who, id, { name, bytes })
  expect(attached.statusCode, attached.body).toBe(201)
  return id
}

describe('security rule 41: hostile workbooks are refused with the reason', () => {
  test('security rule 41: one 480 MiB shared string, and 20 million small ones: a 400 naming the size limit', async ({
    api,
  }) => {
    const user = await api.as('user')
    for (const bytes of [sharedStringsBomb(), manySharedStrings()]) {
      const response = await uploadSpreadsheet(api, user, 'people.xlsx', bytes)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toEqual({ message: tooLargeMessage(WORKBOOK_ZIP_LIMITS) })
    }
    // The server answers as before.
    expect((await user.inject('GET', '/api/health')).statusCode).toBe(200)
  }, 120_000)
})

describe('security rule 41: a CV whose zip directory understates a part', () => {
  const liars = [
    ['cv.docx', underDeclaredDocx],
    ['cv.odt', underDeclaredOdt],
  ] as const
  for (const [name, make] of liars) {
    test(`security rule 41: ${name} (4,000 bytes declared, 1 GiB inside) is stored as unreadable with the reason, and its preview answers from that without parsing`, async ({
      api,
    }) => {
      const user = await api.as('user')
      const id = await talentWithCv(api, user, name, make())
      await api.app.jobs.drain()
      const cv = cvDetailSchema.parse((await user.inject('GET', `/api/talents/${id}/cv`)).json())
      expect(cv).toMatchObject({ textStatus: 'unreadable', textError: MISDECLARED_MESSAGE })

      const parses = vi.spyOn(parserPool, 'run')
      try {
        for (let view = 0; view < 2; view++) {
          const preview = await user.inject('GET', `/api/talents/${id}/cv/preview`)
          expect(preview.statusCode, preview.body).toBe(200)
          expect(preview.json()).toEqual({ kind: 'text' })
        }
        // Both views answered from the stored failure: nothing was handed to a parser.
        expect(parses).not.toHaveBeenCalled()
      } finally {
        parses.mockRestore()
      }
    }, 120_000)
  }
})

describe('security rule 41: a zip of CVs', () => {
  test('security rule 41: 10,000 tiny entries are refused for their number, not as "too large"', async ({
    api,
  }) => {
    const user = await api.as('user')
    const { payload, headers } = multipartFiles([{ name: 'cvs.zip', bytes: tenThousandEntryZip() }])
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/cv/imports',
      headers: { ...user.headers, ...headers },
      payload,
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({ message: `cvs.zip: ${tooManyEntriesMessage(CV_ZIP_LIMITS)}` })
  }, 60_000)

  test('security rule 41: a DOCX inside a zip of CVs that understates a part is its own row, its file unreadable with the reason', async ({
    api,
  }) => {
    const user = await api.as('user')
    const { zipSync } = await import('fflate')
    const zip = Buffer.from(zipSync({ 'liar.docx': underDeclaredDocx() }, { level: 0 }))
    const { payload, headers } = multipartFiles([{ name: 'cvs.zip', bytes: zip }])
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/cv/imports',
      headers: { ...user.headers, ...headers },
      payload,
    })
    expect(response.statusCode, response.body).toBe(202)
    await api.app.jobs.drain()
    const { importId } = response.json<{ importId: number }>()
    const read = await user.inject('GET', `/api/cv/imports/${importId}`)
    expect(read.json()).toMatchObject({ items: [{ fileName: 'liar.docx', state: 'needs_review' }] })
    const stored = await api.database.db
      .select({ textStatus: files.textStatus, textError: files.textError })
      .from(files)
    expect(stored).toEqual([{ textStatus: 'unreadable', textError: MISDECLARED_MESSAGE }])
  }, 120_000)
})
