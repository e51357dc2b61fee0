/**
 * What `npm audit --omit=dev --json` said, reduced to the one decision CI makes:
 * no high or critical finding in what Scout ships.
 */
export type AuditVerdict =
  | { kind: 'clean'; counts: SeverityCounts }
  | { kind: 'findings'; counts: SeverityCounts; packages: string[] }
  /** The registry would not run the audit (this machine's answers 405): nothing was checked. */
  | { kind: 'unavailable'; reason: string }
  | { kind: 'unreadable'; reason: string }

export type SeverityCounts = Record<'info' | 'low' | 'moderate' | 'high' | 'critical', number>

const BLOCKING = new Set(['high', 'critical'])

type AuditReport = {
  metadata?: { vulnerabilities?: Partial<SeverityCounts> }
  vulnerabilities?: Record<string, { severity?: string }>
  statusCode?: number
  message?: string
  error?: { code?: string; summary?: string }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function auditVerdict(stdout: string): AuditVerdict {
  let report: AuditReport
  try {
    const parsed: unknown = JSON.parse(stdout)
    if (!isObject(parsed)) return { kind: 'unreadable', reason: 'npm audit printed no JSON object' }
    report = parsed
  } catch {
    return { kind: 'unreadable', reason: `npm audit printed no JSON: ${stdout.slice(0, 200)}` }
  }
  const found = report.metadata?.vulnerabilities
  if (found) {
    const counts: SeverityCounts = {
      info: found.info ?? 0,
      low: found.low ?? 0,
      moderate: found.moderate ?? 0,
      high: found.high ?? 0,
      critical: found.critical ?? 0,
    }
    const packages = Object.entries(report.vulnerabilities ?? {})
      .filter(([, v]) => BLOCKING.has(v.severity ?? ''))
      .map(([name, v]) => `${name} (${v.severity})`)
    return counts.high + counts.critical > 0
      ? { kind: 'findings', counts, packages }
      : { kind: 'clean', counts }
  }
  if (report.statusCode !== undefined || report.error?.code === 'ENOAUDIT') {
    return { kind: 'unavailable', reason: report.message ?? report.error?.summary ?? 'no reason' }
  }
  return {
    kind: 'unreadable',
    reason: report.message ?? 'npm audit reported no vulnerabilities field',
  }
}
