import { count as countRows } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import {
  CV_NOT_FOUND,
  EMPTY_CV_MESSAGE,
  UNSUPPORTED_CV_MESSAGE,
  cvDetailSchema,
  cvFileSchema,
  cvTooLargeMessage,
} from '#shared/cv.ts'
import { talentSchema } from '#shared/talent.ts'
import { files, talentCvs } from '../db/file-schema.ts'
import { apiTestWith, type Api, type SignedIn } from '#tests/support/api-test.ts'
import {
  makeDocx,
  makeExecutable,
  makePdf,
  makePdfPages,
  makeZipBomb,
  uploadCv,
} from '#tests/support/cv-files.ts'
import { ENCRYPTED_REASON } from './extract-text.ts'
import { CV_ZIP_LIMITS, tooLargeMessage } from '../files/zip-guard.ts'
import { REMOVE_FORBIDDEN } from './service.ts'

// Versions uncapped in effect (security rule 48 has its own test, versions.test.ts): the burst of 50
// uploads to one talent below keeps all 40 it stores.
const test = apiTestWith({ cvMaxMegabytes: 1, cvMaxVersions: 100 })

let api: Api
let app: Api['app']
let admin: SignedIn
let alice: SignedIn
let bob: SignedIn

test.beforeEach(async ({ api: fixture }) => {
  api = fixture
  app = api.app
  admin = await api.signIn({ email: 'admin@cv.test', role: 'admin' })
  alice = await api.signIn({ email: 'alice@cv.test', firstName: 'Alice' })
  bob = await api.signIn({ email: 'bob@cv.test' })
})

async function addTalent(who: SignedIn, email = 'dana@example.com') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/talents',
    headers: who.headers,
    payload: { fullName: 'Dana Reyes', email, areaOfInterest: 'Design', seniorityLevel: 'mid' },
  })
  expect(response.statusCode, response.body).toBe(201)
  return talentSchema.parse(response.json()).id
}

function upload(who: SignedIn | undefined, talentId: number, name: string, bytes: Buffer) {
  return uploadCv(app, who, talentId, { name, bytes })
}

const count = async (table: 'files' | 'talent_cvs') => {
  const [row] = await api.database.db
    .select({ n: countRows() })
    .from(table === 'files' ? files : talentCvs)
  return row?.n
}

describe('attach a CV', () => {
  test('a PDF is stored with its type from the bytes, name, size and uploader', async () => {
    const id = await addTalent(alice)
    const pdf = makePdf(['Dana Reyes', 'dana@example.com'])
    const response = await upload(alice, id, 'Dana CV.pdf', pdf)
    expect(response.statusCode, response.body).toBe(201)
    const cv = cvFileSchema.parse(response.json())
    expect(cv).toMatchObject({
      fileName: 'Dana CV.pdf',
      mimeType: 'application/pdf',
      sizeBytes: pdf.length,
      uploadedBy: { email: 'alice@cv.test' },
      textStatus: 'pending',
    })
    expect(cv.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  test('DOCX, TXT and Markdown are recognised; text files are readable at once', async () => {
    const id = await addTalent(alice)
    const docx = cvFileSchema.parse((await upload(alice, id, 'cv.docx', makeDocx(['Hi']))).json())
    expect(docx.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    const md = await upload(alice, id, 'cv.md', Buffer.from('# Dana\n\nPython, Kubernetes'))
    expect(cvFileSchema.parse(md.json())).toMatchObject({
      mimeType: 'text/markdown',
      textStatus: 'ready',
    })
    const detail = cvDetailSchema.parse(
      (await app.inject({ url: `/api/talents/${id}/cv`, headers: alice.headers })).json(),
    )
    expect(detail.text).toBe('# Dana\n\nPython, Kubernetes')
  })

  test('security rule 22 a: an executable renamed .pdf is refused with 415 naming the accepted types', async () => {
    const id = await addTalent(alice)
    const response = await upload(alice, id, 'cv.pdf', makeExecutable())
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ message: UNSUPPORTED_CV_MESSAGE })
    expect(await count('files')).toBe(0)
  })

  test('security rule 22 b: an empty file is a 400', async () => {
    const id = await addTalent(alice)
    const response = await upload(alice, id, 'cv.pdf', Buffer.alloc(0))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: EMPTY_CV_MESSAGE })
  })

  test('security rule 22 b: a file over CV_MAX_MB is a 413 naming the limit, and nothing is stored', async () => {
    const id = await addTalent(alice)
    const big = Buffer.concat([makePdf(['x']), Buffer.alloc(1024 * 1024 + 10, 32)])
    const response = await upload(alice, id, 'big.pdf', big)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: cvTooLargeMessage(1) })
    expect(await count('files')).toBe(0)
  })

  test('a JSON body is refused (multipart only)', async () => {
    const id = await addTalent(alice)
    const response = await app.inject({
      method: 'POST',
      url: `/api/talents/${id}/cv`,
      headers: alice.headers,
      payload: { file: 'x' },
    })
    expect(response.statusCode).toBe(415)
  })

  test('security rule 22 d, security rule 48: file names with paths, control, direction and invisible characters are sanitised', async () => {
    const id = await addTalent(alice)
    const name = '../../etc/\u202Efdp.exe\u0007 cv.pdf'
    const cv = cvFileSchema.parse((await upload(alice, id, name, makePdf(['x']))).json())
    expect(cv.fileName).toBe('fdp.exe cv.pdf')
    const long = `${'a'.repeat(500)}.pdf`
    const cut = cvFileSchema.parse((await upload(alice, id, long, makePdf(['y']))).json())
    expect(cut.fileName).toHaveLength(200)
    expect(cut.fileName.endsWith('.pdf')).toBe(true)
    // Security rule 48: zero-width and other invisible format characters (Unicode Cf) go too.
    const invisible = 'c\u200Bv\u200C-\u200D2\u2060\uFEFF\u00AD\u2066x\u2069\u061C.pdf'
    const shown = cvFileSchema.parse((await upload(alice, id, invisible, makePdf(['z']))).json())
    expect(shown.fileName).toBe('cv-2x.pdf')
  })

  test('an unknown talent is a 404; anonymous callers are refused', async () => {
    expect((await upload(alice, 999, 'cv.pdf', makePdf(['x']))).statusCode).toBe(404)
    const id = await addTalent(alice)
    expect((await upload(undefined, id, 'cv.pdf', makePdf(['x']))).statusCode).toBe(401)
  })

  test('security rule 22 h: 50 uploads at once are each stored or refused cleanly', async () => {
    const id = await addTalent(alice)
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        upload(
          alice,
          id,
          `cv-${i}.${i % 5 === 0 ? 'exe' : 'pdf'}`,
          i % 5 === 0 ? makeExecutable() : makePdf([`v${i}`]),
        ),
      ),
    )
    const statuses = responses.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(40)
    expect(statuses.filter((s) => s === 415)).toHaveLength(10)
    expect(await count('talent_cvs')).toBe(40)
  })
})

describe('reading the text off the request path', () => {
  const readCv = async (id: number) =>
    cvDetailSchema.parse(
      (await app.inject({ url: `/api/talents/${id}/cv`, headers: alice.headers })).json(),
    )

  test('a PDF upload answers at once; its text is ready within a second', async () => {
    const id = await addTalent(alice)
    const started = performance.now()
    const response = await upload(
      alice,
      id,
      'cv.pdf',
      makePdf(['Dana Reyes', 'Python, Kubernetes']),
    )
    expect(cvFileSchema.parse(response.json()).textStatus).toBe('pending')
    await app.jobs.drain()
    const elapsed = performance.now() - started
    const cv = await readCv(id)
    expect(cv).toMatchObject({ textStatus: 'ready', text: 'Dana Reyes\nPython, Kubernetes' })
    expect(elapsed).toBeLessThan(5_000) // budget 1 s on a quiet machine: bench, not this test
  })

  test('a DOCX whose name and e-mail are only in the page header is still read', async () => {
    const id = await addTalent(alice)
    await upload(
      alice,
      id,
      'cv.docx',
      makeDocx(['Skills: Rust'], ['Dana Reyes', 'dana@example.com']),
    )
    await app.jobs.drain()
    const cv = await readCv(id)
    expect(cv.textStatus).toBe('ready')
    expect(cv.text).toContain('dana@example.com')
  })

  test('security rule 22 e: a corrupt PDF is stored, unreadable with the reason, and still downloads', async () => {
    const id = await addTalent(alice)
    const corrupt = Buffer.from('%PDF-1.7\n% broken beyond repair')
    expect((await upload(alice, id, 'broken.pdf', corrupt)).statusCode).toBe(201)
    await app.jobs.drain()
    const cv = await readCv(id)
    expect(cv.textStatus).toBe('unreadable')
    expect(cv.textError).toMatch(/could not be read/)
    const download = await app.inject({ url: `/api/talents/${id}/cv/file`, headers: alice.headers })
    expect(download.rawPayload.equals(corrupt)).toBe(true)
  })

  test('security rule 22 e: a password-protected PDF is stored, unreadable because it is locked, and still downloads', async () => {
    const id = await addTalent(alice)
    const locked = makePdfPages([['Dana Reyes', 'dana@example.com']], { encrypted: true })
    expect((await upload(alice, id, 'locked.pdf', locked)).statusCode).toBe(201)
    await app.jobs.drain()
    expect(await readCv(id)).toMatchObject({
      textStatus: 'unreadable',
      textError: ENCRYPTED_REASON,
    })
    const download = await app.inject({ url: `/api/talents/${id}/cv/file`, headers: alice.headers })
    expect(download.rawPayload.equals(locked)).toBe(true)
  })

  test('security rule 22 c: a zip bomb named .docx is refused before anything is expanded or stored', async () => {
    const id = await addTalent(alice)
    const response = await upload(alice, id, 'bomb.docx', makeZipBomb())
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: tooLargeMessage(CV_ZIP_LIMITS) })
    expect(await count('files')).toBe(0)
  })
})

describe('versions, download and remove', () => {
  test('replacing keeps earlier versions, each downloadable; identical bytes are stored once', async () => {
    const id = await addTalent(alice)
    const other = await addTalent(bob, 'other@example.com')
    const first = makePdf(['first'])
    await upload(alice, id, 'first.pdf', first)
    await upload(bob, other, 'same-bytes.pdf', first)
    await upload(alice, id, 'second.pdf', makePdf(['second']))
    expect(await count('files')).toBe(2)

    const detail = cvDetailSchema.parse(
      (await app.inject({ url: `/api/talents/${id}/cv`, headers: bob.headers })).json(),
    )
    expect(detail.fileName).toBe('second.pdf')
    expect(detail.versions.map((v) => v.fileName)).toEqual(['second.pdf', 'first.pdf'])

    const old = detail.versions[1]
    const download = await app.inject({
      url: `/api/talents/${id}/cv/versions/${old?.id}/file`,
      headers: bob.headers,
    })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(first)).toBe(true)
    // Another talent's version id is not reachable through this talent.
    const foreign = await app.inject({
      url: `/api/talents/${other}/cv/versions/${old?.id}/file`,
      headers: bob.headers,
    })
    expect(foreign.statusCode).toBe(404)
  })

  test('security rule 22 f: downloads are attachments with nosniff and a sandbox CSP, for signed-in users only', async () => {
    const id = await addTalent(alice)
    await upload(alice, id, 'Dana “CV”.pdf', makePdf(['x']))
    const response = await app.inject({ url: `/api/talents/${id}/cv/file`, headers: bob.headers })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Dana \?CV\?\.pdf"; filename\*=UTF-8''/,
    )
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-security-policy']).toContain('sandbox')
    const anonymous = await app.inject({ url: `/api/talents/${id}/cv/file` })
    expect(anonymous.statusCode).toBe(401)
  })

  test('security rule 22 j: remove follows the delete rule: the adder and admins, not others', async () => {
    const id = await addTalent(alice)
    await upload(alice, id, 'cv.pdf', makePdf(['x']))
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/talents/${id}/cv`,
      headers: bob.headers,
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: REMOVE_FORBIDDEN })
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/talents/${id}/cv`,
      headers: admin.headers,
    })
    expect(removed.statusCode).toBe(204)
    const after = await app.inject({ url: `/api/talents/${id}/cv`, headers: alice.headers })
    expect(after.statusCode).toBe(404)
    expect(after.json()).toEqual({ message: CV_NOT_FOUND })
    expect(await count('files')).toBe(0)
  })

  test('deleting a talent deletes its CV files, but not bytes another talent still uses', async () => {
    const id = await addTalent(alice)
    const other = await addTalent(alice, 'other@example.com')
    await upload(alice, id, 'shared.pdf', makePdf(['shared']))
    await upload(alice, other, 'shared.pdf', makePdf(['shared']))
    await upload(alice, id, 'own.pdf', makePdf(['own']))
    expect(await count('files')).toBe(2)
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/talents/${id}`,
      headers: alice.headers,
    })
    expect(deleted.statusCode).toBe(200)
    expect(await count('talent_cvs')).toBe(1)
    expect(await count('files')).toBe(1)
  })

  test('the talent JSON (list, detail, edit) names the current CV, and null once removed', async () => {
    const id = await addTalent(alice)
    const listed = async () => {
      const response = await app.inject({ url: '/api/talents', headers: alice.headers })
      return talentSchema.array().parse(response.json())[0]?.cv
    }
    expect(await listed()).toBeNull()
    await upload(alice, id, 'cv.md', Buffer.from('# Dana'))
    expect(await listed()).toMatchObject({ fileName: 'cv.md', sizeBytes: 6, textStatus: 'ready' })
    const detail = await app.inject({ url: `/api/talents/${id}`, headers: alice.headers })
    expect(talentSchema.parse(detail.json()).cv?.fileName).toBe('cv.md')
    await app.inject({ method: 'DELETE', url: `/api/talents/${id}/cv`, headers: alice.headers })
    expect(await listed()).toBeNull()
  })

  test('each change lands in the talent History', async () => {
    const id = await addTalent(alice)
    await upload(alice, id, 'first.pdf', makePdf(['1']))
    await upload(alice, id, 'second.pdf', makePdf(['2']))
    await app.inject({ method: 'DELETE', url: `/api/talents/${id}/cv`, headers: alice.headers })
    const history = await app.inject({ url: `/api/talents/${id}/activity`, headers: alice.headers })
    const actions = history.json<{ action: string; details: unknown }[]>()
    expect(actions.slice(0, 3)).toMatchObject([
      { action: 'talent.cv_removed', details: { fileName: 'second.pdf' } },
      {
        action: 'talent.cv_attached',
        details: { fileName: 'second.pdf', replacedFileName: 'first.pdf' },
      },
      { action: 'talent.cv_attached', details: { fileName: 'first.pdf' } },
    ])
  })
})
