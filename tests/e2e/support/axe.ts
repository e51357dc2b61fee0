import type { Page } from '@playwright/test'
import axe, { type AxeResults, type RunOptions } from 'axe-core'

type Scope = { include?: string; tags?: string[]; rules?: string[] }

/**
 * Runs axe-core on the page as it is now and returns its violations only (axe then keeps one node
 * per passed rule instead of all of them).
 *
 * axe is injected once per loaded document and then run in place. @axe-core/playwright's builder
 * injected its 600 KB source twice per run and finished each run in a new blank page: about 1 s a
 * run even on the 404 page (docs/decisions/009-test-run-time.md). Scout renders no iframes, so the
 * top document is everything on screen.
 */
export async function runAxe(page: Page, { include, tags, rules }: Scope): Promise<AxeResults> {
  // page.evaluate runs outside the page's Content Security Policy, which refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const runOnly: RunOptions['runOnly'] = rules
    ? { type: 'rule', values: rules }
    : tags
      ? { type: 'tag', values: tags }
      : undefined
  const options: RunOptions = { resultTypes: ['violations'], ...(runOnly ? { runOnly } : {}) }
  return page.evaluate(
    ({ include, options }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe
      return inPage.run(include ? { include: [include] } : document, options)
    },
    { include, options },
  )
}
