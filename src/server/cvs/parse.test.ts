import { describe, expect } from 'vitest'
import { UPLOAD_NOT_FOUND, cvParseResultSchema } from '#shared/cv-parse.ts'
import { cvFileSchema, UNSUPPORTED_CV_MESSAGE } from '#shared/cv.ts'
import { talentSchema } from '#shared/talent.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'
import { makeDocx, makeExecutable, makePdf, multipart } from '#tests/support/cv-files.ts'

let api: Api
let alice: SignedIn
let bob: SignedIn

test.beforeEach(async ({ api: fixture }) => {
  api = fixture
  alice = await api.signIn({ email: 'alice@parse.test' })
  bob = await api.signIn({ email: 'bob@parse.test' })
})

async function parse(who: SignedIn, name: string, bytes: Buffer) {
  const { payload, headers } = multipart({ name, bytes })
  return api.app.inject({
    method: 'POST',
    url: '/api/cv/parse',
    headers: { ...who.headers, ...headers },
    payload,
  })
}

const CV = [
  'Dana Reyes',
  'Senior Software Engineer',
  'dana.reyes@example.com | +1 (415) 555-0134 | linkedin.com/in/dana-reyes',
  'Experience: Python, Kubernetes and cloud infrastructure at Acme (8 years of experience)',
]

describe("'Add from CV': read a CV before its talent exists", () => {
  test('a PDF is read at once and the form fields are suggested from it', async () => {
    const response = await parse(alice, 'Dana.pdf', makePdf(CV))
    expect(response.statusCode, response.body).toBe(200)
    expect(cvParseResultSchema.parse(response.json())).toMatchObject({
      fileName: 'Dana.pdf',
      textStatus: 'ready',
      existingTalentId: null,
      suggested: {
        fullName: 'Dana Reyes',
        email: 'dana.reyes@example.com',
        phone: '+1 (415) 555-0134',
        linkedinUrl: 'https://www.linkedin.com/in/dana-reyes',
        areaOfInterest: 'Engineering',
        seniorityLevel: 'senior',
      },
    })
  })

  test('saving the talent with cvFileId attaches the CV; the upload is used up', async () => {
    const { fileId } = cvParseResultSchema.parse(
      (await parse(alice, 'Dana.docx', makeDocx(CV))).json(),
    )
    const body = {
      fullName: 'Dana Reyes',
      email: 'dana.reyes@example.com',
      areaOfInterest: 'Engineering',
      seniorityLevel: 'senior',
      cvFileId: fileId,
    }
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/talents',
      headers: alice.headers,
      payload: body,
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(talentSchema.parse(created.json()).cv).toMatchObject({
      fileName: 'Dana.docx',
      textStatus: 'ready',
    })
    const again = await api.app.inject({
      method: 'POST',
      url: '/api/talents',
      headers: alice.headers,
      payload: { ...body, email: 'someone.else@example.com' },
    })
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: UPLOAD_NOT_FOUND })
  })

  test('an e-mail that already belongs to a talent is named, and the CV can go to that talent', async () => {
    const existing = await api.app.inject({
      method: 'POST',
      url: '/api/talents',
      headers: bob.headers,
      payload: {
        fullName: 'Dana R.',
        email: 'Dana.Reyes@example.com',
        areaOfInterest: 'Design',
        seniorityLevel: 'mid',
      },
    })
    const talentId = talentSchema.parse(existing.json()).id
    const parsed = cvParseResultSchema.parse((await parse(alice, 'Dana.pdf', makePdf(CV))).json())
    expect(parsed.existingTalentId).toBe(talentId)
    const attached = await api.app.inject({
      method: 'POST',
      url: `/api/cv/uploads/${parsed.fileId}/attach`,
      headers: alice.headers,
      payload: { talentId },
    })
    expect(attached.statusCode, attached.body).toBe(201)
    expect(cvFileSchema.parse(attached.json()).fileName).toBe('Dana.pdf')
  })

  test("another person's upload cannot be claimed", async () => {
    const parsed = cvParseResultSchema.parse((await parse(alice, 'Dana.pdf', makePdf(CV))).json())
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/talents',
      headers: bob.headers,
      payload: {
        fullName: 'Dana Reyes',
        email: 'd@example.com',
        areaOfInterest: 'Design',
        seniorityLevel: 'mid',
        cvFileId: parsed.fileId,
      },
    })
    expect(response.statusCode).toBe(404)
    // Nothing half-written: the talent was not created either.
    const list = await api.app.inject({ url: '/api/talents', headers: bob.headers })
    expect(list.json()).toEqual([])
  })

  test('a file that is not a CV is refused with 415', async () => {
    const response = await parse(alice, 'cv.pdf', makeExecutable())
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ message: UNSUPPORTED_CV_MESSAGE })
  })
})
