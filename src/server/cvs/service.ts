import { and, desc, eq, inArray } from 'drizzle-orm'
import {
  CV_NOT_FOUND,
  EMPTY_CV_MESSAGE,
  UNSUPPORTED_CV_MESSAGE,
  isCvMimeType,
  sanitizeFileName,
  type CvDetail,
  type CvFile,
  type CvMimeType,
} from '#shared/cv.ts'
import { recordActivity } from '../audit/record.ts'
import { canChange } from '../auth/can-change.ts'
import { CV_MAX_VERSIONS_DEFAULT } from '../config.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { talents, users } from '../db/schema.ts'
import { files, talentCvs } from '../db/file-schema.ts'
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../errors.ts'
import { databaseFileStore } from '../files/database-file-store.ts'
import { detectCvType } from '../files/detect-type.ts'
import { CV_ZIP_LIMITS, zipDirectoryRefusal } from '../files/zip-guard.ts'
import { enqueueJob } from '../jobs/queue.ts'
import { lockTalent, TALENT_NOT_FOUND } from '../db/talent-lock.ts'
import { EXTRACT_CV_TEXT } from './extract-job.ts'
import { inTransaction } from '../db/in-transaction.ts'

/*
 * PERMISSIONS (the README's table repeats this): a CV is part of a talent — anyone who
 * may edit the talent (every signed-in user) attaches, replaces and reads it; removing it follows
 * the delete rule: admins and the talent's adder.
 */
export const REMOVE_FORBIDDEN = 'You can only remove CVs of talents you added.'

export type CvUpload = { bytes: Buffer; fileName: string }

/** DOCX and ODT are zips: their directory is checked for zip bombs before they are kept. */
const ZIP_BASED: ReadonlySet<CvMimeType> = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
])

const versionColumns = {
  id: talentCvs.id,
  fileName: talentCvs.fileName,
  uploadedAt: talentCvs.createdAt,
  sha256: files.sha256,
  mimeType: files.mimeType,
  sizeBytes: files.sizeBytes,
  textStatus: files.textStatus,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
  uploaderEmail: users.email,
}

function selectVersions(db: Db) {
  return db
    .select(versionColumns)
    .from(talentCvs)
    .innerJoin(files, eq(files.sha256, talentCvs.sha256))
    .leftJoin(users, eq(users.id, talentCvs.uploadedById))
}

type VersionRow = Awaited<ReturnType<typeof selectVersions>>[number]

function toCvFile(row: VersionRow): CvFile {
  const mimeType: CvMimeType = isCvMimeType(row.mimeType) ? row.mimeType : 'text/plain'
  return {
    id: row.id,
    fileName: row.fileName,
    mimeType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedBy:
      row.uploaderEmail === null
        ? null
        : {
            firstName: row.uploaderFirstName,
            lastName: row.uploaderLastName,
            email: row.uploaderEmail,
          },
    textStatus: row.textStatus,
  }
}

/** The talent's current CV version (file metadata, not its bytes), if it has one. */
export async function currentVersion(db: Db, talentId: number): Promise<VersionRow | undefined> {
  const [row] = await selectVersions(db)
    .where(eq(talentCvs.talentId, talentId))
    .orderBy(desc(talentCvs.id))
    .limit(1)
  return row
}

/** Text files are their own text: ready at once. Other types wait for the reader. */
function immediateText(bytes: Buffer, mimeType: CvMimeType): string | undefined {
  if (mimeType !== 'text/plain' && mimeType !== 'text/markdown') return undefined
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '')
}

export type InspectedUpload = { fileName: string; mimeType: CvMimeType; text: string | undefined }

/**
 * Checks an upload before anything is stored: not empty, an accepted type by its bytes
 * (security rule 22), no zip bomb; a sanitised name; the text of text files at once.
 */
export async function inspectUpload(upload: CvUpload): Promise<InspectedUpload> {
  if (upload.bytes.length === 0) throw new BadRequestError(EMPTY_CV_MESSAGE)
  const fileName = sanitizeFileName(upload.fileName)
  const mimeType = await detectCvType(upload.bytes, fileName)
  if (!mimeType) throw new AppError(415, UNSUPPORTED_CV_MESSAGE)
  // Security rule 41: the directory alone (entries, sizes, ratios); parsing inflates under the guard.
  const refusal = ZIP_BASED.has(mimeType) && zipDirectoryRefusal(upload.bytes, CV_ZIP_LIMITS)
  if (refusal) throw new BadRequestError(refusal)
  return { fileName, mimeType, text: immediateText(upload.bytes, mimeType) }
}

/** Stores the bytes (once) and, for text files, their text; other types get a reading job. */
export async function storeUpload(tx: Db, bytes: Buffer, inspected: InspectedUpload) {
  const stored = await databaseFileStore(tx).put(bytes, inspected.mimeType)
  if (inspected.text !== undefined) {
    await tx
      .update(files)
      .set({ text: inspected.text, textStatus: 'ready' })
      .where(eq(files.sha256, stored.sha256))
  } else if (stored.isNew) {
    // Read off the request path, by whichever process claims the job.
    await enqueueJob(tx, EXTRACT_CV_TEXT, { sha256: stored.sha256 }, { maxAttempts: 2 })
  }
  return stored
}

/**
 * Attaches a CV to a talent; an earlier CV stays as a version. The type comes from the
 * bytes; the file, the version and the History entry are written in one transaction.
 */
export async function attachCv(
  db: Db,
  talentId: number,
  upload: CvUpload,
  viewer: Actor,
  maxVersions = CV_MAX_VERSIONS_DEFAULT,
): Promise<CvFile> {
  const inspected = await inspectUpload(upload)
  return inTransaction(db, async (tx) => {
    const stored = await storeUpload(tx, upload.bytes, inspected)
    return addCvVersion(tx, talentId, stored.sha256, inspected.fileName, viewer, maxVersions)
  })
}

/**
 * Makes a stored file the talent's current CV (the earlier one stays a version) and writes the
 * History entry. Call inside the transaction that stored or claimed the file. A talent keeps at
 * most `maxVersions` (CV_MAX_VERSIONS): one more removes the oldest, named in the same entry.
 */
export async function addCvVersion(
  tx: Db,
  talentId: number,
  sha256: string,
  fileName: string,
  viewer: Actor,
  /** CV_MAX_VERSIONS; null for a talent made in this same transaction (it has no other). */
  maxVersions: number | null,
): Promise<CvFile> {
  await lockTalent(tx, talentId)
  const previous = await currentVersion(tx, talentId)
  const [version] = await tx
    .insert(talentCvs)
    .values({ talentId, sha256, fileName, uploadedById: viewer.id })
    .returning({ id: talentCvs.id })
  if (!version) throw new Error(`Attaching a CV to talent ${talentId} returned no row`)
  const pruned = maxVersions === null ? [] : await pruneOldestVersions(tx, talentId, maxVersions)
  await recordActivity(tx, {
    userId: viewer.id,
    action: 'talent.cv_attached',
    entityType: 'talent',
    entityId: talentId,
    details: {
      fileName,
      ...(previous ? { replacedFileName: previous.fileName } : {}),
      ...(pruned.length > 0 ? { prunedFileNames: pruned } : {}),
    },
  })
  const [row] = await selectVersions(tx).where(eq(talentCvs.id, version.id))
  if (!row) throw new Error(`CV version ${version.id} vanished in its own transaction`)
  return toCvFile(row)
}

/**
 * Security rule 48: a talent's versions past the newest `maxVersions` go, oldest first, so no talent
 * collects files without bound. Deleting a version releases its file: the database's delete
 * trigger (migration 0008, the FileStore's way of deleting, database-file-store.ts) removes the
 * bytes in this same transaction unless another version, upload or import still refers to them.
 * Answers the removed versions' names.
 */
async function pruneOldestVersions(
  tx: Db,
  talentId: number,
  maxVersions: number,
): Promise<string[]> {
  const surplus = await tx
    .select({ id: talentCvs.id, fileName: talentCvs.fileName })
    .from(talentCvs)
    .where(eq(talentCvs.talentId, talentId))
    .orderBy(desc(talentCvs.id))
    .offset(maxVersions)
  if (surplus.length === 0) return []
  await tx.delete(talentCvs).where(
    inArray(
      talentCvs.id,
      surplus.map((version) => version.id),
    ),
  )
  return surplus.reverse().map((version) => version.fileName)
}

/** The current CV with its text once read, and every version, newest first. */
export async function getCv(db: Db, talentId: number): Promise<CvDetail> {
  const [talent] = await db.select({ id: talents.id }).from(talents).where(eq(talents.id, talentId))
  if (!talent) throw new NotFoundError(TALENT_NOT_FOUND)
  const versions = await selectVersions(db)
    .where(eq(talentCvs.talentId, talentId))
    .orderBy(desc(talentCvs.id))
  const [current] = versions
  if (!current) throw new NotFoundError(CV_NOT_FOUND)
  const [text] = await db
    .select({ text: files.text, textError: files.textError })
    .from(files)
    .where(eq(files.sha256, current.sha256))
  return {
    ...toCvFile(current),
    text: text?.text ?? null,
    textError: text?.textError ?? null,
    versions: versions.map(toCvFile),
  }
}

export type CvDownload = { bytes: Buffer; fileName: string; mimeType: string }

/** The bytes of the current CV, or of one version when `versionId` is given. */
export async function readCvFile(
  db: Db,
  talentId: number,
  versionId?: number,
): Promise<CvDownload> {
  const ofTalent = eq(talentCvs.talentId, talentId)
  const [row] = await (versionId === undefined
    ? selectVersions(db).where(ofTalent).orderBy(desc(talentCvs.id)).limit(1)
    : selectVersions(db).where(and(ofTalent, eq(talentCvs.id, versionId))))
  if (!row) throw new NotFoundError(CV_NOT_FOUND)
  const bytes = await databaseFileStore(db).get(row.sha256)
  if (!bytes) throw new NotFoundError(CV_NOT_FOUND)
  return { bytes, fileName: row.fileName, mimeType: row.mimeType }
}

/** Removes the talent's CV and its versions (their files go once unreferenced, migration 0007). */
export async function removeCv(db: Db, talentId: number, viewer: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const talent = await lockTalent(tx, talentId)
    if (!canChange(viewer, talent)) {
      throw new ForbiddenError(REMOVE_FORBIDDEN)
    }
    const current = await currentVersion(tx, talentId)
    if (!current) throw new NotFoundError(CV_NOT_FOUND)
    await tx.delete(talentCvs).where(eq(talentCvs.talentId, talentId))
    await recordActivity(tx, {
      userId: viewer.id,
      action: 'talent.cv_removed',
      entityType: 'talent',
      entityId: talentId,
      details: { fileName: current.fileName },
    })
  })
}
