import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import {
  manySharedStrings,
  sharedStringsBomb,
  tenThousandEntryZip,
  underDeclaredDocx,
  underDeclaredOdt,
} from '#tests/support/hostile-files.ts'
import {
  CV_ZIP_LIMITS,
  inflateZip,
  MISDECLARED_MESSAGE,
  ratioMessage,
  readZipDirectory,
  rebuildZip,
  tooLargeMessage,
  tooManyEntriesMessage,
  UNREADABLE_ZIP_MESSAGE,
  type ZipLimits,
} from './zip-guard.ts'

const WORKBOOK_LIKE: ZipLimits = { ...CV_ZIP_LIMITS, maxExpandedBytes: 200 * 1024 * 1024 }

describe('security rule 41: the zip guard names the real reason', () => {
  test('a zip of 10,000 tiny entries: too many entries, not "too large"', () => {
    expect(() => readZipDirectory(tenThousandEntryZip(), CV_ZIP_LIMITS)).toThrow(
      tooManyEntriesMessage(CV_ZIP_LIMITS),
    )
    expect(tooManyEntriesMessage(CV_ZIP_LIMITS)).toContain('more than 2,000 entries')
  })

  test('one 480 MiB shared string and 20 million small ones: the parts add up to too much', () => {
    for (const bytes of [sharedStringsBomb(), manySharedStrings()]) {
      expect(() => inflateZip(bytes, WORKBOOK_LIKE)).toThrow(tooLargeMessage(WORKBOOK_LIKE))
    }
    expect(tooLargeMessage(WORKBOOK_LIKE)).toContain('add up to more than 200 MB')
  })

  test('a part whose directory says 4,000 bytes but inflates to 1 GiB stops at 4,000 and is refused', () => {
    for (const bytes of [underDeclaredDocx(), underDeclaredOdt()]) {
      // The directory alone passes: the lie is only seen while inflating.
      expect(() => readZipDirectory(bytes, CV_ZIP_LIMITS)).not.toThrow()
      const started = performance.now()
      expect(() => inflateZip(bytes, CV_ZIP_LIMITS)).toThrow(MISDECLARED_MESSAGE)
      // Stopping at the declared size takes milliseconds; inflating the gibibyte takes seconds.
      expect(performance.now() - started).toBeLessThan(2000)
    }
  }, 60_000)

  test('a part that expands more than 1,000 times', () => {
    const zeros = zipSync({ 'big.xml': new Uint8Array(20 * 1024 * 1024) }, { level: 9 })
    expect(() => readZipDirectory(zeros, CV_ZIP_LIMITS)).toThrow(ratioMessage(CV_ZIP_LIMITS))
  })

  test('a hard cap on the total, whatever the directory says: parts that each fit but not together', () => {
    const small: ZipLimits = { maxEntries: 10, maxExpandedBytes: 1000, maxRatio: 1000 }
    const zip = zipSync({ 'a.txt': new Uint8Array(600).fill(97), 'b.txt': new Uint8Array(600) })
    expect(() => inflateZip(zip, small)).toThrow(tooLargeMessage(small))
  })

  test('not a zip', () => {
    expect(() => readZipDirectory(strToU8('PK\x03\x04 and then nothing'), CV_ZIP_LIMITS)).toThrow(
      UNREADABLE_ZIP_MESSAGE,
    )
  })

  test('an honest zip inflates whole and rebuilds into the same parts', () => {
    const parts = {
      'word/document.xml': strToU8('<w:document>Dana</w:document>'.repeat(1000)),
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/': new Uint8Array(0),
    }
    const inflated = inflateZip(zipSync(parts), CV_ZIP_LIMITS)
    expect([...inflated.keys()].sort()).toEqual(['[Content_Types].xml', 'word/document.xml'])
    const rebuilt = unzipSync(rebuildZip(inflated))
    expect(rebuilt['word/document.xml']).toEqual(parts['word/document.xml'])
  })
})
