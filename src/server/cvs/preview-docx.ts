import mammoth from 'mammoth'
import { rebuildZip } from '../files/zip-guard.ts'
import { zipParts } from './extract-text.ts'
import { toPreview, type DocumentPreview } from './preview-html.ts'

// Images are never shown (no <img> survives the sanitiser), so mammoth is told not to read them.
const dropImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }))

/**
 * The body of a DOCX as sanitised HTML (mammoth leaves page headers and footers out, which the
 * extracted text keeps). Runs in a pool child (preview-document.worker.ts). A document mammoth
 * cannot read, that the zip guard refuses (security rule 41), or whose body is empty, has no HTML
 * preview: its text is the preview.
 */
export async function docxPreview(bytes: Uint8Array): Promise<DocumentPreview> {
  try {
    const parts = zipParts(bytes)
    if (!(parts instanceof Map)) return { kind: 'text' }
    // mammoth unzips on its own terms: it is handed the checked parts, never the upload.
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(rebuildZip(parts)) },
      { convertImage: dropImages, externalFileAccess: false },
    )
    return toPreview(result.value)
  } catch {
    // Not a document mammoth understands: the extracted text still shows.
    return { kind: 'text' }
  }
}
