import { Readable } from 'node:stream'
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate'

/**
 * One file of a streamed zip. `stored` files go in as they are (a CV is a PDF or DOCX: compressed
 * already); the rest are deflated. `chunks` is read only when the zip reaches this part.
 */
export type ZipPart = {
  name: string
  stored?: boolean
  chunks: () => AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>
}

/** Deflate level: zlib's default, as the XLSX export (docs/decisions/026). */
const LEVEL = 6

/**
 * The parts as one zip, chunk by chunk (fflate's streaming Zip, as the XLSX export writes its
 * workbook). Each part's chunks are read, pushed and handed on before the next is asked for, so
 * only one chunk and the bytes compressed from it are held; a consumer that stops reading stops
 * the reads (Readable.from pulls the generator).
 */
async function* zipChunks(parts: Iterable<ZipPart>): AsyncGenerator<Buffer> {
  const ready: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else ready.push(chunk)
  })
  const take = () => {
    if (failure) throw failure
    return ready.splice(0).map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length))
  }
  for (const part of parts) {
    const file = part.stored
      ? new ZipPassThrough(part.name)
      : new ZipDeflate(part.name, { level: LEVEL })
    zip.add(file)
    for await (const chunk of part.chunks()) {
      file.push(typeof chunk === 'string' ? strToU8(chunk) : chunk)
      yield* take()
    }
    file.push(new Uint8Array(0), true)
    yield* take()
  }
  zip.end()
  yield* take()
}

/**
 * The zip as a stream that reads ahead by one chunk only (Readable.from's default is 16): a
 * consumer slower than the database never has more than the current CV and the next chunk held.
 */
export function zipStream(parts: Iterable<ZipPart>): Readable {
  return Readable.from(zipChunks(parts), { highWaterMark: 1 })
}

/** Characters a zip entry's name may not hold on common systems (Windows' reserved set). */
const RESERVED = /[<>:"/\\|?*\p{Cc}\p{Cf}\p{Cs}]/gu

/**
 * A stored file name made safe as one entry name inside a folder: no path separators or
 * characters Windows refuses, no leading dots, no trailing dots or spaces, never empty.
 */
export function safeEntryName(fileName: string, fallback: string): string {
  const cleaned = fileName
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
  return cleaned === '' ? fallback : cleaned
}
