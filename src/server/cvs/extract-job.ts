import { eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { isCvMimeType, type CvTextStatus } from '#shared/cv.ts'
import { withoutUnstorable } from '#shared/stored-text.ts'
import type { Db } from '../db/open.ts'
import { talents } from '../db/schema.ts'
import { base64Bytes, files, talentCvs } from '../db/file-schema.ts'
import type { Job } from '../jobs/queue.ts'
import { WorkerTaskError } from '../jobs/worker-pool.ts'
import { EXTRACT_TEXT_WORKER, parserPool } from './parser-pool.ts'
import type { GiveUpHandler, JobHandler } from '../jobs/runner.ts'

/** The job that reads a stored CV's text, enqueued with the upload. */
export const EXTRACT_CV_TEXT = 'cv.extract-text'

/** Each file is read within 20 s (and the pool's heap bound); a broken parser fails it alone. */
export const EXTRACTION_TIMEOUT_MS = 20_000

const payloadSchema = z.object({ sha256: z.string() })
const extractionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready'), text: z.string() }),
  z.object({ status: z.literal('unreadable'), reason: z.string() }),
])

export type ReadOutcome = { textStatus: CvTextStatus; text: string | null }

/**
 * Reads a stored file's text in a worker thread and saves the outcome on the file. `isLastTry`
 * decides what a crashed or hung parser means: on the last try the file is marked 'failed';
 * before it the error is thrown so the job is retried.
 */
export async function readFileText(
  db: Db,
  sha256: string,
  isLastTry: boolean,
): Promise<ReadOutcome> {
  const [file] = await db
    .select({
      base64: base64Bytes(files.bytes),
      mimeType: files.mimeType,
      textStatus: files.textStatus,
      text: files.text,
    })
    .from(files)
    .where(eq(files.sha256, sha256))
  if (!file) return { textStatus: 'failed', text: null }
  // Already read (the same bytes uploaded twice): nothing to do.
  if (file.textStatus !== 'pending' || !isCvMimeType(file.mimeType)) {
    return { textStatus: file.textStatus, text: file.text }
  }
  try {
    const input = {
      bytes: new Uint8Array(Buffer.from(file.base64, 'base64')),
      mimeType: file.mimeType,
    }
    const result = extractionSchema.parse(
      await parserPool.run(EXTRACT_TEXT_WORKER, input, EXTRACTION_TIMEOUT_MS),
    )
    const outcome =
      result.status === 'ready'
        ? // NUL and lone surrogates are no text a person reads, and no text column stores them.
          { textStatus: 'ready' as const, text: withoutUnstorable(result.text), textError: null }
        : { textStatus: 'unreadable' as const, text: null, textError: result.reason }
    await saveTextOutcome(db, sha256, outcome)
    return outcome
  } catch (error) {
    if (!(error instanceof WorkerTaskError) || !isLastTry) throw error
    await saveTextOutcome(db, sha256, {
      textStatus: 'failed',
      textError: `Reading this file failed: it ${error.message}.`,
    })
    return { textStatus: 'failed', text: null }
  }
}

/**
 * Saves what reading a file found. The text's trigger rewrites the search document of every
 * talent whose CV the file is, so the talents are locked first, in the order removing a CV takes
 * them (the talent, then its file): the other order deadlocked with a removal of the same CV on
 * PostgreSQL, and the person removing it got a 409.
 */
async function saveTextOutcome(
  db: Db,
  sha256: string,
  outcome: Partial<typeof files.$inferInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: talents.id })
      .from(talents)
      .where(
        inArray(
          talents.id,
          tx.select({ id: talentCvs.talentId }).from(talentCvs).where(eq(talentCvs.sha256, sha256)),
        ),
      )
      .orderBy(talents.id)
      .for('update')
    await tx.update(files).set(outcome).where(eq(files.sha256, sha256))
  })
}

export function extractCvTextJob(db: Db): JobHandler {
  return async (job: Job) => {
    const { sha256 } = payloadSchema.parse(job.payload)
    await readFileText(db, sha256, job.attempts >= job.maxAttempts)
  }
}

/**
 * Security rule 45: a file whose reading failed for good is 'failed' with the reason, instead of
 * 'pending' (its preview and search waiting) for ever.
 */
export function giveUpCvText(db: Db): GiveUpHandler {
  return async (job: Job, reason: string) => {
    const { sha256 } = payloadSchema.parse(job.payload)
    const [file] = await db
      .select({ textStatus: files.textStatus })
      .from(files)
      .where(eq(files.sha256, sha256))
    if (file?.textStatus !== 'pending') return
    await saveTextOutcome(db, sha256, {
      textStatus: 'failed',
      textError: `Reading this file failed (${reason}).`,
    })
  }
}
