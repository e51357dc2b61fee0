/**
 * `npm test`: every check, with stages that can overlap run side by side, and
 * each stage's time printed at the end. A failing stage fails the run; the others still finish,
 * so one run shows every failure.
 *
 *   Stage 1: ESLint ‖ Prettier ‖ import rules ‖ typecheck ‖ client build   (independent)
 *   Stage 2: unit and API tests (Vitest)           (CPU-bound: alone, so its timings hold)
 *   Stage 3: browser journeys
 *   Stage 4: fault tests (two files at a time, vitest.config.ts)
 *
 * The fault tests' restarts (three servers started at once, ten times; kill -9 twenty times) fight
 * whatever else runs beside them on a 2-core machine. Beside the journeys, 11 of 62 journeys timed out;
 * beside Vitest, both took longer together (792 s and 477 s) than one after the other (424 s and
 * 167 s), and the kill test came within 8 s of its 300 s limit.
 */
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { formatSummary, type StageResult } from './test-all/summary.ts'

type Stage = { name: string; command: string }

const KEPT_LINES = 2000

const STAGES: Stage[][] = [
  [
    // The three parts of `npm run lint`, side by side: one after the other, ESLint's 60 s
    // (one core) plus Prettier's 15 s kept the stage running long after the others had finished.
    { name: 'eslint', command: 'npm run lint:code' },
    { name: 'prettier', command: 'npm run lint:format' },
    { name: 'imports', command: 'npm run lint:imports' },
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'build', command: 'npm run build' },
  ],
  [{ name: 'vitest', command: 'npx vitest run --project unit --project "api-*"' }],
  [{ name: 'e2e', command: 'node --import tsx scripts/run-e2e.ts' }],
  [{ name: 'faults', command: 'npx vitest run --project faults' }],
]

const { values } = parseArgs({ options: { help: { type: 'boolean' } } })
if (values.help) {
  console.log('Usage: npm test   (runs lint, typecheck, build, Vitest, Playwright and fault tests)')
  process.exit(0)
}

const load = () => loadavg()[0] ?? 0

function run({ name, command }: Stage): Promise<StageResult> {
  const started = Date.now()
  const loadAtStart = load()
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const prefix = `[${name}] `
    const kept: string[] = [] // the stage's last lines, for the failure excerpt at the end
    const relay = (out: NodeJS.WriteStream) => {
      let partial = ''
      return (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n')
        partial = lines.pop() ?? ''
        for (const line of lines) out.write(`${prefix}${line}\n`)
        kept.push(...lines)
        if (kept.length > KEPT_LINES) kept.splice(0, kept.length - KEPT_LINES)
      }
    }
    child.stdout.on('data', relay(process.stdout))
    child.stderr.on('data', relay(process.stderr))
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000
      resolve({
        name,
        ok: code === 0,
        seconds,
        lines: kept,
        load: { start: loadAtStart, end: load() },
      })
    })
  })
}

const results: StageResult[] = []
const started = Date.now()
const loadAtStart = load()
for (const group of STAGES) results.push(...(await Promise.all(group.map(run))))
console.log(
  formatSummary(results, (Date.now() - started) / 1000, { start: loadAtStart, end: load() }),
)
process.exit(results.every((r) => r.ok) ? 0 : 1)
