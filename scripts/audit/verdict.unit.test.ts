import { describe, expect, test } from 'vitest'
import { auditVerdict } from './verdict.ts'

// Shapes copied from npm 11's `npm audit --json`.
const report = (counts: Record<string, number>, vulnerabilities: Record<string, unknown> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts },
    },
  })

describe('auditVerdict', () => {
  test('no finding, or only low and moderate ones, passes', () => {
    expect(auditVerdict(report({})).kind).toBe('clean')
    expect(auditVerdict(report({ low: 2, moderate: 1 })).kind).toBe('clean')
  })

  test('a high or critical finding fails and names the package', () => {
    const verdict = auditVerdict(
      report(
        { high: 1, moderate: 1 },
        { fastify: { severity: 'high' }, 'some-dep': { severity: 'moderate' } },
      ),
    )
    expect(verdict).toMatchObject({ kind: 'findings', packages: ['fastify (high)'] })
    expect(auditVerdict(report({ critical: 1 })).kind).toBe('findings')
  })

  test("the registry's refusal is reported as not checked, not as clean", () => {
    const refused = JSON.stringify({
      message:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    })
    const verdict = auditVerdict(refused)
    expect(verdict.kind).toBe('unavailable')
    expect(verdict.kind === 'unavailable' && verdict.reason).toMatch(/^405 Method Not Allowed/)
  })

  test('anything else is unreadable, which fails', () => {
    expect(auditVerdict('npm ERR! something').kind).toBe('unreadable')
    expect(auditVerdict('[]').kind).toBe('unreadable')
    expect(auditVerdict('{}').kind).toBe('unreadable')
  })
})
