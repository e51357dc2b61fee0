import {
  CV_ZIP_LIMITS,
  inflateZip,
  UNREADABLE_ZIP_MESSAGE,
  ZipRefusal,
} from '../files/zip-guard.ts'

/*
 * A pool task (jobs/worker-pool.ts, run in the CV parsers' child by intake.ts): a zip of CVs
 * expanded under the zip guard (security rule 41), away from the server's process.
 */

export type ExpandedZip =
  | { ok: true; files: { name: string; bytes: Uint8Array }[] }
  | { ok: false; reason: string }
  | { ok: false; unreadable: true }

/** Folders, macOS resource forks and hidden files travel in zips but are nobody's CV. */
export function isCvCandidate(name: string): boolean {
  if (name.endsWith('/')) return false
  const parts = name.split('/')
  return !parts.some((part) => part === '__MACOSX' || part.startsWith('.'))
}

export default function expandZipInWorker(input: unknown): ExpandedZip {
  if (typeof input !== 'object' || input === null || !('bytes' in input)) {
    throw new Error('expand-zip.worker.ts needs { bytes: Uint8Array }')
  }
  const { bytes } = input
  if (!(bytes instanceof Uint8Array))
    throw new Error('expand-zip.worker.ts needs { bytes: Uint8Array }')
  try {
    const parts = inflateZip(bytes, CV_ZIP_LIMITS, isCvCandidate)
    return { ok: true, files: [...parts].map(([name, data]) => ({ name, bytes: data })) }
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error
    if (error.message === UNREADABLE_ZIP_MESSAGE) return { ok: false, unreadable: true }
    return { ok: false, reason: error.message }
  }
}
