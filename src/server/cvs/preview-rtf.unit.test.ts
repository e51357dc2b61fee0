import { describe, expect, test } from 'vitest'
import { makeRtf } from '#tests/support/cv-files.ts'
import { buildRtfHtml, rtfPreview } from './preview-rtf.ts'

// An RTF reads as formatted text; security rule 20: its text is never markup.

const span = (value: string, style: { bold?: boolean; italic?: boolean } = {}) => ({ value, style })

describe('buildRtfHtml', () => {
  test('a <p> per paragraph, <strong>/<em> by span style, neighbours in one style merged', () => {
    const html = buildRtfHtml({
      content: [
        { content: [span('Dana Reyes', { bold: true })] },
        { content: [span('Led the '), span('plat', { bold: true }), span('form', { bold: true })] },
        { content: [span(' team, '), span('remote', { bold: true, italic: true }), span('.')] },
        // Text after the last \par is left loose by rtf-parser: a paragraph of its own.
        span('trailing', { italic: true }),
      ],
    })
    expect(html).toBe(
      '<p><strong>Dana Reyes</strong></p><p>Led the <strong>platform</strong></p>' +
        '<p> team, <strong><em>remote</em></strong>.</p><p><em>trailing</em></p>',
    )
  })

  test('line breaks and tabs; empty paragraphs leave nothing', () => {
    const html = buildRtfHtml({
      content: [
        { content: [span('2019'), span('\t'), span('Acme'), span('\n'), span('Berlin')] },
        { content: [] },
        { content: [span('  ', { bold: true })] },
      ],
    })
    expect(html).toBe('<p>2019\u2003Acme<br />Berlin</p>')
  })

  test('payloads in the text come out escaped', () => {
    const html = buildRtfHtml({
      content: [
        { content: [span('<script>alert(1)</script>', { bold: true })] },
        { content: [span('<img src=x onerror="alert(2)">')] },
        { content: [span("<a href='javascript:alert(3)'>x</a>", { italic: true })] },
      ],
    })
    expect(html).toBe(
      '<p><strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong></p>' +
        '<p>&lt;img src=x onerror=&quot;alert(2)&quot;&gt;</p>' +
        '<p><em>&lt;a href=&#39;javascript:alert(3)&#39;&gt;x&lt;/a&gt;</em></p>',
    )
  })
})

describe('rtfPreview', () => {
  test('an RTF from the generator: paragraphs, bold, italic, and payloads as text', async () => {
    const rtf = makeRtf([
      [{ text: 'Experience', bold: true }],
      ['Led the ', { text: 'platform', bold: true }, ' team, ', { text: 'remotely', italic: true }],
      'Caf\u00e9 <script>alert(1)</script> {braces} \\ <img src=x onerror=alert(2)> javascript:alert(3)',
    ])
    expect(await rtfPreview(rtf)).toEqual({
      kind: 'html',
      html:
        '<p><strong>Experience</strong></p><p>Led the <strong>platform</strong> team, <em>remotely</em></p>' +
        '<p>Café &lt;script&gt;alert(1)&lt;/script&gt; {braces} \\ &lt;img src=x onerror=alert(2)&gt; javascript:alert(3)</p>',
    })
  })

  test('a group’s emphasis is lost by rtf-parser (iarna/rtf-parser#41): its text still shows', async () => {
    const rtf = Buffer.from('{\\rtf1\\ansi {\\b Experience}\\par}', 'latin1')
    // Should this start failing, rtf-parser keeps group styles now: expect <strong> here.
    expect(await rtfPreview(rtf)).toEqual({ kind: 'html', html: '<p>Experience</p>' })
  })

  test('no HTML preview for an RTF rtf-parser refuses or one without text', async () => {
    const unknownCodepage = Buffer.from('{\\rtf1\\ansi\\ansicpg9999 Dana\\par}', 'latin1')
    expect(await rtfPreview(unknownCodepage)).toEqual({ kind: 'text' })
    expect(await rtfPreview(makeRtf(['', ' ']))).toEqual({ kind: 'text' })
  })
})
