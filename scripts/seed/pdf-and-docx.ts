import { strToU8, zipSync } from 'fflate'

/*
 * Minimal PDF and DOCX writers: the seed's CVs (npm run db:seed -- --cvs N) and the tests' CV
 * files (tests/support/cv-files.ts re-exports them) come from this one copy, so what the tests
 * prove the readers handle is what the demo data holds. PDF text is Latin-1: the standard Helvetica
 * font with WinAnsiEncoding (without it, byte 0x27 reads as a curly quote: O'Hara became O’Hara).
 */

/** A one-page PDF whose text is `lines`, valid enough for readers (xref offsets computed). */
export function makePdf(lines: string[]): Buffer {
  return makePdfPages([lines])
}

/**
 * A PDF with one page per entry of `pages`, each page's text its lines. `encrypted`: locked by the
 * standard security handler with a user password (a /U entry the empty password fails), as a
 * password-protected CV is; readers must ask for the password (the tests' locked CV).
 */
export function makePdfPages(pages: string[][], { encrypted = false } = {}): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`)
  const streams = pages.map(
    (lines) =>
      `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${escape(l)}) Tj T*`).join(' ')} ET`,
  )
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its contents for each page.
  const pageId = (i: number) => 4 + i * 2
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...streams.flatMap((stream, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageId(i) + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    ]),
  ]
  const hex32 = (seed: number) =>
    Array.from({ length: 32 }, (_, i) =>
      ((i * 37 + seed) % 256).toString(16).padStart(2, '0'),
    ).join('')
  if (encrypted) {
    objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${hex32(11)}> /U <${hex32(97)}> /P -44 >>`)
  }
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  const encrypt = encrypted
    ? ` /Encrypt ${objects.length} 0 R /ID [<${hex32(5)}> <${hex32(5)}>]`
    : ''
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

export const DOCX_CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`
const DOCX_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
const DOCUMENT_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdHeader1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/></Relationships>`
const HEADER_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml'

/**
 * A body paragraph: plain text, or text styled as a heading or a bullet-list item; `pageBreak`
 * starts a new page with it (the seed's 2- and 3-page CVs).
 */
export type DocxParagraph =
  string | { text: string; heading?: 1 | 2; bullet?: boolean; pageBreak?: boolean }

// Word names its built-in styles in lower case; mammoth maps 'heading 1' to <h1> by that name.
const DOCX_STYLES = `<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}>${[1, 2]
  .map(
    (n) =>
      `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`,
  )
  .join('')}</w:styles>`
const DOCX_NUMBERING = `<?xml version="1.0" encoding="UTF-8"?><w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`

function paragraphXml(paragraph: DocxParagraph): string {
  const xmlEscape = (s: string) => s.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)
  const { text, heading, bullet, pageBreak } =
    typeof paragraph === 'string' ? { text: paragraph } : paragraph
  const style = heading
    ? `<w:pStyle w:val="Heading${heading}"/>`
    : bullet
      ? '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'
      : ''
  const properties = `${style}${pageBreak ? '<w:pageBreakBefore/>' : ''}`
  return `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}<w:r><w:t>${xmlEscape(text)}</w:t></w:r></w:p>`
}

const paragraphsXml = (paragraphs: DocxParagraph[]) => paragraphs.map(paragraphXml).join('')

// A fixed time in every zip entry: the same paragraphs give the same bytes (and sha256), so a
// seed is reproducible and identical CVs are stored once.
const ZIP_MTIME = new Date('2020-01-01T00:00:00Z')

/**
 * A DOCX whose body paragraphs are `paragraphs`, with `header` in its page header if given. Styled
 * paragraphs bring the styles and numbering parts that name them.
 */
export function makeDocx(paragraphs: DocxParagraph[], header: string[] = []): Buffer {
  // The section names its page header, as Word writes it, so Word and LibreOffice show it too.
  const section = header.length
    ? `<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader1"/></w:sectPr>`
    : ''
  const document = `<?xml version="1.0" encoding="UTF-8"?><w:document ${W} ${R}><w:body>${paragraphsXml(paragraphs)}${section}</w:body></w:document>`
  const entries: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      header.length
        ? DOCX_CONTENT_TYPES.replace(
            '</Types>',
            `<Override PartName="/word/header1.xml" ContentType="${HEADER_TYPE}"/></Types>`,
          )
        : DOCX_CONTENT_TYPES,
    ),
    '_rels/.rels': strToU8(DOCX_RELS),
    'word/document.xml': strToU8(document),
  }
  if (paragraphs.some((p) => typeof p !== 'string')) {
    entries['word/styles.xml'] = strToU8(DOCX_STYLES)
    entries['word/numbering.xml'] = strToU8(DOCX_NUMBERING)
  }
  if (header.length) {
    entries['word/_rels/document.xml.rels'] = strToU8(DOCUMENT_RELS)
    entries['word/header1.xml'] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:hdr ${W}>${paragraphsXml(header)}</w:hdr>`,
    )
  }
  return Buffer.from(zipSync(entries, { mtime: ZIP_MTIME }))
}
