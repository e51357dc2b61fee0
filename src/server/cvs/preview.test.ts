import { describe, expect } from 'vitest'
import { CV_NOT_FOUND, cvPreviewSchema } from '#shared/cv.ts'
import { talentSchema } from '#shared/talent.ts'
import {
  makeDocx,
  makeOdt,
  makeOdtPackage,
  makePdf,
  makeRtf,
  odtContent,
  uploadCv,
} from '#tests/support/cv-files.ts'
import { apiTest as test, type Api, type SignedIn } from '#tests/support/api-test.ts'

// "Read it in place": GET /api/talents/:id/cv/preview.

let app: Api['app']
let alice: SignedIn

test.beforeEach(async ({ api }) => {
  app = api.app
  alice = await api.signIn({ email: 'alice@preview.test' })
})

async function talentWithCv(name: string, bytes?: Buffer): Promise<number> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/talents',
    headers: alice.headers,
    payload: {
      fullName: 'Dana Reyes',
      email: 'dana@example.com',
      areaOfInterest: 'Design',
      seniorityLevel: 'mid',
    },
  })
  const id = talentSchema.parse(created.json()).id
  if (bytes === undefined) return id
  const attached = await uploadCv(app, alice, id, { name, bytes })
  expect(attached.statusCode, attached.body).toBe(201)
  return id
}

const preview = (id: number, headers: Record<string, string> = alice.headers) =>
  app.inject({ url: `/api/talents/${id}/cv/preview`, headers })

describe('GET /api/talents/:id/cv/preview', () => {
  test('security rule 22 g: a DOCX shows its heading and list as markup, and its text payloads only as text', async () => {
    const docx = makeDocx([
      { text: 'Experience', heading: 1 },
      { text: 'Led the <script>alert(1)</script> migration', bullet: true },
      { text: '<img src=x onerror=alert(2)>', bullet: true },
      'Rust and Go',
    ])
    const response = await preview(await talentWithCv('Dana.docx', docx))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = cvPreviewSchema.parse(response.json())
    expect(body).toEqual({
      kind: 'html',
      // The CV's h1 sits under the detail view's h2 and h3: it becomes an h4.
      html:
        '<h4>Experience</h4><ul><li>Led the &lt;script&gt;alert(1)&lt;/script&gt; migration</li>' +
        '<li>&lt;img src=x onerror=alert(2)&gt;</li></ul><p>Rust and Go</p>',
    })
  })

  test('an ODT shows its heading, list and bold as markup, and its text payloads only as text', async () => {
    const odt = makeOdt([
      { text: 'Experience', heading: 1 },
      { text: 'Led the <script>alert(1)</script> migration', bullet: true },
      { text: '<img src=x onerror=alert(2)>', bullet: true },
      { text: 'javascript:alert(3)', bold: true },
    ])
    const response = await preview(await talentWithCv('Dana.odt', odt))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(cvPreviewSchema.parse(response.json())).toEqual({
      kind: 'html',
      html:
        '<h4>Experience</h4><ul><li>Led the &lt;script&gt;alert(1)&lt;/script&gt; migration</li>' +
        '<li>&lt;img src=x onerror=alert(2)&gt;</li></ul><p><strong>javascript:alert(3)</strong></p>',
    })
  })

  test('an RTF shows its paragraphs in bold and italic, and its text payloads only as text', async () => {
    const rtf = makeRtf([
      [{ text: 'Experience', bold: true }],
      ['Led the ', { text: 'platform', italic: true }, ' team'],
      '<script>alert(1)</script> <img src=x onerror=alert(2)> javascript:alert(3)',
    ])
    const response = await preview(await talentWithCv('Dana.rtf', rtf))
    expect(response.statusCode, response.body).toBe(200)
    expect(cvPreviewSchema.parse(response.json())).toEqual({
      kind: 'html',
      html:
        '<p><strong>Experience</strong></p><p>Led the <em>platform</em> team</p>' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; javascript:alert(3)</p>',
    })
  })

  test('an ODT whose XML is broken previews as its text, as a DOCX that cannot be laid out does', async () => {
    const broken = makeOdtPackage(odtContent('<text:p>Dana').replace('</office:text>', ''))
    const response = await preview(await talentWithCv('Dana.odt', broken))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ kind: 'text' })
  })

  test('an RTF rtf-parser refuses previews as its text', async () => {
    const refused = Buffer.from('{\\rtf1\\ansi\\ansicpg9999 Dana\\par}', 'latin1')
    const response = await preview(await talentWithCv('Dana.rtf', refused))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ kind: 'text' })
  })

  test('a PDF previews as its text (its pages are drawn in the browser)', async () => {
    const response = await preview(await talentWithCv('Dana.pdf', makePdf(['Dana Reyes'])))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ kind: 'text' })
  })

  test('security rule 22 g: Markdown previews as its text, never as HTML', async () => {
    const md = Buffer.from('# Dana\n\n<script>alert(1)</script>')
    const response = await preview(await talentWithCv('Dana.md', md))
    expect(response.json()).toEqual({ kind: 'text' })
  })

  test('a talent without a CV is a 404', async () => {
    const response = await preview(await talentWithCv('none'))
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: CV_NOT_FOUND })
  })

  test('anonymous callers are refused', async () => {
    const id = await talentWithCv('Dana.docx', makeDocx(['Hi']))
    expect((await preview(id, {})).statusCode).toBe(401)
  })
})
