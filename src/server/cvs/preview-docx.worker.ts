import { docxPreview } from './preview-docx.ts'

/** A pool task (jobs/worker-pool.ts): a DOCX laid out as sanitised HTML, given its bytes. */
export default function previewInWorker(input: unknown): ReturnType<typeof docxPreview> {
  if (input instanceof Uint8Array) return docxPreview(input)
  throw new Error('preview-docx.worker.ts needs the bytes of a DOCX as a Uint8Array')
}
