import chardet from 'chardet'
import iconv from 'iconv-lite'

/**
 * Spreadsheets arrive as UTF-8 (with or without BOM), UTF-16 (Excel's "Unicode
 * text") or Windows-1252 (Excel's "CSV" on Western Windows). A byte-order mark decides; else
 * strict UTF-8 that decodes is UTF-8; else chardet names a single-byte code page.
 */
/** An iconv-lite encoding name: 'utf8', 'utf16le', 'utf16be' or a code page such as 'windows-1252'. */
export type TextEncoding = string

const UTF8_BOM = [0xef, 0xbb, 0xbf]

export function detectEncoding(sample: Buffer): TextEncoding {
  if (UTF8_BOM.every((byte, i) => sample[i] === byte)) return 'utf8'
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf16le'
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf16be'
  const utf16 = utf16WithoutBom(sample)
  if (utf16) return utf16
  if (isUtf8(sample)) return 'utf8'
  const guess = chardet.detect(sample)
  // Latin-1 text is read as Windows-1252, its superset (curly quotes, €), as browsers do.
  if (!guess || guess === 'ISO-8859-1' || guess === 'ASCII' || guess === 'UTF-8')
    return 'windows-1252'
  return iconv.encodingExists(guess) ? guess : 'windows-1252'
}

/** ASCII text in UTF-16 has a NUL in every other byte. */
function utf16WithoutBom(sample: Buffer): TextEncoding | undefined {
  const pairs = Math.min(512, Math.floor(sample.length / 2))
  if (pairs < 4) return undefined
  let evenNul = 0
  let oddNul = 0
  for (let i = 0; i < pairs; i++) {
    if (sample[2 * i] === 0) evenNul++
    if (sample[2 * i + 1] === 0) oddNul++
  }
  if (oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return 'utf16le'
  if (evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return 'utf16be'
  return undefined
}

/** Valid UTF-8, allowing a character cut at the end of the sample. */
function isUtf8(sample: Buffer): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  for (let cut = 0; cut <= 3 && cut < sample.length; cut++) {
    try {
      decoder.decode(sample.subarray(0, sample.length - cut))
      return true
    } catch {
      // A multi-byte character may straddle the end: try a byte or three shorter.
    }
  }
  return false
}

export function decodeText(bytes: Buffer, encoding: TextEncoding): string {
  return iconv.decode(bytes, encoding, { stripBOM: true })
}

/**
 * Control characters other than tab and line ends: none in a real text spreadsheet; many in a
 * binary file given a .csv name.
 */
export function looksBinary(text: string): boolean {
  if (text.length === 0) return false
  let control = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) control++
    if (code === 0xfffd) control++
  }
  return control > Math.max(2, text.length * 0.01)
}
