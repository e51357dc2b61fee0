import { and, eq, sql } from 'drizzle-orm'
import { UPLOAD_NOT_FOUND, type CvParseResult } from '#shared/cv-parse.ts'
import type { CvFile } from '#shared/cv.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { talents } from '../db/schema.ts'
import { cvUploads } from '../db/file-schema.ts'
import { NotFoundError } from '../errors.ts'
import { readFileText } from './extract-job.ts'
import { addCvVersion, inspectUpload, storeUpload, type CvUpload } from './service.ts'
import { suggestFields } from './suggest-fields.ts'
import { inTransaction } from '../db/in-transaction.ts'

/**
 * 'Add from CV': keeps the file as an upload of the caller, reads its text now — in a
 * worker thread, so the event loop stays free — and suggests the form's fields from it. The CV is
 * attached when the talent is saved with `cvFileId`, or to an existing talent (same e-mail).
 */
export async function parseCv(db: Db, upload: CvUpload, viewer: Actor): Promise<CvParseResult> {
  const inspected = await inspectUpload(upload)
  const { sha256, fileId } = await inTransaction(db, async (tx) => {
    const stored = await storeUpload(tx, upload.bytes, inspected)
    const [row] = await tx
      .insert(cvUploads)
      .values({ sha256: stored.sha256, fileName: inspected.fileName, uploadedById: viewer.id })
      .returning({ id: cvUploads.id })
    if (!row) throw new Error('Storing a CV upload returned no row')
    return { sha256: stored.sha256, fileId: row.id }
  })
  const outcome = await readFileText(db, sha256, true)
  const suggested = suggestFields(outcome.text ?? '')
  const [existing] = suggested.email
    ? await db
        .select({ id: talents.id })
        .from(talents)
        .where(sql`lower(${talents.email}) = ${suggested.email}`)
    : []
  return {
    fileId,
    fileName: inspected.fileName,
    textStatus: outcome.textStatus,
    suggested,
    existingTalentId: existing?.id ?? null,
  }
}

/** Turns the caller's upload into the talent's current CV, in the caller's transaction. */
export async function claimUpload(
  tx: Db,
  fileId: number,
  talentId: number,
  viewer: Actor,
  /** CV_MAX_VERSIONS (addCvVersion); null for a talent made in the caller's transaction. */
  maxVersions: number | null,
): Promise<CvFile> {
  const [upload] = await tx
    .select({ sha256: cvUploads.sha256, fileName: cvUploads.fileName })
    .from(cvUploads)
    .where(and(eq(cvUploads.id, fileId), eq(cvUploads.uploadedById, viewer.id)))
    .for('update')
  if (!upload) throw new NotFoundError(UPLOAD_NOT_FOUND)
  // The version refers to the file first, so the upload's delete trigger keeps it.
  const cv = await addCvVersion(tx, talentId, upload.sha256, upload.fileName, viewer, maxVersions)
  await tx.delete(cvUploads).where(eq(cvUploads.id, fileId))
  return cv
}
