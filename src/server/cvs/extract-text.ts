import parseRtf from 'rtf-parser'
import { SaxesParser } from 'saxes'
import { extractText as extractPdfText, getDocumentProxy } from 'unpdf'
import WordExtractor from 'word-extractor'
import type { CvMimeType } from '#shared/cv.ts'
import { CV_ZIP_LIMITS, inflateZip, rebuildZip, ZipRefusal } from '../files/zip-guard.ts'

/** What reading a CV gave: its text, or why there is none a person can act on. */
export type Extraction =
  { status: 'ready'; text: string } | { status: 'unreadable'; reason: string }

export const NO_TEXT_REASON =
  'No text was found in this file. It may be a scanned image; the file can still be downloaded.'
export const ENCRYPTED_REASON = 'This PDF is password-protected, so its text cannot be read.'

/**
 * A DOCX's or ODT's parts (all, or those `wanted`) through the zip guard (security rule 41), or why
 * not: its refusal, as the file's unreadable reason.
 */
export function zipParts(
  bytes: Uint8Array,
  wanted?: (name: string) => boolean,
): Map<string, Uint8Array> | Extraction {
  try {
    return inflateZip(bytes, CV_ZIP_LIMITS, wanted)
  } catch (error) {
    if (error instanceof ZipRefusal) return { status: 'unreadable', reason: error.message }
    throw error
  }
}

async function pdfText(bytes: Uint8Array): Promise<Extraction> {
  try {
    // unpdf bundles pdf.js 5 (past the CVE-2024-4367 fix); verbosity 0: no console warnings.
    // pdf.js wants a plain Uint8Array (a Buffer is refused), and takes ownership of it: a copy.
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 })
    const { text } = await extractPdfText(document, { mergePages: true })
    return ready(text)
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    if (name === 'PasswordException') return { status: 'unreadable', reason: ENCRYPTED_REASON }
    const message = error instanceof Error ? error.message : String(error)
    return { status: 'unreadable', reason: `This PDF could not be read (${message}).` }
  }
}

/** DOCX through word-extractor, with page headers and footers: CVs often keep the name there. */
async function docxText(bytes: Uint8Array): Promise<Extraction> {
  const parts = zipParts(bytes)
  if (!(parts instanceof Map)) return parts
  try {
    // word-extractor unzips on its own terms: it is handed the checked parts, never the upload.
    const document = await new WordExtractor().extract(Buffer.from(rebuildZip(parts)))
    const header = document.getHeaders({ includeFooters: false })
    return ready([header, document.getBody(), document.getFooters()].join('\n'))
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { status: 'unreadable', reason: `This document could not be read (${message}).` }
  }
}

const ODT_BREAKS = new Set(['text:p', 'text:h', 'text:line-break', 'text:list-item'])

/** ODT: the text nodes of content.xml (and styles.xml, where page headers live), via a SAX parser. */
function odtText(bytes: Uint8Array): Extraction {
  const parts = zipParts(bytes, (name) => name === 'content.xml' || name === 'styles.xml')
  if (!(parts instanceof Map)) return parts
  const decoder = new TextDecoder()
  const chunks: string[] = []
  for (const name of ['styles.xml', 'content.xml']) {
    const xml = parts.get(name)
    if (!xml) continue
    const parser = new SaxesParser()
    parser.on('text', (text) => chunks.push(text))
    parser.on('opentag', (tag) => {
      if (tag.name === 'text:tab') chunks.push('\t')
      if (tag.name === 'text:s') chunks.push(' ')
    })
    parser.on('closetag', (tag) => {
      if (ODT_BREAKS.has(tag.name)) chunks.push('\n')
    })
    parser.write(decoder.decode(xml)).close()
  }
  return ready(chunks.join(''))
}

function rtfText(bytes: Uint8Array): Promise<Extraction> {
  return new Promise((resolve) => {
    parseRtf.string(new TextDecoder('latin1').decode(bytes), (error, document) => {
      if (error) {
        resolve({
          status: 'unreadable',
          reason: `This RTF file could not be read (${error.message}).`,
        })
        return
      }
      type Span = (typeof document.content)[number]
      const flatten = (span: Span): string =>
        span.content ? span.content.map(flatten).join('') : (span.value ?? '')
      resolve(ready(document.content.map(flatten).join('\n')))
    })
  })
}

function ready(raw: string): Extraction {
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return text ? { status: 'ready', text } : { status: 'unreadable', reason: NO_TEXT_REASON }
}

/** The text of a CV of any accepted type. Runs in a pool child (extract-text.worker.ts). */
export async function extractCvText(bytes: Uint8Array, mimeType: CvMimeType): Promise<Extraction> {
  switch (mimeType) {
    case 'application/pdf':
      return pdfText(bytes)
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return docxText(bytes)
    case 'application/vnd.oasis.opendocument.text':
      return odtText(bytes)
    case 'application/rtf':
      return rtfText(bytes)
    case 'text/plain':
    case 'text/markdown':
      return ready(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''))
  }
}
