import sanitizeHtml from 'sanitize-html'

/** What laying out a document gave: its body as safe HTML, or nothing to lay out (its text shows). */
export type DocumentPreview = { kind: 'html'; html: string } | { kind: 'text' }

/**
 * An http(s) link opening apart from Scout (security rule 20); any other keeps its tag here with no
 * attributes, and `dropBareLinks` then drops the tag and keeps its text. Renaming it to a tag the
 * allow-list lacks (span) looked the same, but sanitize-html keeps a dropped tag's rename pending
 * and applies it to the next closing tag at that depth: the next real link closed with </span>,
 * and the rest of the CV became one link (security rule 48: the preview is well-formed HTML).
 */
function safeLink(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = attribs.href ?? ''
  if (!/^https?:\/\//i.test(href)) return { tagName: 'a', attribs: {} }
  return { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } }
}

/** A link safeLink stripped: the tag goes (opening and closing together), its text stays. */
function dropBareLinks(frame: sanitizeHtml.IFrame): boolean | 'excludeTag' {
  return frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false
}

// The CV sits under the talent's name (h2) and the tab's own h3 "Text", so its headings start at
// h4: a screen reader's outline of the detail view stays in order (WCAG 1.3.1).
const shiftHeading =
  (level: number): sanitizeHtml.Transformer =>
  () => ({ tagName: `h${Math.min(level + 3, 6)}`, attribs: {} })

/**
 * Security rule 20: the only HTML Scout renders from a file, whichever builder
 * (DOCX, ODT, RTF) wrote it. An allow-list of structure (paragraphs, headings, lists, emphasis,
 * tables, quotes, line breaks) and http(s) links that open apart from Scout; no images, styles,
 * classes, ids or event handlers. Anything else is dropped, its text kept, except script and
 * style, whose content goes too.
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
  exclusiveFilter: dropBareLinks,
}

export function sanitizePreviewHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS)
}

/**
 * A builder's HTML as a preview: sanitised, and none at all when no text is left (a body of empty
 * paragraphs previews as its extracted text, which says why there is none).
 */
export function toPreview(html: string): DocumentPreview {
  const clean = sanitizePreviewHtml(html).trim()
  // Only the sanitiser's own output is looked at here, to ask whether any text survived.
  const hasText = clean.replace(/<[^>]*>/g, '').trim() !== ''
  return hasText ? { kind: 'html', html: clean } : { kind: 'text' }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Text (or an attribute value) from a file, made inert before it joins a builder's markup: the
 * builders (ODT, RTF) escape every character of the file's text themselves, so the sanitiser is a
 * second wall, not the only one.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}
