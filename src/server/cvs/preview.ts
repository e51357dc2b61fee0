import {
  cvPreviewSchema,
  CV_NOT_FOUND,
  isLaidOutCvType,
  type CvPreview,
  type CvTextStatus,
  type LaidOutCvType,
} from '#shared/cv.ts'
import { createHashQueue } from '../auth/passwords.ts'
import type { Db } from '../db/open.ts'
import { NotFoundError } from '../errors.ts'
import { databaseFileStore } from '../files/database-file-store.ts'
import { WorkerTaskError } from '../jobs/worker-pool.ts'
import { serverModule } from '../server-files.ts'
import { parserPool } from './parser-pool.ts'
import { currentVersion } from './service.ts'

const WORKER = serverModule('cvs/preview-document.worker')

/** A document is laid out within 10 s (and the pool's heap bound); one that takes longer shows its text. */
export const PREVIEW_TIMEOUT_MS = 10_000

// Security rule 31 on a 2-core box: one layout at a time beside the text-reading jobs, a few waiting;
// beyond that 503 with Retry-After rather than a pile of worker threads.
const oneAtATime = createHashQueue(1, 8)

/**
 * Laid-out previews by the file's sha256 (a file's bytes never change, so neither does its
 * preview): a talent edit refetches the CV tab, which then costs no worker. At most
 * CACHE_MAX_CHARS of HTML are kept (~8 MB of UTF-16), the oldest dropped first. A text-only
 * answer — a layout that failed or was refused included — is kept too (security rule 41: a file
 * that blew up its parser is not parsed again on the next view), counted at ENTRY_CHARS.
 */
const CACHE_MAX_CHARS = 4 * 1024 * 1024
const ENTRY_CHARS = 128
const cache = new Map<string, CvPreview>()
let cachedChars = 0

const sizeOf = (preview: CvPreview) =>
  ENTRY_CHARS + (preview.kind === 'html' ? preview.html.length : 0)

function remember(sha256: string, preview: CvPreview): CvPreview {
  const size = sizeOf(preview)
  if (size > CACHE_MAX_CHARS) return preview
  cache.set(sha256, preview)
  cachedChars += size
  for (const [key, old] of cache) {
    if (cachedChars <= CACHE_MAX_CHARS) break
    cache.delete(key)
    cachedChars -= sizeOf(old)
  }
  return preview
}

/**
 * The layout. When its child hung, ran out of memory or crashed, the extracted text is the
 * preview, and that answer is remembered like any other.
 */
async function layOut(bytes: Buffer, mimeType: LaidOutCvType): Promise<CvPreview> {
  try {
    const input = { bytes: new Uint8Array(bytes), mimeType }
    const result = await parserPool.run(WORKER, input, PREVIEW_TIMEOUT_MS)
    return cvPreviewSchema.parse(result)
  } catch (error) {
    if (error instanceof WorkerTaskError) return { kind: 'text' }
    throw error
  }
}

/**
 * Reading the file's text already failed (security rule 41: the zip guard refused it, or its parser
 * hung, blew its memory or crashed), and that outcome is stored with the file: the layout, which
 * opens the same bytes, would fail too, so it is not tried — nothing is loaded or inflated.
 */
const TEXT_FAILED: ReadonlySet<CvTextStatus> = new Set(['unreadable', 'failed'])

/**
 * The current CV's preview: a DOCX, ODT or RTF body as sanitised HTML
 * (preview-html.ts); every other type previews as its extracted text.
 */
export async function getCvPreview(db: Db, talentId: number): Promise<CvPreview> {
  const version = await currentVersion(db, talentId)
  if (!version) throw new NotFoundError(CV_NOT_FOUND)
  const { mimeType } = version
  // Each laid-out type has its builder in preview-document.worker.ts.
  if (!isLaidOutCvType(mimeType)) return { kind: 'text' }
  if (TEXT_FAILED.has(version.textStatus)) return { kind: 'text' }
  const cached = cache.get(version.sha256)
  if (cached) return cached
  const bytes = await databaseFileStore(db).get(version.sha256)
  if (!bytes) throw new NotFoundError(CV_NOT_FOUND)
  return remember(version.sha256, await oneAtATime(() => layOut(bytes, mimeType)))
}
