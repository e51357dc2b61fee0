/**
 * `npm run audit` (run by .ci/run): fails when a package Scout ships has a high or critical
 * advisory. When the registry will not answer audits at all, it says so loudly and
 * passes: there is nothing to judge, and failing would only block every build on that machine.
 */
import { spawnSync } from 'node:child_process'
import { auditVerdict } from './audit/verdict.ts'

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' })
const verdict = auditVerdict(result.stdout)
switch (verdict.kind) {
  case 'clean':
    console.log(`npm audit: no high or critical finding (${JSON.stringify(verdict.counts)})`)
    break
  case 'findings':
    console.error(`npm audit: high or critical findings in ${verdict.packages.join(', ')}`)
    process.exitCode = 1
    break
  case 'unavailable':
    console.warn(`npm audit: NOT CHECKED — the registry refused the audit: ${verdict.reason}`)
    break
  case 'unreadable':
    console.error(`npm audit: unexpected output — ${verdict.reason}`)
    process.exitCode = 1
    break
}
