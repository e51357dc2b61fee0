import { describe, expect, test } from 'vitest'
import { escapeHtml, sanitizePreviewHtml, toPreview } from './preview-html.ts'

// Security rule 20: the allow-list that stands between a file and the page.
describe('sanitizePreviewHtml', () => {
  test('keeps structure: paragraphs, lists, emphasis, tables, quotes, breaks', () => {
    const html =
      '<p><strong>a</strong><em>b</em><u>c</u><br></p><ol><li>d</li></ol>' +
      '<table><thead><tr><th>e</th></tr></thead><tbody><tr><td colspan="2">f</td></tr></tbody></table>' +
      '<blockquote>g</blockquote>'
    expect(sanitizePreviewHtml(html)).toBe(html.replace('<br>', '<br />'))
  })

  test('drops scripts and styles with their content, and images, handlers, styles and ids', () => {
    const html =
      '<script>alert(1)</script><style>p{}</style><img src=x onerror="alert(2)">' +
      '<p onclick="alert(3)" style="color:red" class="x" id="y">text</p><svg><g>svg</g></svg>'
    expect(sanitizePreviewHtml(html)).toBe('<p>text</p>svg')
  })

  test('http(s) links open apart from Scout; other links keep only their text', () => {
    expect(sanitizePreviewHtml('<a href="https://example.com/cv" onclick="x()">site</a>')).toBe(
      '<a href="https://example.com/cv" rel="noopener noreferrer" target="_blank">site</a>',
    )
    expect(sanitizePreviewHtml('<a href="javascript:alert(1)">js</a>')).toBe('js')
    expect(sanitizePreviewHtml('<a href="mailto:dana@example.com">mail</a>')).toBe('mail')
    expect(sanitizePreviewHtml('<a href="//evil.example">proto</a>')).toBe('proto')
    expect(sanitizePreviewHtml('<a id="_Toc1"></a>')).toBe('')
  })

  test('security rule 48: a dropped link closes, so the next link holds only its own text', () => {
    const html =
      '<p>Mail <a href="mailto:dana@example.com">dana@example.com</a>, profile ' +
      '<a href="https://www.linkedin.com/in/dana">LinkedIn</a>.</p><p>Experience</p>' +
      '<p><a href="javascript:alert(1)"><strong>js</strong></a> <a id="_Toc1"></a>' +
      '<a href="http://example.com/a">a</a> then <a href="#x">b</a> <a href="https://example.com/c">c</a></p>' +
      '<p>The end</p>'
    const link = (href: string, text: string) =>
      `<a href="${href}" rel="noopener noreferrer" target="_blank">${text}</a>`
    expect(sanitizePreviewHtml(html)).toBe(
      `<p>Mail dana@example.com, profile ${link('https://www.linkedin.com/in/dana', 'LinkedIn')}.</p>` +
        '<p>Experience</p>' +
        `<p><strong>js</strong> ${link('http://example.com/a', 'a')} then b ${link('https://example.com/c', 'c')}</p>` +
        '<p>The end</p>',
    )
  })

  test('headings move under the detail view’s own (h1 → h4, deeper ones stop at h6)', () => {
    expect(sanitizePreviewHtml('<h1>a</h1><h2>b</h2><h3>c</h3><h6>d</h6>')).toBe(
      '<h4>a</h4><h5>b</h5><h6>c</h6><h6>d</h6>',
    )
  })
})

describe('escapeHtml and toPreview', () => {
  test('text from a file is inert: markup characters and both quotes are escaped', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & co`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; co',
    )
  })

  test('an empty body has no HTML preview, only its text', () => {
    expect(toPreview('<p>  </p><img src=x>')).toEqual({ kind: 'text' })
    expect(toPreview('<h1>a</h1>')).toEqual({ kind: 'html', html: '<h4>a</h4>' })
  })
})
