import { fileTypeFromBuffer } from 'file-type'
import type { CvMimeType } from '#shared/cv.ts'

const BINARY_TYPES: Record<string, CvMimeType> = {
  'application/pdf': 'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text': 'application/vnd.oasis.opendocument.text',
  'application/rtf': 'application/rtf',
}

// Text may hold tabs, line and page breaks; any other control byte means binary.
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d])

function isPlainText(bytes: Buffer): boolean {
  for (const byte of bytes) {
    if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) return false
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    // Not UTF-8: not a text CV Scout can read.
    return false
  }
}

/**
 * The CV type of these bytes (security rule 22: recognised by the bytes, never by the name), or
 * undefined when they are none of the accepted types. Text has no signature: valid UTF-8 without
 * binary control characters is text, and only then does the name choose Markdown over plain text.
 */
export async function detectCvType(
  bytes: Buffer,
  fileName: string,
): Promise<CvMimeType | undefined> {
  const detected = await fileTypeFromBuffer(bytes)
  if (detected) return BINARY_TYPES[detected.mime]
  if (!isPlainText(bytes)) return undefined
  return /\.(md|markdown)$/i.test(fileName) ? 'text/markdown' : 'text/plain'
}
