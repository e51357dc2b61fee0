import { constants, crc32, deflateRawSync } from 'node:zlib'
import { strToU8, zipSync } from 'fflate'
import { DOCX_CONTENT_TYPES } from '../../scripts/seed/pdf-and-docx.ts'

/*
 * Hostile files for security rule 41 (and the lead's bench:abuse): generated, never committed.
 * The large parts are deflated without ever holding them whole: a part is a prefix, a run of one
 * chunk repeated many times, and a suffix; each piece is deflated on its own and flushed to a byte
 * boundary (not final), so the pieces concatenate into one valid deflate stream, and the run's
 * chunk is deflated once and repeated. The zips are written here by hand so a part's directory
 * can state any size.
 */

const MIB = 1024 * 1024

/** A part's content, described without holding it: `prefix + chunk × repeat + suffix`. */
type RunPart = { prefix: string; chunk: Uint8Array; repeat: number; suffix: string }

/** A zip part: its packed bytes, its real size and CRC, and the size the directory states. */
type ZipPart = { name: string; packed: Uint8Array; size: number; crc: number; declared?: number }

function flushed(bytes: Uint8Array): Buffer {
  return deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH })
}

/** Deflates a run part piece by piece (see the top of the file), with its real size and CRC. */
function deflateRun(name: string, part: RunPart): ZipPart {
  const prefix = Buffer.from(part.prefix, 'utf8')
  const suffix = Buffer.from(part.suffix, 'utf8')
  const chunkPacked = flushed(part.chunk)
  const pieces: Uint8Array[] = [flushed(prefix)]
  let crc = crc32(prefix)
  for (let i = 0; i < part.repeat; i++) {
    pieces.push(chunkPacked)
    crc = crc32(part.chunk, crc)
  }
  pieces.push(deflateRawSync(suffix))
  crc = crc32(suffix, crc)
  return {
    name,
    packed: Buffer.concat(pieces),
    size: prefix.length + part.chunk.length * part.repeat + suffix.length,
    crc,
  }
}

function deflatePart(name: string, text: string | Uint8Array): ZipPart {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text
  // Level 1: the million-row workbook's 90 MB of XML packs in a second instead of many.
  return {
    name,
    packed: deflateRawSync(bytes, { level: 1 }),
    size: bytes.length,
    crc: crc32(bytes),
  }
}

/** A zip of deflated parts; a part's `declared` size (when set) is what both headers state. */
function writeZip(parts: ZipPart[]): Buffer {
  const locals: Uint8Array[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8')
    const stated = part.declared ?? part.size
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt32LE(part.crc, 14)
    local.writeUInt32LE(part.packed.length, 18)
    local.writeUInt32LE(stated, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(part.crc, 16)
    central.writeUInt32LE(part.packed.length, 20)
    central.writeUInt32LE(stated, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, part.packed)
    centrals.push(central, name)
    offset += local.length + name.length + part.packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

// ---- Workbooks ----

const XLSX_CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`
const XLSX_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>`
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
const SHEET_TAIL = `</sheetData></worksheet>`
const SST_HEAD = (count: number) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">`

/** A one-sheet workbook ("People") with the given sheet and shared strings parts. */
function workbook(sheet: ZipPart, sharedStrings: ZipPart): Buffer {
  return writeZip([
    deflatePart('[Content_Types].xml', XLSX_CONTENT_TYPES),
    deflatePart('_rels/.rels', XLSX_RELS),
    deflatePart('xl/workbook.xml', WORKBOOK),
    deflatePart('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    sheet,
    sharedStrings,
  ])
}

/** A sheet whose rows 1..n each show shared string i - 1 in column A. */
function sheetOfStrings(rows: number): ZipPart {
  const lines: string[] = [SHEET_HEAD]
  for (let r = 1; r <= rows; r++)
    lines.push(`<row r="${r}"><c r="A${r}" t="s"><v>${r - 1}</v></c></row>`)
  lines.push(SHEET_TAIL)
  return deflatePart('xl/worksheets/sheet1.xml', lines.join(''))
}

/** The size of the one string in sharedStringsBomb(). */
export const BOMB_STRING_BYTES = 480 * MIB

/** A valid XLSX whose shared strings hold ONE 480 MiB string (~0.5 MB packed, ~1000:1). */
export function sharedStringsBomb(): Buffer {
  const strings = deflateRun('xl/sharedStrings.xml', {
    prefix: `${SST_HEAD(2)}<si><t>Name</t></si><si><t>`,
    chunk: new Uint8Array(MIB).fill(0x61),
    repeat: BOMB_STRING_BYTES / MIB,
    suffix: '</t></si></sst>',
  })
  return workbook(sheetOfStrings(2), strings)
}

/** The number of strings in manySharedStrings(). */
export const MANY_SHARED_STRINGS = 20_000_000

/** A valid XLSX whose shared strings are 20 million small strings (~340 MB expanded). */
export function manySharedStrings(): Buffer {
  const perChunk = 80_000
  const strings = deflateRun('xl/sharedStrings.xml', {
    prefix: SST_HEAD(MANY_SHARED_STRINGS),
    chunk: Buffer.from('<si><t>Dana</t></si>'.repeat(perChunk), 'utf8'),
    repeat: MANY_SHARED_STRINGS / perChunk,
    suffix: '</sst>',
  })
  return workbook(sheetOfStrings(3), strings)
}

/** The data rows of millionRowWorkbook(), under its header row ("Name"). */
export const MILLION_ROWS = 1_000_000

/** The name in data row `n` (1-based) of millionRowWorkbook(). */
export const millionRowName = (n: number) => `Person ${n}`

/** A one-column workbook: the header "Name" and 1,000,000 people, as Excel writes it (shared strings). */
export function millionRowWorkbook(): Buffer {
  const rows = MILLION_ROWS + 1
  const strings: string[] = [SST_HEAD(rows), '<si><t>Name</t></si>']
  for (let n = 1; n <= MILLION_ROWS; n++) strings.push(`<si><t>${millionRowName(n)}</t></si>`)
  strings.push('</sst>')
  return workbook(sheetOfStrings(rows), deflatePart('xl/sharedStrings.xml', strings.join('')))
}

// ---- Documents whose directory understates a part ----

/** What the directory states for the 1 GiB part of the under-declared documents. */
export const UNDER_DECLARED_SIZE = 4000
/** What that part really inflates to. */
export const UNDER_DECLARED_REAL_BYTES = 1024 * MIB

function gibibyteOfText(name: string, prefix: string, suffix: string): ZipPart {
  return {
    ...deflateRun(name, {
      prefix,
      chunk: new Uint8Array(MIB).fill(0x61),
      repeat: UNDER_DECLARED_REAL_BYTES / MIB,
      suffix,
    }),
    declared: UNDER_DECLARED_SIZE,
  }
}

const DOCX_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`

/** A DOCX whose directory says word/document.xml is 4,000 bytes; it inflates to 1 GiB. */
export function underDeclaredDocx(): Buffer {
  return writeZip([
    deflatePart('[Content_Types].xml', DOCX_CONTENT_TYPES),
    deflatePart('_rels/.rels', DOCX_RELS),
    gibibyteOfText(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>`,
      '</w:t></w:r></w:p></w:body></w:document>',
    ),
  ])
}

const ODT_MIME = 'application/vnd.oasis.opendocument.text'
const ODT_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${ODT_MIME}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`

/** An ODT whose directory says content.xml is 4,000 bytes; it inflates to 1 GiB. */
export function underDeclaredOdt(): Buffer {
  // The mimetype entry comes first and stored, as ODF requires (and type detection reads).
  const stored = Buffer.from(
    zipSync({ mimetype: [strToU8(ODT_MIME), { level: 0 }] }, { mtime: '2024-01-01' }),
  )
  const mimetypeLocal = stored.subarray(0, stored.indexOf('PK\x01\x02', 0, 'latin1'))
  const rest = writeZip([
    gibibyteOfText(
      'content.xml',
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:body><office:text><text:p>`,
      '</text:p></office:text></office:body></office:document-content>',
    ),
    deflatePart('META-INF/manifest.xml', ODT_MANIFEST),
  ])
  return prependStoredEntry(mimetypeLocal, rest, stored)
}

/**
 * `zip` with one stored entry (its local record `local`, its central record taken from `source`)
 * put first: every offset in `zip`'s directory moves by the local record's length.
 */
function prependStoredEntry(local: Buffer, zip: Buffer, source: Buffer): Buffer {
  const shift = local.length
  const sourceCentral = source.subarray(
    source.indexOf('PK\x01\x02', 0, 'latin1'),
    source.indexOf('PK\x05\x06', 0, 'latin1'),
  )
  const endAt = zip.lastIndexOf('PK\x05\x06', undefined, 'latin1')
  const directoryAt = zip.readUInt32LE(endAt + 16)
  const directory = Buffer.from(zip.subarray(directoryAt, endAt))
  for (let i = 0; i < directory.length;) {
    directory.writeUInt32LE(directory.readUInt32LE(i + 42) + shift, i + 42)
    i +=
      46 +
      directory.readUInt16LE(i + 28) +
      directory.readUInt16LE(i + 30) +
      directory.readUInt16LE(i + 32)
  }
  const central = Buffer.concat([sourceCentral, directory])
  const end = Buffer.from(zip.subarray(endAt))
  end.writeUInt16LE(end.readUInt16LE(8) + 1, 8)
  end.writeUInt16LE(end.readUInt16LE(10) + 1, 10)
  end.writeUInt32LE(central.length, 12)
  end.writeUInt32LE(directoryAt + shift, 16)
  return Buffer.concat([local, zip.subarray(0, directoryAt), central, end])
}

// ---- Zips of CVs ----

/** The number of entries in tenThousandEntryZip(). */
export const TEN_THOUSAND = 10_000

/** A zip of 10,000 tiny text files (a few bytes each, far under any size limit). */
export function tenThousandEntryZip(): Buffer {
  const files: Record<string, Uint8Array> = {}
  for (let i = 0; i < TEN_THOUSAND; i++) files[`cv-${i}.txt`] = strToU8(`CV ${i}\n`)
  return Buffer.from(zipSync(files, { level: 0 }))
}
