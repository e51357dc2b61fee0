import { sanitizeFileName } from '#shared/cv.ts'
import { CV_IMPORT_MAX_FILES, TOO_MANY_FILES_MESSAGE } from '#shared/cv-import.ts'
import { EXTRACTION_TIMEOUT_MS } from '../cvs/extract-job.ts'
import { parserPool } from '../cvs/parser-pool.ts'
import { BadRequestError } from '../errors.ts'
import { detectCvType } from '../files/detect-type.ts'
import {
  CV_ZIP_LIMITS,
  looksLikeZip,
  readZipDirectory,
  UNREADABLE_ZIP_MESSAGE,
  ZipRefusal,
  type ZipEntry,
} from '../files/zip-guard.ts'
import { WorkerTaskError } from '../jobs/worker-pool.ts'
import { serverModule } from '../server-files.ts'
import { isCvCandidate, type ExpandedZip } from './expand-zip.worker.ts'

/** One file of an import as it arrived: its own, or an entry of a zip of CVs. */
export type IncomingFile = { fileName: string; bytes: Buffer }

const EXPAND_ZIP_WORKER = serverModule('cv-imports/expand-zip.worker')

/** The directory's entries, or undefined when the bytes are no readable zip; a refusal is a 400. */
function zipDirectory(file: IncomingFile): ZipEntry[] | undefined {
  try {
    return readZipDirectory(file.bytes, CV_ZIP_LIMITS)
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error
    if (error.message === UNREADABLE_ZIP_MESSAGE) return undefined
    throw new BadRequestError(`${file.fileName}: ${error.message}`)
  }
}

/**
 * A zip of CVs (not a DOCX or ODT, which are zips too): measured from its directory before
 * anything is expanded (security rule 22 c), then expanded under the zip guard in a parser child
 * (security rule 41), never in the server's process. Undefined when the bytes are not a plain zip.
 */
export async function expandZip(file: IncomingFile): Promise<IncomingFile[] | undefined> {
  if (!looksLikeZip(file.bytes) || (await detectCvType(file.bytes, file.fileName)) !== undefined) {
    return undefined
  }
  const entries = zipDirectory(file)
  if (!entries) return undefined
  if (entries.filter((entry) => isCvCandidate(entry.name)).length > CV_IMPORT_MAX_FILES) {
    throw new BadRequestError(TOO_MANY_FILES_MESSAGE)
  }
  let expanded: ExpandedZip
  try {
    const input = { bytes: new Uint8Array(file.bytes) }
    expanded = (await parserPool.run(
      EXPAND_ZIP_WORKER,
      input,
      EXTRACTION_TIMEOUT_MS,
    )) as ExpandedZip
  } catch (error) {
    if (!(error instanceof WorkerTaskError)) throw error
    throw new BadRequestError(`${file.fileName}: opening this zip failed: it ${error.message}.`)
  }
  if (!expanded.ok) {
    if ('unreadable' in expanded) return undefined
    throw new BadRequestError(`${file.fileName}: ${expanded.reason}`)
  }
  return expanded.files.map(({ name, bytes }) => ({
    fileName: sanitizeFileName(name),
    bytes: Buffer.from(bytes),
  }))
}
