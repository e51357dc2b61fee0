import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  EXPORT_COLUMNS,
  PRIVACY_IMPORT_FIELDS,
  exportFileName,
  neutraliseCell,
  restoreCell,
  talentExportQuerySchema,
} from './talent-export.ts'
import { talentInputSchema } from './talent.ts'

describe('neutraliseCell (security rule 21)', () => {
  test.each(['=1+1', '+44 20', '-5', '@SUM(A1)', '\tx', '\rx', "'quoted"])(
    '%j gets a leading quote',
    (value) => {
      expect(neutraliseCell(value)).toBe(`'${value}`)
    },
  )

  test.each(['Ada', '', ' =not first', 'a=b', '5-3', 'https://x.test/?a=1'])(
    '%j stays as it is',
    (value) => {
      expect(neutraliseCell(value)).toBe(value)
    },
  )

  test('no neutralised cell starts a formula, and the importer gets every value back', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-composite' }),
        fc.constantFrom('', '=', '+', '-', '@', '\t', '\r', "'", "''"),
        (tail, head) => {
          const value = head + tail
          const cell = neutraliseCell(value)
          expect(cell).not.toMatch(/^[=+\-@\t\r]/)
          expect(restoreCell(cell)).toBe(value)
        },
      ),
    )
  })
})

describe('the export query and columns', () => {
  test('format is required and must be csv or xlsx; paging is not the export’s', () => {
    expect(talentExportQuerySchema.safeParse({ format: 'csv' }).success).toBe(true)
    const bad = talentExportQuerySchema.safeParse({ format: 'pdf' })
    expect(bad.error?.issues[0]?.message).toBe("Format must be 'csv' or 'xlsx'")
    expect(talentExportQuerySchema.safeParse({ format: 'csv', cursor: 'x' }).success).toBe(false)
  })

  test('columns that map back to the form name the form’s fields or the privacy record’s', () => {
    const formFields = Object.keys(talentInputSchema.shape)
    const derived = ['cvFileName', 'createdAt', 'updatedAt', 'addedByName', 'addedByEmail']
    for (const column of EXPORT_COLUMNS) {
      expect([...formFields, ...derived, ...PRIVACY_IMPORT_FIELDS]).toContain(column.field)
    }
    expect(new Set(EXPORT_COLUMNS.map((column) => column.header)).size).toBe(EXPORT_COLUMNS.length)
  })

  test('the file is named after the UTC day', () => {
    expect(exportFileName('xlsx', new Date('2026-11-24T23:59:59Z'))).toBe(
      'scout-talents-2026-11-24.xlsx',
    )
  })
})
