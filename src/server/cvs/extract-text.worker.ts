import { getResolvedPDFJS } from 'unpdf'
import { isCvMimeType } from '#shared/cv.ts'
import { extractCvText, type Extraction } from './extract-text.ts'
import { fileTaskInput } from './file-task-input.ts'

// Each parser thread loads this module as it starts (parser-pool.ts). pdf.js, which unpdf imports
// only on first use, is imported now too, so the first PDF is not the one that waits for it.
getResolvedPDFJS().catch(() => undefined)

/** A pool task (jobs/worker-pool.ts): the text of one CV, given { bytes, mimeType }. */
export default function extractInWorker(input: unknown): Promise<Extraction> {
  const file = fileTaskInput(input, isCvMimeType)
  if (!file) throw new Error('extract-text.worker.ts needs { bytes: Uint8Array, mimeType }')
  return extractCvText(file.bytes, file.mimeType)
}
