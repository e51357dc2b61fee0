import { describe, expect, it } from 'vitest'
import { failureExcerpt, formatSummary } from './summary.ts'

describe('formatSummary: each stage’s time printed at the end', () => {
  it('lists each stage with its verdict and time, and names the failures', () => {
    const text = formatSummary(
      [
        { name: 'lint', ok: true, seconds: 31.24 },
        { name: 'e2e', ok: false, seconds: 250 },
      ],
      300.04,
    )
    expect(text).toContain('lint   passed  31.2 s')
    expect(text).toContain('e2e    FAILED  250.0 s')
    expect(text).toContain('FAILED: e2e  300.0 s (wall)')
  })

  it('prints the load average at each stage’s start and end beside its time', () => {
    const text = formatSummary(
      [{ name: 'vitest', ok: true, seconds: 576, load: { start: 2.04, end: 3.46 } }],
      600,
      { start: 1.5, end: 3.46 },
    )
    expect(text).toContain('vitest  passed  576.0 s  (load 2.0 → 3.5)')
    expect(text).toContain('600.0 s (wall)  (load 1.5 → 3.5)')
  })

  it('says all stages passed when they did', () => {
    expect(formatSummary([{ name: 'vitest', ok: true, seconds: 1 }], 1)).toContain(
      'all stages passed',
    )
  })
})

describe('failureExcerpt (a failure stays in sight at the end of the CI log)', () => {
  it('starts at the failure report and drops the colour codes', () => {
    const lines = [
      ' ✓ a passing test',
      '\u001b[31m⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯\u001b[39m',
      ' FAIL  api-pglite  src/server/x.test.ts > it does a thing',
      'AssertionError: expected 1 to be 2',
    ]
    expect(failureExcerpt(lines)).toEqual([
      '⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯',
      ' FAIL  api-pglite  src/server/x.test.ts > it does a thing',
      'AssertionError: expected 1 to be 2',
    ])
  })

  it("starts at Playwright's first failure, with its error", () => {
    const lines = [
      '  ✘  17 [chromium] › a.spec.ts:39:1 › merges (17.8s)',
      '  1) [chromium] › a.spec.ts:39:1 › merges ',
      '    Error: expect(locator).toBeEnabled() failed',
      '  1 failed',
    ]
    expect(failureExcerpt(lines)).toEqual(lines.slice(1))
  })

  it('falls back to the last lines, at most 40, when there is no report heading', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`)
    const excerpt = failureExcerpt(lines)
    expect(excerpt).toHaveLength(40)
    expect(excerpt.at(-1)).toBe('line 99')
  })

  it('is printed before the stage times for each failed stage only', () => {
    const text = formatSummary(
      [
        { name: 'vitest', ok: false, seconds: 1, lines: ['Failed Tests 1', 'boom'] },
        { name: 'e2e', ok: true, seconds: 1, lines: ['fine'] },
      ],
      2,
    )
    expect(text).toContain('What vitest said about its failure:\n  Failed Tests 1\n  boom')
    expect(text).not.toContain('fine')
    expect(text.indexOf('boom')).toBeLessThan(text.indexOf('Stage times:'))
  })
})
