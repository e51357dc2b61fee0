// The fixed parts of a one-sheet workbook (ECMA-376, SpreadsheetML), written by hand because the
// sheet itself is streamed (export-xlsx.ts). Kept to what Excel, LibreOffice and SheetJS need.

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships'
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

export const SHEET_PATH = 'xl/worksheets/sheet1.xml'

/** Style index 1 of styles.xml: the header row in bold. */
export const HEADER_STYLE = 1

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>'

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>'

const WORKBOOK =
  `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
  '<sheets><sheet name="Talents" sheetId="1" r:id="rId1"/></sheets></workbook>'

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
  '</Relationships>'

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>'

/** Every part but the sheet, in the order they go into the zip. */
export const FIXED_PARTS: ReadonlyArray<readonly [string, string]> = [
  ['[Content_Types].xml', CONTENT_TYPES],
  ['_rels/.rels', ROOT_RELS],
  ['xl/workbook.xml', WORKBOOK],
  ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
  ['xl/styles.xml', STYLES],
]

/** The sheet's opening, with the header row frozen so it stays in view while scrolling. */
export const SHEET_HEAD =
  `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
  '<sheetViews><sheetView workbookViewId="0">' +
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '</sheetView></sheetViews><sheetData>'

export const SHEET_TAIL = '</sheetData></worksheet>'

/** 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  }
  return name
}

/**
 * Text as XML character data. Characters XML 1.0 cannot carry (control characters, lone
 * surrogates, U+FFFE/U+FFFF) and carriage returns (which XML parsers turn into line feeds) are written as OOXML's _xHHHH_ escape, and a literal '_xHHHH_' in
 * the text has its underscore escaped, so a spreadsheet reads back exactly the text written.
 */
export function xmlText(text: string): string {
  return (
    text
      .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
      .replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
      // Cc: control characters; Cs: a surrogate not in a pair (the u flag reads pairs as one).
      .replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, (c) =>
        c === '\t' || c === '\n'
          ? c
          : `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
      )
  )
}

/** One row of inline-string cells (no shared-strings table to hold in memory); empty cells left out. */
export function rowXml(rowNumber: number, cells: readonly string[], style?: number): string {
  const s = style === undefined ? '' : ` s="${style}"`
  const parts = cells.map((cell, i) =>
    cell === ''
      ? ''
      : `<c r="${columnName(i)}${rowNumber}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`,
  )
  return `<row r="${rowNumber}">${parts.join('')}</row>`
}
