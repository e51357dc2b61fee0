import mammoth from 'mammoth'
import sanitizeHtml from 'sanitize-html'

/** What the preview of a DOCX gave: its body as safe HTML, or nothing to lay out. */
export type DocxPreview = { kind: 'html'; html: string } | { kind: 'text' }

/** An http(s) link opening apart from Scout (SECURITY.md 20); anything else keeps only its text. */
function safeLink(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = attribs.href ?? ''
  if (!/^https?:\/\//i.test(href)) return { tagName: 'span', attribs: {} }
  return { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } }
}

// The CV sits under the talent's name (h2) and the tab's own h3 "Text", so its headings start at
// h4: a screen reader's outline of the detail view stays in order (WCAG 1.3.1).
const shiftHeading =
  (level: number): sanitizeHtml.Transformer =>
  () => ({ tagName: `h${Math.min(level + 3, 6)}`, attribs: {} })

/**
 * SECURITY.md 20 and issue 16 item 2: the only HTML Scout renders from a file. An allow-list of
 * structure (paragraphs, headings, lists, emphasis, tables, quotes, line breaks) and http(s) links
 * that open apart from Scout; no images, styles, classes, ids or event handlers. Anything else is
 * dropped, its text kept, except script and style, whose content goes too.
 */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags:
    'p h4 h5 h6 ul ol li strong em b i u table thead tbody tr td th br blockquote a'.split(' '),
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: shiftHeading(1),
    h2: shiftHeading(2),
    h3: shiftHeading(3),
    h4: shiftHeading(4),
    h5: shiftHeading(5),
    h6: shiftHeading(6),
    // A link that is not http(s) (mailto:, javascript:, a bookmark) keeps its text, not its tag.
    a: safeLink,
  },
}

export function sanitizePreviewHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS)
}

// Images are never shown (no <img> survives the sanitiser), so mammoth is told not to read them.
const dropImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }))

/**
 * The body of a DOCX as sanitised HTML (mammoth leaves page headers and footers out, which the
 * extracted text keeps). Runs in a worker thread (preview-docx.worker.ts). A document mammoth
 * cannot read, or whose body is empty, has no HTML preview: its text is the preview.
 */
export async function docxPreview(bytes: Uint8Array): Promise<DocxPreview> {
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      { convertImage: dropImages, externalFileAccess: false },
    )
    const html = sanitizePreviewHtml(result.value).trim()
    return html === '' ? { kind: 'text' } : { kind: 'html', html }
  } catch {
    // Not a document mammoth understands: the extracted text still shows (issue 16 item 2).
    return { kind: 'text' }
  }
}
