import { isLaidOutCvType, type LaidOutCvType } from '#shared/cv.ts'
import { fileTaskInput } from './file-task-input.ts'
import { docxPreview } from './preview-docx.ts'
import type { DocumentPreview } from './preview-html.ts'
import { odtPreview } from './preview-odt.ts'
import { rtfPreview } from './preview-rtf.ts'

/** Each laid-out type's builder (shared/cv.ts CV_LAID_OUT_TYPES names the types). */
async function layOut(bytes: Uint8Array, mimeType: LaidOutCvType): Promise<DocumentPreview> {
  switch (mimeType) {
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return docxPreview(bytes)
    case 'application/vnd.oasis.opendocument.text':
      return odtPreview(bytes)
    case 'application/rtf':
      return rtfPreview(bytes)
  }
}

/** A pool task (jobs/worker-pool.ts): a DOCX, ODT or RTF laid out as sanitised HTML. */
export default function previewInWorker(input: unknown): Promise<DocumentPreview> {
  const file = fileTaskInput(input, isLaidOutCvType)
  if (!file) {
    throw new Error(
      'preview-document.worker.ts needs { bytes: Uint8Array, mimeType } of a DOCX, ODT or RTF',
    )
  }
  return layOut(file.bytes, file.mimeType)
}
