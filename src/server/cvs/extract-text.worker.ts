import { parentPort, workerData } from 'node:worker_threads'
import { isCvMimeType } from '#shared/cv.ts'
import type { WorkerTaskData } from '../jobs/run-in-worker.ts'
import { extractCvText } from './extract-text.ts'

// One CV per worker thread (jobs/run-in-worker.ts): its input is { bytes, mimeType }.
const { input } = workerData as WorkerTaskData
if (
  typeof input === 'object' &&
  input !== null &&
  'bytes' in input &&
  input.bytes instanceof Uint8Array &&
  'mimeType' in input &&
  typeof input.mimeType === 'string' &&
  isCvMimeType(input.mimeType)
) {
  parentPort?.postMessage(await extractCvText(input.bytes, input.mimeType))
} else {
  throw new Error('extract-text.worker.ts needs { bytes: Uint8Array, mimeType }')
}
