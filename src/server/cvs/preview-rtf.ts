import parseRtf, { type RtfDocument, type RtfSpan } from 'rtf-parser'
import { escapeHtml, toPreview, type DocumentPreview } from './preview-html.ts'

type Run = { text: string; bold: boolean; italic: boolean }

/** A paragraph's spans in order, however rtf-parser nested them. */
function spansOf(node: RtfSpan): RtfSpan[] {
  return node.content ? node.content.flatMap(spansOf) : [node]
}

/** Neighbouring spans in the same style become one run: <strong>Led the team</strong>, not three. */
function runsOf(spans: RtfSpan[]): Run[] {
  const runs: Run[] = []
  for (const span of spans) {
    const text = span.value ?? ''
    const bold = span.style?.bold === true
    const italic = span.style?.italic === true
    const last = runs.at(-1)
    if (last?.bold === bold && last.italic === italic) last.text += text
    else runs.push({ text, bold, italic })
  }
  return runs
}

function runHtml({ text, bold, italic }: Run): string {
  // \line arrives as "\n" and \tab as "\t"; an em space keeps a tab's gap where HTML folds spaces.
  const html = escapeHtml(text).replace(/\n/g, '<br />').replace(/\t/g, '\u2003')
  if (text.trim() === '') return html
  const emphasised = italic ? `<em>${html}</em>` : html
  return bold ? `<strong>${emphasised}</strong>` : emphasised
}

/**
 * An RTF document as HTML: a <p> per paragraph, <strong>/<em> where a span is
 * bold or italic, <br /> for line breaks; empty paragraphs are left out. Every character of the
 * file's text is escaped here; the result still goes through the sanitiser (toPreview).
 * rtf-parser reads no stylesheets or lists, so headings and bullets show as the text they are;
 * and it drops the emphasis of a group ({\b bold}, iarna/rtf-parser#41), keeping that of the
 * switches (\b bold\b0).
 */
export function buildRtfHtml(document: RtfDocument): string {
  // Paragraphs hold their spans; spans after the last \par sit loose at the end: one more paragraph.
  const paragraphs: RtfSpan[][] = []
  let loose: RtfSpan[] = []
  for (const node of document.content) {
    if (!node.content) {
      loose.push(node)
      continue
    }
    if (loose.length > 0) paragraphs.push(loose)
    loose = []
    paragraphs.push(spansOf(node))
  }
  if (loose.length > 0) paragraphs.push(loose)
  return paragraphs
    .map(runsOf)
    .filter((runs) => runs.some((run) => run.text.trim() !== ''))
    .map((runs) => `<p>${runs.map(runHtml).join('')}</p>`)
    .join('')
}

/**
 * An RTF laid out as sanitised HTML (runs in a worker thread, preview-document.worker.ts). RTF is
 * 7-bit text with escapes, read byte for byte as extract-text.ts reads it. A file rtf-parser
 * refuses has no HTML preview: its extracted text (or the reason there is none) shows.
 */
export function rtfPreview(bytes: Uint8Array): Promise<DocumentPreview> {
  return new Promise((resolve) => {
    try {
      parseRtf.string(new TextDecoder('latin1').decode(bytes), (error, document) => {
        resolve(error ? { kind: 'text' } : toPreview(buildRtfHtml(document)))
      })
    } catch {
      // rtf-parser can throw from inside its stream rather than call back: the text still shows.
      resolve({ kind: 'text' })
    }
  })
}
