import { expect } from 'vitest'
import { talentSchema } from '#shared/talent.ts'
import { makeDocx, uploadCv } from '#tests/support/cv-files.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'

// Security rule 22 h (docs/security-tests.md): DOCX previews are laid out one at a time with a few
// waiting; a burst beyond that is refused with 503 and Retry-After, never a pile of threads.

const BURST = 24

/** A talent with its own DOCX (different bytes, so no preview is cached for another). */
async function talentWithDocx(api: Api, alice: SignedIn, n: number): Promise<number> {
  const { app } = api
  const created = await app.inject({
    method: 'POST',
    url: '/api/talents',
    headers: alice.headers,
    payload: {
      fullName: `Queue Person ${n}`,
      email: `queue.${n}@preview-queue.test`,
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    },
  })
  const id = talentSchema.parse(created.json()).id
  // A long document, so each layout takes long enough for the burst to find the queue full.
  const paragraphs = Array.from({ length: 600 }, (_, i) => `Paragraph ${i} of CV ${n}: Figma.`)
  const attached = await uploadCv(app, alice, id, {
    name: `cv-${n}.docx`,
    bytes: makeDocx(paragraphs),
  })
  expect(attached.statusCode, attached.body).toBe(201)
  return id
}

test(`security rule 22 h: ${BURST} DOCX previews at once — one laid out at a time, 8 waiting, the rest 503 with Retry-After`, async ({
  api,
}) => {
  const alice = await api.signIn({ email: 'alice@preview-queue.test' })
  const ids = []
  for (let n = 0; n < BURST; n++) ids.push(await talentWithDocx(api, alice, n))

  const answers = await Promise.all(
    ids.map((id) =>
      api.app.inject({ url: `/api/talents/${id}/cv/preview`, headers: alice.headers }),
    ),
  )
  const statuses = answers.map((a) => a.statusCode)
  expect(
    statuses.every((s) => s === 200 || s === 503),
    statuses.join(),
  ).toBe(true)
  const refused = answers.filter((a) => a.statusCode === 503)
  expect(refused.length, statuses.join()).toBeGreaterThan(0)
  expect(statuses.filter((s) => s === 200).length, statuses.join()).toBeGreaterThanOrEqual(9)
  for (const answer of refused) {
    expect(answer.headers['retry-after']).toMatch(/^\d+$/)
    expect(answer.json()).toHaveProperty('message')
  }
  // Once the burst is over, a refused preview is served.
  const retried = await api.app.inject({
    url: `/api/talents/${ids[answers.findIndex((a) => a.statusCode === 503)]}/cv/preview`,
    headers: alice.headers,
  })
  expect(retried.statusCode).toBe(200)
}, 120_000)
