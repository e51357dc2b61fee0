import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { zipParts } from './extract-text.ts'
import { escapeHtml, toPreview, type DocumentPreview } from './preview-html.ts'
import { odtEmphasis, odtStyleReader, readOdtStyles, type OdtStyles } from './preview-odt-styles.ts'

// Elements whose text is not the document's body: deleted text of tracked changes, comments,
// footnotes (the extracted text below keeps them), image data and alt text, and the templates
// and declarations that indexes and fields are generated from.
const SKIPPED = new Set([
  'text:tracked-changes',
  'office:annotation',
  'text:note',
  'draw:image',
  'office:binary-data',
  'svg:title',
  'svg:desc',
  'table:covered-table-cell',
])
const isSkipped = (name: string) =>
  SKIPPED.has(name) || name.endsWith('-source') || name.endsWith('-decls')

// Inside a paragraph these are blocks of a nested one (a text box's), not inline markup.
const BLOCKS = new Set([
  'text:p',
  'text:h',
  'text:list',
  'text:list-item',
  'text:list-header',
  'text:section',
])

// Spaces written as <text:s text:c="n"/>: a hostile n must not become a gigabyte of spaces.
const MAX_SPACES = 50

/** A list item or table cell: its paragraphs are lines, not <p>s (no margins inside a bullet). */
type Container = { paragraphs: number }

type Frame = {
  close: string
  start: number
  written: number
  bold: boolean
  italic: boolean
  dropIfEmpty?: boolean
  skip?: boolean
  paragraph?: boolean
  countIn?: Container
  popsContainer?: boolean
}

const count = (value: string | undefined): number => {
  const n = Number(value ?? '1')
  return Number.isInteger(n) && n > 0 ? n : 1
}

/**
 * The body of an ODT's content.xml as HTML: headings (outline level → h1–h3),
 * paragraphs, lists (ul/li), bold and italic where the paragraph or span style says so, tables,
 * links, line breaks, tabs and runs of spaces. Every piece of the file's text and every attribute
 * value is escaped here; the result still goes through the sanitiser (toPreview). Numbered lists
 * show as bullets: which list is numbered sits in list styles this builder does not read.
 */
export function buildOdtHtml(contentXml: string, namedStyles?: OdtStyles): string {
  // content.xml adds its automatic styles (T1, P1…) to the named ones of styles.xml.
  const styles: OdtStyles = new Map(namedStyles)
  const styleReader = odtStyleReader(styles)
  const out: string[] = []
  const stack: Frame[] = []
  const containers: Container[] = []
  let written = 0
  let skipDepth = 0
  let inBody = false
  let paragraphDepth = 0

  const top = (): Frame | undefined => stack.at(-1)
  const emit = (html: string) => {
    if (inBody && skipDepth === 0) out.push(html)
  }
  const push = (frame: Partial<Frame>, opening = '') => {
    const parent = top()
    const start = out.length
    emit(opening)
    stack.push({
      start,
      written,
      bold: parent?.bold ?? false,
      italic: parent?.italic ?? false,
      close: '',
      ...frame,
    })
  }

  /** Opening <strong>/<em> for a style that makes text bold or italic where it is not already. */
  const emphasise = (family: 'paragraph' | 'text', styleName: string | undefined) => {
    const parent = top()
    const style = odtEmphasis(styles, family, styleName)
    const bold = style.bold && !parent?.bold
    const italic = style.italic && !parent?.italic
    return {
      open: (bold ? '<strong>' : '') + (italic ? '<em>' : ''),
      close: (italic ? '</em>' : '') + (bold ? '</strong>' : ''),
      bold: Boolean(parent?.bold) || style.bold,
      italic: Boolean(parent?.italic) || style.italic,
    }
  }

  function openBlock(tag: SaxesTagPlain) {
    const { name, attributes } = tag
    if (name === 'text:h') {
      const level = Math.min(count(attributes['text:outline-level']), 3)
      paragraphDepth++
      const html = `<h${level}>`
      return push({ close: `</h${level}>`, dropIfEmpty: true, paragraph: true, bold: true }, html)
    }
    if (name === 'text:p') {
      paragraphDepth++
      const container = containers.at(-1)
      const { open, close, bold, italic } = emphasise('paragraph', attributes['text:style-name'])
      const frame = { dropIfEmpty: true, paragraph: true, bold, italic }
      // In a list item or a table cell, paragraphs are lines of the one bullet or cell.
      if (!container) return push({ ...frame, close: `${close}</p>` }, `<p>${open}`)
      const br = container.paragraphs > 0 ? '<br />' : ''
      return push({ ...frame, close, countIn: container }, br + open)
    }
    if (name === 'text:list') return push({ close: '</ul>' }, '<ul>')
    if (name === 'text:list-item' || name === 'text:list-header') {
      containers.push({ paragraphs: 0 })
      return push({ close: '</li>', popsContainer: true }, '<li>')
    }
    if (name === 'table:table') return push({ close: '</table>' }, '<table>')
    if (name === 'table:table-row') return push({ close: '</tr>' }, '<tr>')
    if (name === 'table:table-cell') {
      const columns = count(attributes['table:number-columns-spanned'])
      const rows = count(attributes['table:number-rows-spanned'])
      const spans =
        (columns > 1 ? ` colspan="${columns}"` : '') + (rows > 1 ? ` rowspan="${rows}"` : '')
      containers.push({ paragraphs: 0 })
      return push({ close: '</td>', popsContainer: true }, `<td${spans}>`)
    }
    push({})
  }

  // A paragraph inside a paragraph (a text box, a frame): each of its paragraphs becomes a line of
  // the outer one; its lists and tables keep only their text.
  function openNested(name: string) {
    if (name !== 'text:p' && name !== 'text:h') return push({})
    paragraphDepth++
    push({ dropIfEmpty: true, paragraph: true }, '<br />')
  }

  function openInline(tag: SaxesTagPlain) {
    const { name, attributes } = tag
    if (name === 'text:span') {
      const { open, close, bold, italic } = emphasise('text', attributes['text:style-name'])
      return push({ close, bold, italic }, open)
    }
    if (name === 'text:a') {
      const href = escapeHtml(attributes['xlink:href'] ?? '')
      return push({ close: '</a>' }, `<a href="${href}">`)
    }
    if (name === 'text:line-break') return push({}, '<br />')
    // An em space keeps a tab's gap visible where HTML would fold it into one space.
    if (name === 'text:tab') return push({}, '\u2003')
    if (name === 'text:s') {
      const spaces = Math.min(count(attributes['text:c']), MAX_SPACES)
      return push({}, ' ' + '\u00a0'.repeat(spaces - 1))
    }
    push({})
  }

  const parser = new SaxesParser()
  parser.on('opentag', (tag) => {
    styleReader.open(tag)
    if (skipDepth > 0 || isSkipped(tag.name)) {
      skipDepth++
      return push({ skip: true })
    }
    if (tag.name === 'office:text') inBody = true
    if (!inBody) return push({})
    if (paragraphDepth > 0) {
      if (tag.name.startsWith('text:') && !BLOCKS.has(tag.name)) return openInline(tag)
      return openNested(tag.name)
    }
    openBlock(tag)
  })
  parser.on('closetag', (tag) => {
    styleReader.close(tag)
    const frame = stack.pop()
    if (!frame) return
    if (frame.skip) skipDepth--
    if (frame.paragraph) paragraphDepth--
    if (frame.popsContainer) containers.pop()
    if (frame.dropIfEmpty && written === frame.written) {
      // No text since it opened (an empty paragraph kept for spacing): it leaves no trace.
      out.length = frame.start
    } else {
      emit(frame.close)
      if (frame.countIn) frame.countIn.paragraphs++
    }
    if (tag.name === 'office:text') inBody = false
  })
  const onText = (text: string) => {
    if (!inBody || skipDepth > 0 || paragraphDepth === 0) return
    out.push(escapeHtml(text))
    if (text.trim() !== '') written++
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.write(contentXml).close()
  return out.join('')
}

/**
 * An ODT laid out as sanitised HTML (runs in a pool child, preview-document.worker.ts): its
 * styles from styles.xml, then content.xml. A file that is no readable ODT, or that the zip guard
 * refuses (security rule 41), has no HTML preview: its extracted text is the preview.
 */
export function odtPreview(bytes: Uint8Array): DocumentPreview {
  try {
    const parts = zipParts(bytes, (name) => name === 'content.xml' || name === 'styles.xml')
    if (!(parts instanceof Map)) return { kind: 'text' }
    const content = parts.get('content.xml')
    if (!content) return { kind: 'text' }
    const decoder = new TextDecoder()
    const stylesXml = parts.get('styles.xml')
    const styles = stylesXml ? readOdtStyles(decoder.decode(stylesXml)) : undefined
    return toPreview(buildOdtHtml(decoder.decode(content), styles))
  } catch {
    // Not a zip, or XML saxes refuses: the extracted text still shows.
    return { kind: 'text' }
  }
}
