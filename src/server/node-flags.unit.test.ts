import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { z } from 'zod'
import { SERVER_NODE_FLAGS } from '#tests/support/node-flags.ts'

const scripts = z
  .object({ scripts: z.record(z.string(), z.string()) })
  .parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))).scripts

test.each(['start', 'serve', 'dev:server'])(
  'npm run %s starts the server with its V8 flags',
  (name) => {
    const serverCommand = scripts[name]
      ?.split('&&')
      .find((c) => /(src|dist)\/server\/index\.[jt]s/.test(c))
    for (const flag of SERVER_NODE_FLAGS) expect(serverCommand).toContain(` ${flag} `)
  },
)
