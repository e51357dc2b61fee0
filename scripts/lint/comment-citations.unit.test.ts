import { ESLint, Linter } from 'eslint'
import { describe, expect, test } from 'vitest'
import { commentCitations } from './comment-citations.js'

const linter = new Linter({ configType: 'flat' })
const config: Linter.Config = {
  plugins: { scout: { rules: { 'comment-citations': commentCitations } } },
  rules: { 'scout/comment-citations': 'error' },
}
const problems = (code: string) => linter.verify(code, config).map((problem) => problem.message)

describe('comments cite the repository, or nothing', () => {
  test.each([
    ['// Issue 20: a second factor may be due.', /issue number/],
    ['/** The quick search (issue 17 item 4). */', /issue number/],
    ['// see SECURITY.md 41', /outside the repository/],
    ['/* STACK.md "Measured facts" */', /outside the repository/],
    ['// as ../shared/spec/talent-pool-spec.md says', /outside the repository/],
    ['// measured at load 7 (docs/performance.md, stop 33)', /work session/],
  ])('refuses %s', (code, message) => {
    expect(problems(`${code}\nexport const x = 1\n`)).toEqual([expect.stringMatching(message)])
  })

  test.each([
    '// Security rule 41: no upload can end the server.',
    '// docs/decisions/017-sign-in-before-the-app.md',
    "/** 'sessions:seen:7=1795…': session 7 was last seen then. */",
    '// tissue 3 is not an issue',
  ])('accepts %s', (code) => {
    expect(problems(`${code}\nexport const x = 1\n`)).toEqual([])
  })

  test('the project config turns it on for the code, the tests and the scripts', async () => {
    const eslint = new ESLint()
    for (const file of ['src/server/app.ts', 'src/client/main.tsx', 'tests/e2e/sign-in.spec.ts']) {
      const rules = ((await eslint.calculateConfigForFile(file)) as Linter.Config).rules ?? {}
      expect(rules['scout/comment-citations'], file).toEqual([2])
    }
  })
})
