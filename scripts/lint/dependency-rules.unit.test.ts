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

  test('a client feature importing another feature fails', async () => {
    expect(
      await violations({
        'src/client/features/tags/tags-page.tsx':
          "import { x } from '../talents/form/x.ts'\nexport const y = x\n",
        'src/client/features/talents/form/x.ts': 'export const x = 1\n',
      }),
    ).toEqual(['client-feature-imports-no-other-feature'])
  })

  test('a client feature building on its own rooms, lib/ and components/ passes', async () => {
    expect(
      await violations({
        'src/client/features/talents/list/a.ts':
          "import { b } from '../form/b.ts'\nimport { c } from '../../../lib/c.ts'\nimport { d } from '../../../components/ui/d.ts'\nexport const a = b + c + d\n",
        'src/client/features/talents/form/b.ts': 'export const b = 1\n',
        'src/client/lib/c.ts': 'export const c = 1\n',
        'src/client/components/ui/d.ts': 'export const d = 1\n',
      }),
    ).toEqual([])
  })

  test('a client feature importing app/ or an entry file fails', async () => {
    expect(
      await violations({
        'src/client/features/auth/a.ts':
          "import { b } from '../../app/b.ts'\nimport { c } from '../../main.tsx'\nexport const a = b + c\n",
        'src/client/app/b.ts': 'export const b = 1\n',
        'src/client/main.tsx': 'export const c = 1\n',
      }),
    ).toEqual(['client-feature-imports-no-app', 'client-feature-imports-no-app'])
  })

  test('lib/, components/ or boot/ importing a feature or app/ fails', async () => {
    expect(
      await violations({
        'src/client/lib/a.ts': "import { x } from '../features/talents/x.ts'\nexport const a = x\n",
        'src/client/components/layout/b.tsx':
          "import { x } from '../../features/talents/x.ts'\nexport const b = x\n",
        'src/client/boot/c.ts': "import { y } from '../app/y.ts'\nexport const c = y\n",
        'src/client/features/talents/x.ts': 'export const x = 1\n',
        'src/client/app/y.ts': 'export const y = 1\n',
      }),
    ).toEqual([
      'client-shared-imports-no-feature',
      'client-shared-imports-no-feature',
      'client-shared-imports-no-feature',
    ])
  })

  test('app/ composing features passes', async () => {
    expect(
      await violations({
        'src/client/app/page.tsx':
          "import { a } from '../features/talents/a.ts'\nimport { b } from '../features/cvs/b.ts'\nexport const page = a + b\n",
        'src/client/features/talents/a.ts': 'export const a = 1\n',
        'src/client/features/cvs/b.ts': 'export const b = 1\n',
      }),
    ).toEqual([])
  })

  test('a client folder named none of the layers fails', async () => {
    expect(
      await violations({
        'src/client/app/app.tsx': "import { x } from '../widgets/x.ts'\nexport const y = x\n",
        'src/client/widgets/x.ts': 'export const x = 1\n',
      }),
    ).toEqual(['client-folders-known'])
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
