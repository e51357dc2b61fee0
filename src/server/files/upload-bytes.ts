import type { FastifyRequest } from 'fastify'
import type { MultipartFile } from '@fastify/multipart'

/**
 * A request's declared length, the room to take for the one file it carries (the file is part of
 * the body, so it fits); undefined for a chunked request. Past the route's body limit the request
 * was refused before this is read.
 */
export function declaredLength(request: FastifyRequest): number | undefined {
  const declared = Number(request.headers['content-length'])
  return Number.isSafeInteger(declared) && declared > 0 ? declared : undefined
}

/** Room reserved for an upload whose request does not say its length (chunked). */
const UNKNOWN_SIZE_START_BYTES = 1024 * 1024

/**
 * An uploaded file as one Buffer, each piece copied in as it arrives (docs/security.md rule 47).
 * The multipart plugin's own `toBuffer()` keeps the pieces and joins them at the end in one go:
 * for a 50 MB spreadsheet that copy held the event loop for a quarter of a second, and every
 * other request waited behind it. Here the room is taken once when `sizeHint` is given (a
 * request carrying one file: `declaredLength`), and each piece's copy is a few milliseconds
 * between the socket's reads. `tooLarge` makes the error a file past the plugin's size limit
 * answers with, so callers keep their 413.
 */
export async function uploadedBytes(
  part: MultipartFile,
  tooLarge: () => Error,
  sizeHint?: number,
): Promise<Buffer> {
  // allocUnsafe: every byte handed back is written below.
  let room = Buffer.allocUnsafe(sizeHint ?? UNKNOWN_SIZE_START_BYTES)
  let size = 0
  for await (const piece of part.file as AsyncIterable<Buffer>) {
    if (size + piece.length > room.length) {
      // Only without a hint does it grow: by doubling, so the copies stay few.
      const larger = Buffer.allocUnsafe(Math.max(room.length * 2, size + piece.length))
      room.copy(larger, 0, 0, size)
      room = larger
    }
    piece.copy(room, size)
    size += piece.length
  }
  if (part.file.truncated) throw tooLarge()
  return room.subarray(0, size)
}
