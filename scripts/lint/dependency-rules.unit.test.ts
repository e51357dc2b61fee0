import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser'
import { afterAll, describe, expect, test } from 'vitest'

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[]
}

const made: string[] = []
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))))

/** The rule names `npm run lint:imports` reports for a small tree of files (path → source). */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = await mkdtemp(join(tmpdir(), 'scout-depcruise-'))
  made.push(root)
  for (const [path, source] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), source)
  }
  const { output } = await cruise(['src'], {
    baseDir: root,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
  })
  const result = output as ICruiseResult
  return result.summary.violations.map((violation) => violation.rule.name).sort()
}

describe('the import rules of npm run lint:imports', () => {
  test('server platform code importing a feature fails', async () => {
    expect(
      await violations({
        'src/server/db/helper.ts': "import { x } from '../talents/x.ts'\nexport const y = x\n",
        'src/server/talents/x.ts': 'export const x = 1\n',
      }),
    ).toEqual(['server-platform-imports-no-feature'])
  })

  test('a feature building on the platform passes', async () => {
    expect(
      await violations({
        'src/server/talents/x.ts': "import { y } from '../db/helper.ts'\nexport const x = y\n",
        'src/server/db/helper.ts': 'export const y = 1\n',
      }),
    ).toEqual([])
  })

  test('plumbing at the server root importing a feature fails', async () => {
    expect(
      await violations({
        'src/server/config.ts': "import { x } from './auth/x.ts'\nexport const y = x\n",
        'src/server/auth/x.ts': 'export const x = 1\n',
      }),
    ).toEqual(['server-plumbing-imports-no-feature'])
  })

  test('a server folder named neither platform nor feature fails', async () => {
    expect(
      await violations({
        'src/server/app.ts': "import { x } from './somewhere/x.ts'\nexport const y = x\n",
        'src/server/somewhere/x.ts': 'export const x = 1\n',
      }),
    ).toEqual(['server-folders-known'])
  })

  test('an import circle fails', async () => {
    expect(
      await violations({
        'src/server/db/a.ts': "import { b } from './b.ts'\nexport const a = () => b\n",
        'src/server/db/b.ts': "import { a } from './a.ts'\nexport const b = () => a\n",
      }),
    ).toEqual(['no-circular'])
  })
})
