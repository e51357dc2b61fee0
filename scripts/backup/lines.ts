import { once } from 'node:events'
import { createReadStream, createWriteStream, openSync, readSync, closeSync } from 'node:fs'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { createGunzip, createGzip } from 'node:zlib'

/** Writes a chunk, waiting when the stream asks us to (100k rows never pile up in memory). */
export async function writeChunk(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain')
}

/**
 * A new file to write lines to, gzip-compressed or not, readable by its owner only (security rule
 * 34: a backup holds password hashes and sealed secrets).
 */
export function openOutput(
  file: string,
  gzip: boolean,
): { stream: Writable; finish: () => Promise<void> } {
  const fileStream = createWriteStream(file, { flags: 'wx', mode: 0o600 })
  if (!gzip) {
    return {
      stream: fileStream,
      finish: async () => {
        fileStream.end()
        await once(fileStream, 'close')
      },
    }
  }
  const compressor = createGzip()
  compressor.pipe(fileStream)
  return {
    stream: compressor,
    finish: async () => {
      compressor.end()
      await once(fileStream, 'close')
    },
  }
}

function isGzip(file: string): boolean {
  const fd = openSync(file, 'r')
  try {
    const magic = Buffer.alloc(2)
    return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b
  } finally {
    closeSync(fd)
  }
}

/** Reads a backup file line by line (gunzipping it if it is gzip), counting lines for messages. */
export class LineReader {
  readonly file: string
  lineNumber = 0
  private readonly lines: AsyncIterator<string>
  private readonly input: Readable

  constructor(file: string) {
    this.file = file
    const raw = createReadStream(file)
    this.input = isGzip(file) ? raw.pipe(createGunzip()) : raw
    this.lines = createInterface({ input: this.input, crlfDelay: Infinity })[Symbol.asyncIterator]()
  }

  /** The next line, or undefined at the end of the file. */
  async next(): Promise<string | undefined> {
    const result = await this.lines.next()
    if (result.done) return undefined
    this.lineNumber++
    return result.value
  }

  /** The next line, parsed as JSON; a missing line means the file was cut short. */
  async nextJson(expected: string): Promise<unknown> {
    const line = await this.next()
    if (line === undefined) {
      throw new Error(`${this.file} ends early: expected ${expected} after line ${this.lineNumber}`)
    }
    try {
      return JSON.parse(line)
    } catch {
      throw new Error(`${this.file} line ${this.lineNumber}: not JSON (expected ${expected})`)
    }
  }

  close(): void {
    this.input.destroy()
  }
}
