/**
 * Export of 100,000 talents — CSV ≤ 10 s, XLSX ≤ 30 s, memory flat — and
 * Security rule 31's 100 ms: the longest event-loop stall of the server while it exports.
 *
 *   npm run bench:export -- --engine pglite       (DATA_DIR /tmp/export-bench unless given)
 *   npm run bench:export -- --engine postgres     (database export18, created if missing)
 *   options: --talents N (default 100000), --runs N (default 1, per format)
 *
 * The server runs as its own process with the loop-delay probe (bench/lib/loop-delay.ts), which
 * reports its event-loop gaps and its peak RSS and V8 heap for each export. "Flat" here: the peak
 * RSS during an export is at most FLAT_MB above the server's RSS before the first one.
 */
import { EXPORT_FORMATS, type ExportFormat } from '../src/shared/talent-export.ts'
import { parseCommonArgs, type BenchTarget } from './lib/cli.ts'
import { prepareDatabase } from './lib/database.ts'
import { loadAverage } from './lib/report.ts'
import { signIn, startServer, type RunningServer } from './lib/server.ts'

const BUDGET_S: Record<ExportFormat, number> = { csv: 10, xlsx: 30 }
const STALL_BUDGET_MS = 100
const FLAT_MB = 100

function exportTarget(argv: string[]): BenchTarget {
  const { target } = parseCommonArgs(argv)
  const explicit = argv.includes('--data-dir') || argv.includes('--database-url')
  if (explicit) return target
  if (target.engine === 'pglite') {
    return { engine: 'pglite', dataDir: process.env.DATA_DIR ?? '/tmp/export-bench' }
  }
  return {
    engine: 'postgres',
    url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/export18',
  }
}

type Run = {
  format: ExportFormat
  status: number
  rows: string
  mb: number
  firstByteMs: number
  seconds: number
  stallMs: number
  rssMaxMb: number
  heapMaxMb: number
  cpu: number
}

async function exportOnce(
  server: RunningServer,
  token: string,
  format: ExportFormat,
): Promise<Run> {
  await server.loopDelay() // a new window: this export alone
  const started = performance.now()
  const response = await fetch(`${server.url}/api/talents/export?format=${format}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  })
  let firstByteMs = 0
  let bytes = 0
  const reader = response.body?.getReader()
  for (;;) {
    const chunk = await reader?.read()
    if (!chunk || chunk.done) break
    if (bytes === 0) firstByteMs = performance.now() - started
    bytes += chunk.value.byteLength
  }
  const seconds = (performance.now() - started) / 1000
  const loop = await server.loopDelay()
  return {
    format,
    status: response.status,
    rows: response.headers.get('x-total-count') ?? '?',
    mb: bytes / 1024 / 1024,
    firstByteMs,
    seconds,
    stallMs: loop.max,
    rssMaxMb: loop.rssMaxMb,
    heapMaxMb: loop.heapMaxMb,
    cpu: loop.cpu,
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const { talents } = parseCommonArgs(argv)
  // One export per format unless --runs says more (the shared default of 5 is for latency runs).
  const runs = argv.includes('--runs') ? parseCommonArgs(argv).runs : 1
  const target = exportTarget(argv)
  console.log(`bench:export on ${target.engine}: ${talents.toLocaleString('en')} talents`)
  const present = await prepareDatabase(target, talents)
  const server = await startServer(target, { loopDelay: true })
  const results: Run[] = []
  let baseline = 0
  try {
    const { token } = await signIn(server.url)
    // Warm-up: the first request of a fresh process compiles its code paths.
    await fetch(`${server.url}/api/talents?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
    await new Promise((r) => setTimeout(r, 500))
    baseline = (await server.loopDelay()).rssMaxMb
    for (let i = 0; i < runs; i++) {
      for (const format of EXPORT_FORMATS) results.push(await exportOnce(server, token, format))
    }
  } finally {
    await server.stop()
  }
  console.log(
    `\n${present.toLocaleString('en')} talents in the database; load average ${loadAverage()}`,
  )
  console.log(`server RSS before the exports: ${baseline.toFixed(0)} MB`)
  let pass = true
  for (const r of results) {
    const ok =
      r.status === 200 &&
      r.seconds <= BUDGET_S[r.format] &&
      r.stallMs <= STALL_BUDGET_MS &&
      r.rssMaxMb - baseline <= FLAT_MB
    pass &&= ok
    console.log(
      `${r.format.toUpperCase().padEnd(4)} ${r.status} ${r.rows} rows, ${r.mb.toFixed(1)} MB in ` +
        `${r.seconds.toFixed(2)} s (budget ${BUDGET_S[r.format]} s), first byte ${r.firstByteMs.toFixed(0)} ms; ` +
        `longest loop stall ${r.stallMs.toFixed(0)} ms (budget ${STALL_BUDGET_MS}); ` +
        `peak RSS ${r.rssMaxMb.toFixed(0)} MB (+${(r.rssMaxMb - baseline).toFixed(0)}, flat ≤ +${FLAT_MB}), ` +
        `peak heap ${r.heapMaxMb.toFixed(0)} MB; server CPU ${r.cpu.toFixed(0)} % → ${ok ? 'PASS' : 'FAIL'}`,
    )
  }
  console.log(pass ? 'PASS' : 'FAIL')
  process.exitCode = pass ? 0 : 1
}

await main()
