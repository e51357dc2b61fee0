import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { makeDocx, makePdf, makePdfPages, makeZipBomb } from '#tests/support/cv-files.ts'
import { CV_ZIP_LIMITS, tooLargeMessage } from '../files/zip-guard.ts'
import { ENCRYPTED_REASON, NO_TEXT_REASON, extractCvText } from './extract-text.ts'

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

describe('extractCvText', () => {
  it('reads a PDF page', async () => {
    const result = await extractCvText(
      makePdf(['Dana Reyes', 'dana@example.com']),
      'application/pdf',
    )
    expect(result).toEqual({ status: 'ready', text: 'Dana Reyes\ndana@example.com' })
  })

  it('a corrupt PDF is unreadable with the reason, not an error', async () => {
    const result = await extractCvText(Buffer.from('%PDF-1.4 nothing else'), 'application/pdf')
    expect(result.status).toBe('unreadable')
  })

  it('a password-protected PDF is unreadable and says why', async () => {
    const locked = makePdfPages([['Dana Reyes', 'dana@example.com']], { encrypted: true })
    expect(await extractCvText(locked, 'application/pdf')).toEqual({
      status: 'unreadable',
      reason: ENCRYPTED_REASON,
    })
  })

  it('a DOCX whose name and e-mail sit only in the page header is still read', async () => {
    const docx = makeDocx(['Experience: Python, Kubernetes'], ['Dana Reyes', 'dana@example.com'])
    const result = await extractCvText(docx, DOCX)
    expect(result.status).toBe('ready')
    if (result.status !== 'ready') return
    expect(result.text).toContain('Dana Reyes')
    expect(result.text).toContain('dana@example.com')
    expect(result.text).toContain('Python, Kubernetes')
  })

  it('a zip bomb is refused before it is expanded, saying why', async () => {
    expect(await extractCvText(makeDocx(['fine']), DOCX)).toMatchObject({ status: 'ready' })
    expect(await extractCvText(makeZipBomb(), DOCX)).toEqual({
      status: 'unreadable',
      reason: tooLargeMessage(CV_ZIP_LIMITS),
    })
  })

  it('reads ODT paragraphs', async () => {
    const content = `<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text><text:h>Dana Reyes</text:h><text:p>Python<text:tab/>Kubernetes</text:p></office:text></office:body></office:document-content>`
    const odt = Buffer.from(
      zipSync({
        mimetype: strToU8('application/vnd.oasis.opendocument.text'),
        'content.xml': strToU8(content),
      }),
    )
    expect(await extractCvText(odt, 'application/vnd.oasis.opendocument.text')).toEqual({
      status: 'ready',
      text: 'Dana Reyes\nPython\tKubernetes',
    })
  })

  it('reads RTF paragraphs', async () => {
    const rtf = Buffer.from('{\\rtf1\\ansi\\pard Dana Reyes\\par dana@example.com\\par}', 'latin1')
    expect(await extractCvText(rtf, 'application/rtf')).toEqual({
      status: 'ready',
      text: 'Dana Reyes\ndana@example.com',
    })
  })

  it('a file with no text says so plainly', async () => {
    expect(await extractCvText(makePdf([]), 'application/pdf')).toEqual({
      status: 'unreadable',
      reason: NO_TEXT_REASON,
    })
  })
})
