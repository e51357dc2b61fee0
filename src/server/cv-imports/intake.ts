import { unzip, type UnzipFileInfo, type Unzipped } from 'fflate'
import { sanitizeFileName } from '#shared/cv.ts'
import { CV_IMPORT_MAX_FILES, TOO_MANY_FILES_MESSAGE } from '#shared/cv-import.ts'
import { ZIP_BOMB_REASON, ZIP_LIMITS } from '../cvs/extract-text.ts'
import { BadRequestError } from '../errors.ts'
import { detectCvType } from '../files/detect-type.ts'

/** One file of an import as it arrived: its own, or an entry of a zip of CVs. */
export type IncomingFile = { fileName: string; bytes: Buffer }

function unzipAsync(data: Uint8Array, filter: (file: UnzipFileInfo) => boolean): Promise<Unzipped> {
  return new Promise((resolve, reject) => {
    unzip(data, { filter }, (error, contents) => (error ? reject(error) : resolve(contents)))
  })
}

/** Folders, macOS resource forks and hidden files travel in zips but are nobody's CV. */
function isCvCandidate(name: string): boolean {
  if (name.endsWith('/')) return false
  const parts = name.split('/')
  return !parts.some((part) => part === '__MACOSX' || part.startsWith('.'))
}

/**
 * A zip of CVs (not a DOCX or ODT, which are zips too): checked against the zip-bomb limits from
 * its directory before anything is expanded, then expanded off the event loop (fflate's async
 * unzip runs in a worker). Undefined when the bytes are not a plain zip.
 */
export async function expandZip(file: IncomingFile): Promise<IncomingFile[] | undefined> {
  const isZip = file.bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
  if (!isZip || (await detectCvType(file.bytes, file.fileName)) !== undefined) return undefined
  let entries = 0
  let expanded = 0
  let cvs = 0
  const filter = (info: UnzipFileInfo) => {
    entries++
    expanded += info.originalSize
    const wanted = isCvCandidate(info.name)
    if (wanted) cvs++
    return wanted
  }
  let contents: Unzipped
  try {
    // First pass reads the directory only: nothing is inflated while the filter says no.
    await unzipAsync(file.bytes, (info) => filter(info) && false)
    if (entries > ZIP_LIMITS.maxEntries || expanded > ZIP_LIMITS.maxExpandedBytes) {
      throw new BadRequestError(`${file.fileName}: ${ZIP_BOMB_REASON}`)
    }
    if (cvs > CV_IMPORT_MAX_FILES) throw new BadRequestError(TOO_MANY_FILES_MESSAGE)
    contents = await unzipAsync(file.bytes, (info) => isCvCandidate(info.name))
  } catch (error) {
    if (error instanceof BadRequestError) throw error
    return undefined
  }
  return Object.entries(contents).map(([name, bytes]) => ({
    fileName: sanitizeFileName(name),
    bytes: Buffer.from(bytes),
  }))
}
