import { describe, expect, it } from 'vitest'
import { MAX_FILE_NAME_LENGTH, formatFileSize, sanitizeFileName } from './cv.ts'

describe('sanitizeFileName (issue 16)', () => {
  it.each([
    ['C:\\Users\\dana\\cv.pdf', 'cv.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['cv\u202Efdp.exe', 'cvfdp.exe'],
    ['a\u0000b\u0007c.pdf', 'abc.pdf'],
    ['  spaced   out .pdf ', 'spaced out .pdf'],
    ['', 'cv'],
    ['...', 'cv'],
    ['.hidden.pdf', 'hidden.pdf'],
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
