import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { CONFIG_DOCS } from './config-docs.ts'

// The README's configuration table is what a newcomer reads; it must list exactly the variables
// config.ts reads, with the same defaults.
test('the README configuration table matches CONFIG_DOCS', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const table = /<!-- config-table:start -->([\s\S]*?)<!-- config-table:end -->/.exec(readme)?.[1]
  expect(table, 'README.md lost its config-table markers').toBeDefined()
  const rows = (table ?? '')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [name = '', fallback = ''] = line.split('|').slice(1, 3)
      return { name: name.trim().replaceAll('`', ''), default: fallback.trim().replaceAll('`', '') }
    })
  expect(rows).toEqual(
    CONFIG_DOCS.map(({ name, default: fallback }) => ({ name, default: fallback })),
  )
})
