import { parentPort, workerData } from 'node:worker_threads'
import type { WorkerTaskData } from '../jobs/run-in-worker.ts'
import { docxPreview } from './preview-docx.ts'

// One DOCX per worker thread (jobs/run-in-worker.ts): its input is the file's bytes.
const { input } = workerData as WorkerTaskData
if (input instanceof Uint8Array) {
  parentPort?.postMessage(await docxPreview(input))
} else {
  throw new Error('preview-docx.worker.ts needs the bytes of a DOCX as a Uint8Array')
}
