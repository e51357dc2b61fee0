import { strFromU8, unzipSync } from 'fflate'

/** Test-only readers for the export's files, independent of the libraries that write them. */

/**
 * RFC 4180 records from CSV text: quoted fields may hold commas, quotes ("") and line breaks;
 * records end at CRLF. Deliberately small and strict, so a file the export writes wrongly fails.
 */
export function csvRecords(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === '"' && field === '') {
      const end = closingQuote(text, i + 1)
      field = text.slice(i + 1, end).replaceAll('""', '"')
      i = end + 1
      continue
    }
    if (c === ',') {
      record.push(field)
      field = ''
      i++
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i += 2
    } else {
      field += c
      i++
    }
  }
  if (field !== '' || record.length > 0) throw new Error('CSV does not end with CRLF')
  return records
}

function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] !== '"') continue
    if (text[i + 1] === '"') i++
    else return i
  }
  throw new Error(`unclosed quote from ${from}`)
}

/** The parts of an XLSX (a zip) by path, as text. */
export function xlsxParts(bytes: Uint8Array): Record<string, string> {
  const files = unzipSync(bytes)
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]))
}

/**
 * The sheet's cells as the XML carries them (after XML's own entity decoding), row by row, each
 * cell by its reference: what a spreadsheet would put in the cell before any formula is read.
 */
export function sheetCells(sheetXml: string): Map<string, string>[] {
  const decode = (s: string) =>
    s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
  return [...sheetXml.matchAll(/<row [^>]*>(.*?)<\/row>/gs)].map(([, row]) => {
    const cells = [...(row ?? '').matchAll(/<c r="([A-Z]+)\d+"[^>]*>(.*?)<\/c>/gs)]
    return new Map(
      cells.map(([, ref, inner]) => {
        const t = /<t[^>]*>(.*?)<\/t>/s.exec(inner ?? '')
        return [ref ?? '', decode(t?.[1] ?? '')]
      }),
    )
  })
}
