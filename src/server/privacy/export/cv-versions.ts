import { asc, eq } from 'drizzle-orm'
import { sanitizeFileName } from '#shared/cv.ts'
import type { Db } from '../../db/open.ts'
import { users } from '../../db/schema.ts'
import { files, talentCvs } from '../../db/file-schema.ts'
import { safeEntryName } from './zip-parts.ts'

/** One CV version as data.json and summary.html list it; `file` is its path in the zip. */
export type CvVersionEntry = {
  version: number
  file: string
  fileName: string
  mimeType: string
  sizeBytes: number
  sha256: string
  uploadedAt: string
  uploadedBy: { firstName: string | null; lastName: string | null; email: string } | null
}

/** Every CV version of the talent, oldest first (version 1), with its name in the zip. */
export async function cvVersions(db: Db, talentId: number): Promise<CvVersionEntry[]> {
  const rows = await db
    .select({
      id: talentCvs.id,
      fileName: talentCvs.fileName,
      uploadedAt: talentCvs.createdAt,
      sha256: files.sha256,
      mimeType: files.mimeType,
      sizeBytes: files.sizeBytes,
      uploaderFirstName: users.firstName,
      uploaderLastName: users.lastName,
      uploaderEmail: users.email,
    })
    .from(talentCvs)
    .innerJoin(files, eq(files.sha256, talentCvs.sha256))
    .leftJoin(users, eq(users.id, talentCvs.uploadedById))
    .where(eq(talentCvs.talentId, talentId))
    .orderBy(asc(talentCvs.id))
  return rows.map((row, index) => {
    const version = index + 1
    const name = safeEntryName(sanitizeFileName(row.fileName), 'cv')
    return {
      version,
      file: `cvs/${version}-${name}`,
      fileName: row.fileName,
      mimeType: row.mimeType,
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
    }
  })
}
