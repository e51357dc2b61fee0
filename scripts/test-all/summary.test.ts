import { describe, expect, it } from 'vitest'
import { formatSummary } from './summary.ts'

describe('formatSummary (issue 14 item 9: each stage’s time printed at the end)', () => {
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

  it('says all stages passed when they did', () => {
    expect(formatSummary([{ name: 'vitest', ok: true, seconds: 1 }], 1)).toContain(
      'all stages passed',
    )
  })
})
