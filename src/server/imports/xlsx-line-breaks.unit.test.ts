import * as XLSX from '@e965/xlsx'
import { expect, test } from 'vitest'
import { inspectTable, readTableRows } from './read-table.ts'

/**
 * Security rule 42: the XLSX reader hands its sheet to the CSV parser as CSV it writes itself
 * (read-xlsx.worker.ts), quoted as every CSV Scout writes; a cell's lone CR or LF must not end
 * its row there.
 */
test('security rule 42: an XLSX cell holding a lone CR, LF, quote or delimiter stays in its row', async () => {
  const table = [
    ['Name', 'Notes\rmore', 'Email'],
    ['Ann Bell', 'Referred by Dana\r=HYPERLINK(L3&B4)', 'ann@example.com'],
    ['Bo Kim', 'line one\nline two', 'bo@example.com'],
    ['Cy Lee', 'one; "two", three|four\tfive', 'cy@example.com'],
  ]
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), 'People')
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
  const shape = await inspectTable(bytes, 'people.xlsx')
  const rows: string[][] = []
  for await (const row of readTableRows(bytes, shape)) rows.push(row.cells)
  expect(rows).toEqual(table)
})
