import { describe, expect, it } from 'vitest'
import { MAX_FILE_NAME_LENGTH, formatFileSize, sanitizeFileName } from './cv.ts'

describe('sanitizeFileName: no path, control or invisible characters', () => {
  it.each([
    ['C:\\Users\\dana\\cv.pdf', 'cv.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['cv\u202Efdp.exe', 'cvfdp.exe'],
    ['a\u0000b\u0007c.pdf', 'abc.pdf'],
    ['  spaced   out .pdf ', 'spaced out .pdf'],
    ['', 'cv'],
    ['...', 'cv'],
    ['.hidden.pdf', 'hidden.pdf'],
    // Security rule 48: invisible format characters (Cf) and lone surrogates go too.
    ['c\u200Bv\u200C\u200D\u2060\u2064\uFEFF\u00AD.pdf', 'cv.pdf'],
    ['\u2066cv\u2069\u061C\u200E\u200F.pdf', 'cv.pdf'],
    ['c\uD800v\uDFFF.pdf', 'cv.pdf'],
    ['\u200B\u200B', 'cv'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected)
  })

  it('cuts long names to the limit, keeping the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(600)}.docx`)
    expect(name).toHaveLength(MAX_FILE_NAME_LENGTH)
    expect(name.endsWith('.docx')).toBe(true)
  })
})

describe('formatFileSize', () => {
  it.each([
    [12, '12 bytes'],
    [2048, '2 KB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text)
  })
})
