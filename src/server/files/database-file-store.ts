import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open.ts'
import { base64Bytes, files } from '../db/file-schema.ts'
import { sha256Of } from '../secrets/sha256.ts'
import type { FileStore } from './file-store.ts'

/**
 * The FileStore on the database (both engines): bytes in `files`, so backups and every process
 * see them. Pass the transaction of the write that refers to the file, so a failed write leaves
 * no file behind. Files are deleted by the database once unreferenced (migration 0007).
 */
export function databaseFileStore(db: Db): FileStore {
  return {
    put: async (bytes, mimeType) => {
      const sha256 = sha256Of(bytes)
      const inserted = await db
        .insert(files)
        .values({ sha256, bytes, sizeBytes: bytes.length, mimeType })
        .onConflictDoNothing({ target: files.sha256 })
        .returning({ sha256: files.sha256 })
      return { sha256, sizeBytes: bytes.length, mimeType, isNew: inserted.length > 0 }
    },
    get: async (sha256) => {
      const [row] = await db
        .select({ base64: base64Bytes(files.bytes) })
        .from(files)
        .where(eq(files.sha256, sha256))
      return row && Buffer.from(row.base64, 'base64')
    },
    // A slice of a bytea is read without the rest: a CV (PDF, DOCX) does not compress, so
    // PostgreSQL keeps it out of line uncompressed and substring reads only the chunks it needs.
    slices: async function* (sha256, sliceBytes) {
      const [file] = await db
        .select({ sizeBytes: files.sizeBytes })
        .from(files)
        .where(eq(files.sha256, sha256))
      if (!file) throw new Error(`file ${sha256} is not stored`)
      for (let from = 0; from < file.sizeBytes; from += sliceBytes) {
        const slice = sql<string>`encode(substring(${files.bytes} from ${from + 1} for ${sliceBytes}), 'base64')`
        const [row] = await db
          .select({ base64: slice.mapWith(String) })
          .from(files)
          .where(eq(files.sha256, sha256))
        if (!row) throw new Error(`file ${sha256} went while it was read`)
        yield Buffer.from(row.base64, 'base64')
      }
    },
  }
}
