import { describe, expect, it } from 'vitest'
import { withBootAfterPaint } from './boot-after-paint.ts'

const BUILT = `<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head><body><div id="root">drawn</div></body>`

describe('withBootAfterPaint', () => {
  it('names one script instead of the entry and its preloads, deferred by default', () => {
    const html = withBootAfterPaint(BUILT, '/assets/boot-x.js')
    expect(html).toContain(
      '<script defer src="/assets/boot-x.js" data-entry="/assets/index-a.js" data-preload="/assets/react-b.js"></script>',
    )
    expect(html).not.toContain('modulepreload')
    expect(html).not.toContain('type="module"')
  })

  it("decision 017: /login's runs before the first paint, ahead of the stylesheet", () => {
    const html = withBootAfterPaint(BUILT, '/assets/boot-x.js', { beforePaint: true })
    const tag = /<script[^>]*>/.exec(html)?.[0] ?? ''
    expect(tag).toMatch(/^<script src="\/assets\/boot-x\.js"/)
    expect(tag).not.toMatch(/\b(defer|async|type="module")\b/)
    expect(html.indexOf(tag)).toBeLessThan(html.indexOf('rel="stylesheet"'))
  })
})
