import { strToU8, zipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import {
  makeOdt,
  makeOdtPackage,
  makeZipBomb,
  odtContent,
  odtStyles,
} from '#tests/support/cv-files.ts'
import { buildOdtHtml, odtPreview } from './preview-odt.ts'
import { readOdtStyles } from './preview-odt-styles.ts'

// An ODT reads as formatted text; security rule 20: its text is never markup.

const textStyle = (name: string, properties: string, parent = '') =>
  `<style:style style:name="${name}" style:family="text"${parent ? ` style:parent-style-name="${parent}"` : ''}><style:text-properties ${properties}/></style:style>`
const paragraphStyle = (name: string, properties: string) =>
  `<style:style style:name="${name}" style:family="paragraph"><style:text-properties ${properties}/></style:style>`

describe('buildOdtHtml', () => {
  test('headings by outline level (deeper than 3 stay h3), paragraphs and nested lists', () => {
    const body =
      '<text:h text:outline-level="1">Dana Reyes</text:h><text:h text:outline-level="2">Experience</text:h>' +
      '<text:h text:outline-level="5">Deep</text:h><text:h>No level</text:h>' +
      '<text:list><text:list-item><text:p>Go</text:p><text:list><text:list-item><text:p>gRPC</text:p>' +
      '</text:list-item></text:list></text:list-item><text:list-header><text:p>Rust</text:p>' +
      '<text:p>and Wasm</text:p></text:list-header></text:list><text:p>Done</text:p>'
    expect(buildOdtHtml(odtContent(body))).toBe(
      '<h1>Dana Reyes</h1><h2>Experience</h2><h3>Deep</h3><h1>No level</h1>' +
        '<ul><li>Go<ul><li>gRPC</li></ul></li><li>Rust<br />and Wasm</li></ul><p>Done</p>',
    )
  })

  test('bold and italic where automatic, paragraph or named styles say so, inherited once set', () => {
    const automatic =
      textStyle('T1', 'fo:font-weight="bold"') +
      textStyle('T2', 'fo:font-style="italic"') +
      textStyle('T3', 'fo:font-weight="700"', 'Strong_20_Emphasis') +
      textStyle('T4', 'fo:font-weight="normal"', 'Strong_20_Emphasis') +
      textStyle('T5', 'fo:color="#ff0000"', 'Emphasis') +
      paragraphStyle('P1', 'fo:font-weight="bold"')
    const named = readOdtStyles(
      odtStyles(
        textStyle('Strong_20_Emphasis', 'fo:font-weight="bold"') +
          textStyle('Emphasis', 'fo:font-style="oblique"'),
      ),
    )
    const body =
      '<text:p>a <text:span text:style-name="T1">b</text:span> <text:span text:style-name="T2">c</text:span></text:p>' +
      '<text:p><text:span text:style-name="Strong_20_Emphasis">d</text:span><text:span text:style-name="T3">e</text:span>' +
      '<text:span text:style-name="T4">f</text:span><text:span text:style-name="T5">g</text:span></text:p>' +
      '<text:p text:style-name="P1">whole <text:span text:style-name="T1">line</text:span></text:p>' +
      '<text:h><text:span text:style-name="T1">Heading</text:span></text:h>'
    expect(buildOdtHtml(odtContent(body, automatic), named)).toBe(
      '<p>a <strong>b</strong> <em>c</em></p><p><strong>d</strong><strong>e</strong>f<em>g</em></p>' +
        '<p><strong>whole line</strong></p><h1>Heading</h1>',
    )
  })

  test('tables with spans, line breaks, tabs and runs of spaces (a huge count is capped)', () => {
    const body =
      '<table:table><table:table-column/><table:table-row>' +
      '<table:table-cell table:number-columns-spanned="2"><text:p>2019</text:p><text:p>2021</text:p></table:table-cell>' +
      '<table:covered-table-cell><text:p>hidden</text:p></table:covered-table-cell></table:table-row>' +
      '<table:table-row><table:table-cell table:number-rows-spanned="x"><text:p>Acme</text:p></table:table-cell>' +
      '</table:table-row></table:table>' +
      '<text:p>a<text:line-break/>b<text:tab/>c<text:s text:c="3"/>d<text:s/>e<text:s text:c="999999999"/>f</text:p>'
    expect(buildOdtHtml(odtContent(body))).toBe(
      '<table><tr><td colspan="2">2019<br />2021</td></tr><tr><td>Acme</td></tr></table>' +
        `<p>a<br />b\u2003c \u00a0\u00a0d e ${'\u00a0'.repeat(49)}f</p>`,
    )
  })

  test('text from a file is only ever text: payloads come out escaped, links keep their text', () => {
    const body =
      '<text:h text:outline-level="1">&lt;script&gt;alert(1)&lt;/script&gt;</text:h>' +
      '<text:list><text:list-item><text:p>&lt;img src=x onerror=alert(2)&gt;</text:p></text:list-item></text:list>' +
      '<text:p><text:a xlink:href="javascript:alert(3)">javascript:alert(3)</text:a> ' +
      '<text:a xlink:href="x&quot; onmouseover=&quot;alert(4)">x</text:a></text:p>'
    const html = buildOdtHtml(odtContent(body))
    expect(html).toBe(
      '<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1><ul><li>&lt;img src=x onerror=alert(2)&gt;</li></ul>' +
        '<p><a href="javascript:alert(3)">javascript:alert(3)</a> ' +
        '<a href="x&quot; onmouseover=&quot;alert(4)">x</a></p>',
    )
    // Through the sanitiser, no link is left that is not http(s).
    expect(odtPreview(makeOdtPackage(odtContent(body)))).toEqual({
      kind: 'html',
      html:
        '<h4>&lt;script&gt;alert(1)&lt;/script&gt;</h4><ul><li>&lt;img src=x onerror=alert(2)&gt;</li></ul>' +
        '<p>javascript:alert(3) x</p>',
    })
  })

  test('deleted changes, comments, notes, images and empty paragraphs leave nothing', () => {
    const body =
      '<text:tracked-changes><text:changed-region><text:deletion><text:p>deleted</text:p></text:deletion>' +
      '</text:changed-region></text:tracked-changes><text:sequence-decls><text:sequence-decl text:name="x"/></text:sequence-decls>' +
      '<text:p>kept<office:annotation><text:p>comment</text:p></office:annotation>' +
      '<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>note</text:p></text:note-body></text:note>' +
      '<draw:frame><draw:image><office:binary-data>iVBORw0KGgo=</office:binary-data></draw:image>' +
      '<svg:title>alt</svg:title></draw:frame></text:p><text:p/><text:p>  </text:p>' +
      '<text:p>boxed<draw:frame><draw:text-box><text:p>in a box</text:p><text:p/></draw:text-box></draw:frame></text:p>'
    expect(buildOdtHtml(odtContent(body))).toBe('<p>kept</p><p>boxed<br />in a box</p>')
  })
})

describe('odtPreview', () => {
  test('an ODT from the generator: heading, list and bold', () => {
    const odt = makeOdt([
      { text: 'Experience', heading: 1 },
      { text: 'Led the platform team', bullet: true },
      { text: 'Shipped', bullet: true, bold: true },
      { text: 'Rust and Go', italic: true },
    ])
    expect(odtPreview(odt)).toEqual({
      kind: 'html',
      html:
        '<h4>Experience</h4><ul><li>Led the platform team</li><li><strong>Shipped</strong></li></ul>' +
        '<p><em>Rust and Go</em></p>',
    })
  })

  test('no HTML preview for a zip bomb, bytes that are no zip, broken XML or no body text', () => {
    const brokenXml = Buffer.from(
      zipSync({ 'content.xml': strToU8('<office:document-content><text:p>') }),
    )
    const noContent = Buffer.from(zipSync({ 'styles.xml': strToU8(odtStyles('')) }))
    for (const bytes of [
      makeZipBomb(),
      new TextEncoder().encode('not a zip'),
      brokenXml,
      noContent,
      makeOdt(['', '  ']),
    ]) {
      expect(odtPreview(bytes)).toEqual({ kind: 'text' })
    }
  })
})
