import type { FastifyInstance } from 'fastify'
import { strToU8, zipSync } from 'fflate'
import { DOCX_CONTENT_TYPES } from '../../scripts/seed/pdf-and-docx.ts'

/** Generated CV files for tests (no binary fixtures are committed). */

// The PDF and DOCX writers are shared with the seed's CVs (npm run db:seed -- --cvs N): one copy.
export {
  makeDocx,
  makePdf,
  makePdfPages,
  type DocxParagraph,
} from '../../scripts/seed/pdf-and-docx.ts'

const xmlEscape = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)

const ODT_NAMESPACES = [
  'office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xlink="http://www.w3.org/1999/xlink"',
]
  .map((ns) => `xmlns:${ns}`)
  .join(' ')

/** An ODT's content.xml: `body` inside office:text, `automaticStyles` before it. */
export function odtContent(body: string, automaticStyles = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODT_NAMESPACES} office:version="1.3"><office:automatic-styles>${automaticStyles}</office:automatic-styles><office:body><office:text>${body}</office:text></office:body></office:document-content>`
}

/** An ODT's styles.xml holding `styles` (named styles such as Strong_20_Emphasis). */
export function odtStyles(styles: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${ODT_NAMESPACES} office:version="1.3"><office:styles>${styles}</office:styles></office:document-styles>`
}

const ODT_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>`

/**
 * An ODT package around `contentXml` (and `stylesXml`): the mimetype entry first and stored, as
 * ODF requires and as readers (file-type) recognise it.
 */
export function makeOdtPackage(contentXml: string, stylesXml = odtStyles('')): Buffer {
  return Buffer.from(
    zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
      'META-INF/manifest.xml': strToU8(ODT_MANIFEST),
      'content.xml': strToU8(contentXml),
      'styles.xml': strToU8(stylesXml),
    }),
  )
}

/** An ODT paragraph: plain text, or a heading, a bullet, or text in bold and/or italic. */
export type OdtParagraph =
  string | { text: string; heading?: 1 | 2 | 3; bullet?: boolean; bold?: boolean; italic?: boolean }

// Automatic text styles as LibreOffice writes them for direct formatting.
const ODT_TEXT_STYLES = [
  ['T1', 'fo:font-weight="bold"'],
  ['T2', 'fo:font-style="italic"'],
  ['T3', 'fo:font-weight="bold" fo:font-style="italic"'],
]
  .map(
    ([name, properties]) =>
      `<style:style style:name="${name}" style:family="text"><style:text-properties ${properties}/></style:style>`,
  )
  .join('')

function odtParagraphXml(paragraph: OdtParagraph): string {
  const p = typeof paragraph === 'string' ? { text: paragraph } : paragraph
  const style = p.bold && p.italic ? 'T3' : p.bold ? 'T1' : p.italic ? 'T2' : undefined
  const text = xmlEscape(p.text)
  const content = style ? `<text:span text:style-name="${style}">${text}</text:span>` : text
  return p.heading
    ? `<text:h text:outline-level="${p.heading}">${content}</text:h>`
    : `<text:p>${content}</text:p>`
}

/** An ODT whose body is `paragraphs`; neighbouring bullets share one list. */
export function makeOdt(paragraphs: OdtParagraph[]): Buffer {
  let body = ''
  let inList = false
  for (const paragraph of paragraphs) {
    const bullet = typeof paragraph !== 'string' && paragraph.bullet === true
    if (bullet !== inList) body += bullet ? '<text:list>' : '</text:list>'
    inList = bullet
    const xml = odtParagraphXml(paragraph)
    body += bullet ? `<text:list-item>${xml}</text:list-item>` : xml
  }
  if (inList) body += '</text:list>'
  return makeOdtPackage(odtContent(body, ODT_TEXT_STYLES))
}

/** A run of RTF text: plain, or bold and/or italic. */
export type RtfRun = string | { text: string; bold?: boolean; italic?: boolean }

// RTF is 7-bit: its own markup characters are escaped, the rest of Latin-1 is \'hh, beyond it \uN.
function rtfEscape(text: string): string {
  return text
    .split('')
    .map((c) => {
      const code = c.charCodeAt(0)
      if (c === '\\' || c === '{' || c === '}') return `\\${c}`
      if (c === '\n') return '\\line '
      if (c === '\t') return '\\tab '
      if (code < 0x80) return c
      if (code < 0x100) return `\\'${code.toString(16).padStart(2, '0')}`
      return `\\u${code > 0x7fff ? code - 0x10000 : code}?`
    })
    .join('')
}

/**
 * An RTF document with a paragraph per entry, each a string or a list of runs. Emphasis is
 * written with switches (\b … \b0), as Word and LibreOffice also write it inside a run.
 */
export function makeRtf(paragraphs: (string | RtfRun[])[]): Buffer {
  const run = (r: RtfRun) => {
    if (typeof r === 'string') return rtfEscape(r)
    const on = (r.bold ? '\\b ' : '') + (r.italic ? '\\i ' : '')
    const off = (r.bold ? '\\b0 ' : '') + (r.italic ? '\\i0 ' : '')
    return on + rtfEscape(r.text) + off
  }
  const body = paragraphs
    .map((p) => `\\pard ${(typeof p === 'string' ? [p] : p).map(run).join('')}\\par\n`)
    .join('')
  const head = '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}\n'
  return Buffer.from(`${head}${body}}`, 'latin1')
}

/** A zip whose one entry claims to expand to gigabytes: a zip bomb's directory. */
/** A zip whose one entry claims to expand to gigabytes: a zip bomb's directory. */
export function makeZipBomb(): Buffer {
  const zip = Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(DOCX_CONTENT_TYPES),
      'word/document.xml': new Uint8Array(200_000),
    }),
  )
  // Rewrite the central directory's uncompressed size of every entry to 4 GB - 1.
  for (
    let i = zip.indexOf('PK\x01\x02', 0, 'latin1');
    i !== -1;
    i = zip.indexOf('PK\x01\x02', i + 4, 'latin1')
  ) {
    zip.writeUInt32LE(0xffffffff - 1, i + 24)
  }
  return zip
}

/** The first bytes of a Windows executable: what a ".pdf" that is not one looks like. */
export function makeExecutable(): Buffer {
  const bytes = Buffer.alloc(512)
  bytes.write('MZ', 0, 'latin1')
  bytes.writeUInt32LE(0x80, 0x3c)
  bytes.write('PE\0\0', 0x80, 'latin1')
  return bytes
}

type MultipartFile = { name: string; bytes: Buffer; contentType?: string }

/** A multipart/form-data body with one file field, for app.inject. */
export function multipart(
  file: MultipartFile,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  return multipartFiles([file], field)
}

/** POST /api/talents/:id/cv with one file, as `who` (anonymous when undefined). */
export function uploadCv(
  app: FastifyInstance,
  who: { headers: { authorization?: string } } | undefined,
  talentId: number,
  file: MultipartFile,
) {
  const { payload, headers } = multipart(file)
  return app.inject({
    method: 'POST',
    url: `/api/talents/${talentId}/cv`,
    headers: { ...who?.headers, ...headers },
    payload,
  })
}

/** A multipart/form-data body with a file field per file (a CV import), for app.inject. */
export function multipartFiles(
  files: MultipartFile[],
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----scout-test-${Math.random().toString(16).slice(2)}`
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      'utf8',
    ),
    file.bytes,
    Buffer.from('\r\n', 'utf8'),
  ])
  const tail = Buffer.from(`--${boundary}--\r\n`, 'utf8')
  return {
    payload: Buffer.concat([...parts, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A plain zip holding `files` (a stack of CVs as people send them), for a CV import. */
export function makeZip(files: Record<string, Buffer>): Buffer {
  return Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, bytes]) => [name, new Uint8Array(bytes)]),
      ),
    ),
  )
}

/** A run of a linked DOCX paragraph: text, or text linked to `href` (an external hyperlink). */
export type DocxRun = string | { text: string; href: string }

/**
 * A DOCX whose paragraphs hold hyperlinks, as Word writes them: `<w:hyperlink r:id>` naming an
 * external relationship (mailto:, https:). For the preview's link rules (security rule 20, 48).
 */
export function makeDocxWithLinks(paragraphs: DocxRun[][]): Buffer {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
  const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
  const links: string[] = []
  const runXml = (run: DocxRun) => {
    const text = typeof run === 'string' ? run : run.text
    const xml = `<w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r>`
    if (typeof run === 'string') return xml
    links.push(run.href)
    return `<w:hyperlink r:id="rIdLink${links.length}">${xml}</w:hyperlink>`
  }
  const body = paragraphs.map((runs) => `<w:p>${runs.map(runXml).join('')}</w:p>`).join('')
  const relationships = links
    .map(
      (href, i) =>
        `<Relationship Id="rIdLink${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${xmlEscape(href)}" TargetMode="External"/>`,
    )
    .join('')
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8(DOCX_CONTENT_TYPES),
        '_rels/.rels': strToU8(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
        ),
        'word/_rels/document.xml.rels': strToU8(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
        ),
        'word/document.xml': strToU8(
          `<?xml version="1.0" encoding="UTF-8"?><w:document ${W} ${R}><w:body>${body}</w:body></w:document>`,
        ),
      },
      { mtime: new Date('2020-01-01T00:00:00Z') },
    ),
  )
}
