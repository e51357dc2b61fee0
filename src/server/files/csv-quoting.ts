/**
 * Security rule 42: when a CSV cell Scout writes is quoted. A module of its own, without imports,
 * so a worker thread that writes CSV for Scout's own reader (imports/read-xlsx.worker.ts) takes
 * the same rule without bundling the file writer.
 *
 * csv-stringify quotes only its record delimiter on its own, but Excel, LibreOffice and RFC 4180
 * readers also end a row at a lone LF or CR, so an unquoted 'Referred by Dana\n=HYPERLINK(…)'
 * would start a row with a formula. The other common delimiters are quoted too, because a reader
 * guesses the delimiter (Scout's importer does, and a spreadsheet in a locale whose list
 * separator is ';' splits on it).
 */
export const CSV_QUOTING = {
  quoted_match: /[\r\n",;\t|]/,
  quote_record_delimiter: true,
} as const
