import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/open.ts'

/**
 * The size of each piece an upload is stored in. One statement carrying a whole 50 MB file held
 * the event loop for seconds: hashing it, encoding it as base64 (file-schema.ts says why base64)
 * and handing one 67 MB parameter to the driver or to the embedded engine's thread are each done
 * in one go. A piece's work is a few milliseconds, and the loop turns between pieces. A piece's
 * base64 text stays under V8's large-object size (128 KiB), so it is born and dies in the young
 * generation: larger pieces went to the old generation and their collection was the stall that
 * remained (docs/performance.md, bench:abuse).
 */
const PIECE_BYTES = 64 * 1024

/**
 * Security rule 47: stores an uploaded spreadsheet in `files` (the FileStore's table, keyed by
 * SHA-256, identical bytes kept once) without holding the event loop: the pieces go into a
 * temporary table, one statement each, and one statement joins them inside the database. Pass
 * the transaction of the write that refers to the file, as with the FileStore.
 */
export async function storeUploadInPieces(
  tx: Db,
  bytes: Buffer,
  mimeType: string,
): Promise<{ sha256: string }> {
  const hash = createHash('sha256')
  await tx.execute(sql`
    CREATE TEMP TABLE IF NOT EXISTS upload_pieces (n integer PRIMARY KEY, piece bytea NOT NULL)
    ON COMMIT DROP`)
  await tx.execute(sql`DELETE FROM upload_pieces`)
  for (let n = 0, at = 0; at < bytes.length; n++, at += PIECE_BYTES) {
    const piece = bytes.subarray(at, at + PIECE_BYTES)
    hash.update(piece)
    await tx.execute(
      sql`INSERT INTO upload_pieces VALUES (${n}, decode(${piece.toString('base64')}, 'base64'))`,
    )
  }
  const sha256 = hash.digest('hex')
  await tx.execute(sql`
    INSERT INTO files (sha256, bytes, size_bytes, mime_type)
    SELECT ${sha256}, string_agg(piece, ''::bytea ORDER BY n), ${bytes.length}, ${mimeType}
    FROM upload_pieces
    ON CONFLICT (sha256) DO NOTHING`)
  await tx.execute(sql`DELETE FROM upload_pieces`)
  return { sha256 }
}
