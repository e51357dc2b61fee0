import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { lazyPage } from './lazy-page.tsx'

const Hello = () => <p>Hello</p>

function render(Page: React.ComponentType): string {
  return renderToString(
    <Suspense fallback={<p>Loading</p>}>
      <Page />
    </Suspense>,
  )
}

test('a preloaded page renders at once, without the Suspense fallback', async () => {
  const Page = lazyPage(() => Promise.resolve(Hello))
  await Page.preload()
  const html = render(Page)
  expect(html).toContain('<p>Hello</p>')
  expect(html).not.toContain('Loading')
})

test('a page not loaded yet suspends, as React.lazy does', () => {
  const Page = lazyPage(() => Promise.resolve(Hello))
  const html = render(Page)
  expect(html).toContain('Loading')
  expect(html).not.toContain('Hello')
})
