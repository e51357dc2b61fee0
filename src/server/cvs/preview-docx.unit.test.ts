import { describe, expect, test } from 'vitest'
import { docxPreview } from './preview-docx.ts'

describe('docxPreview', () => {
  test('bytes mammoth cannot read have no HTML preview', async () => {
    expect(await docxPreview(new TextEncoder().encode('not a zip'))).toEqual({ kind: 'text' })
  })
})
