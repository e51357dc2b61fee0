import type { CvMimeType } from '#shared/cv.ts'
import type { CvContent } from './cv-content.ts'
import { paginate } from './cv-layout.ts'
import { makeDocx, makePdfPages, type DocxParagraph } from './pdf-and-docx.ts'

export const PDF: CvMimeType = 'application/pdf'
export const DOCX: CvMimeType =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/**
 * A CV file and its text as Scout's reader (src/server/cvs/extract-text.ts) returns it: the seed
 * stores this text as read ('ready') instead of queueing a reading job per file, and
 * cv-render.unit.test.ts proves the reader gets exactly this text back from the bytes.
 */
export type RenderedCv = { bytes: Buffer; mimeType: CvMimeType; text: string }

/** A PDF of the CV's pages: a blank line between sections, bullets as "- ". */
export function renderPdf(content: CvContent): RenderedCv {
  const pages = paginate(content).map((blocks) =>
    blocks.flatMap((b, i) => (b.kind === 'heading' && i > 0 ? ['', ...b.lines] : b.lines)),
  )
  // The reader gives one line per text line, pages joined, and no blank lines.
  const text = pages
    .flat()
    .filter((line) => line !== '')
    .join('\n')
  return { bytes: makePdfPages(pages), mimeType: PDF, text }
}

/**
 * A DOCX of the CV: headings and bullet lists styled, a page break where the PDF's pages break.
 * With `headerInPageHeader` the name and contact lines sit in the page header, as many Word CV
 * templates put them (such a CV must still be read).
 */
export function renderDocx(content: CvContent, headerInPageHeader: boolean): RenderedCv {
  const body: DocxParagraph[] = []
  paginate(content).forEach((blocks, page) => {
    blocks.forEach((b, i) => {
      if (b.kind === 'header' && headerInPageHeader) return
      const pageBreak = page > 0 && i === 0
      if (b.kind === 'heading') body.push({ text: b.text, heading: 1, pageBreak })
      else if (b.kind === 'bullet') body.push({ text: b.text, bullet: true, pageBreak })
      else body.push({ text: b.text, pageBreak })
    })
  })
  const bodyText = body.map((p) => (typeof p === 'string' ? p : p.text)).join('\n')
  const header = headerInPageHeader ? content.header : []
  // The reader puts page headers first, then a blank line, then the body.
  const text = header.length ? `${header.join('\n')}\n\n${bodyText}` : bodyText
  return { bytes: makeDocx(body, header), mimeType: DOCX, text }
}
