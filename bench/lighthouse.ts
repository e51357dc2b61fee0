/**
 * Lighthouse's performance score for /login and /dashboard, on mobile (its
 * default: a mid-range phone, 4× CPU slowdown, slow 4G) and desktop, at 100,000 talents. Goals:
 * ≥ 95 on mobile and 100 on desktop. Each page and form factor runs --runs times (default 3) in a
 * fresh Chromium; the median score and metrics are printed. Exit code 1 when a goal is missed.
 *
 *   npm run bench:lighthouse -- --engine postgres|pglite [--talents 100000] [--runs 3] [--build]
 *     [--only /dashboard] [--reports DIR]
 *
 * `--only` measures one page; `--reports` keeps each run's whole Lighthouse report (JSON) in
 * DIR, for what the score does not say: the LCP element, the requests' timing, the long tasks.
 *
 * Lighthouse (186 MB, 201 packages) is fetched by npx on first use, pinned below, rather than
 * installed with Scout: no test needs it, and every `npm install` and CI run would pay for it.
 * The browser is CHROMIUM_PATH or /usr/bin/chromium (the full browser: its headless mode is the
 * one Lighthouse expects).
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { SESSION_COOKIE } from '#shared/auth.ts'
import { ensureClientBuilt } from './lib/client-build.ts'
import { parseCommonArgs } from './lib/cli.ts'
import { prepareDatabase } from './lib/database.ts'
import { loadAverage, markdownTable } from './lib/report.ts'
import { signIn, startServer } from './lib/server.ts'

const LIGHTHOUSE = 'lighthouse@12.8.2'
const GOALS = { mobile: 95, desktop: 100 } as const
type FormFactor = keyof typeof GOALS
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'speed-index': 'SI',
  'cumulative-layout-shift': 'CLS',
} as const

type Report = {
  categories: { performance: { score: number | null } }
  audits: Record<string, { numericValue?: number }>
  runtimeError?: { message: string }
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const DEBUGGING_PORT = 9333

function lighthouseArgs(url: string, formFactor: FormFactor): string[] {
  return [
    '--yes',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance',
    // Its full-page screenshot is no part of the score, and with Chromium 156 headless it timed
    // out in Runtime.evaluate on this machine, failing the whole run (PROTOCOL_TIMEOUT).
    '--disable-full-page-screenshot',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ]
}

const argv = process.argv.slice(2)
const valueOf = (flag: string) => {
  const at = argv.indexOf(flag)
  return at >= 0 ? argv[at + 1] : undefined
}
const REPORTS_DIR = valueOf('--reports')
const ONLY_PAGE = valueOf('--only')
let reportsKept = 0

function lighthouse(args: string[]): Report {
  const result = spawnSync('npx', args, {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, CHROME_PATH: CHROMIUM },
  })
  if (result.status !== 0) throw new Error(`lighthouse failed: ${result.stderr.slice(-2000)}`)
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true })
    const name = `${++reportsKept}-${new URL(args[2] ?? '').pathname.slice(1)}.json`
    writeFileSync(path.join(REPORTS_DIR, name), result.stdout)
  }
  const report = JSON.parse(result.stdout) as Report
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`)
  return report
}

/** A page opened as a visitor opens it: Lighthouse starts its own Chromium with empty storage. */
function runSignedOut(url: string, formFactor: FormFactor): Report {
  return lighthouse([
    ...lighthouseArgs(url, formFactor),
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ])
}

async function waitForDebugger(port: number): Promise<void> {
  const deadline = Date.now() + 15_000
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Chromium did not open port ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * A page opened as a signed-in person opens it: the client keeps its session token in
 * localStorage (spec section 3), and a page without one goes to /login before asking the server
 * anything. Earlier, this bench sent only the session cookie, so its "/dashboard" figures
 * were the redirect to /login. Each run gets a fresh Chromium and profile whose only state is the
 * token and the session cookie (set on /api/health, so no page code is cached), and Lighthouse
 * keeps that storage.
 */
async function runSignedIn(url: string, formFactor: FormFactor, token: string): Promise<Report> {
  const profile = mkdtempSync(path.join(tmpdir(), 'scout-lighthouse-'))
  const browser = spawn(CHROMIUM, [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    `--remote-debugging-port=${DEBUGGING_PORT}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ])
  try {
    await waitForDebugger(DEBUGGING_PORT)
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUGGING_PORT}`)
    const context = cdp.contexts()[0]
    if (context === undefined) throw new Error('Chromium opened no browser context')
    const page = await context.newPage()
    await page.goto(new URL('/api/health', url).href)
    await page.evaluate((value) => localStorage.setItem('authToken', value), token)
    // A browser that signed in holds the session cookie too (security rule 10): with it the server
    // sends /dashboard with its frame drawn. Earlier, this bench left it out.
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url }])
    await page.close()
    // Disconnects only (this process did not launch it). Connected, Playwright would hold every
    // tab Lighthouse opens at its start while spawnSync blocks this process: "Target closed".
    await cdp.close()
    await waitForDebugger(DEBUGGING_PORT)
    return lighthouse([
      ...lighthouseArgs(url, formFactor),
      `--port=${DEBUGGING_PORT}`,
      '--disable-storage-reset',
    ])
  } finally {
    const exited = new Promise((resolve) => browser.once('exit', resolve))
    if (browser.exitCode === null && browser.signalCode === null) browser.kill('SIGKILL')
    await exited
    // Chromium may still be writing its profile as it dies: a folder left in /tmp is no failure.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
    } catch {
      console.warn(`  could not remove ${profile}`)
    }
  }
}

/**
 * Lighthouse sometimes fails to record a run's trace with a fresh Chromium on this machine
 * ("Something went wrong with recording the trace … Please run Lighthouse again.", NO_NAVSTART:
 * twice in ten signed-in runs). Such a run measured nothing, so it is run again, at most
 * twice; any other failure stops the bench.
 */
async function withRetries(run: () => Promise<Report>): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      const again = error instanceof Error && error.message.includes('Please run Lighthouse again')
      if (!again || attempt === 3) throw error
      console.warn(`  run ${attempt} recorded no trace; running it again`)
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN
}

function metric(reports: Report[], id: keyof typeof METRICS): string {
  const value = median(reports.map((report) => report.audits[id]?.numericValue ?? NaN))
  return id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`
}

async function main(): Promise<void> {
  const common = parseCommonArgs(argv)
  const talents = argv.includes('--talents') ? common.talents : 100_000
  const runs = argv.includes('--runs') ? common.runs : 3
  ensureClientBuilt(common.build)
  await prepareDatabase(common.target, talents)
  const server = await startServer(common.target)
  let missed = false
  try {
    const { token } = await signIn(server.url)
    const pages = [
      { path: '/login', token: undefined },
      { path: '/dashboard', token },
    ].filter((page) => ONLY_PAGE === undefined || page.path === ONLY_PAGE)
    console.log(
      `bench:lighthouse (${LIGHTHOUSE}) on ${common.target.engine}, ${talents} talents, ${runs} runs each, load average ${loadAverage()}`,
    )
    const rows: string[][] = []
    for (const page of pages) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const reports: Report[] = []
        for (let run = 0; run < runs; run++) {
          const url = `${server.url}${page.path}`
          const token = page.token
          reports.push(
            await withRetries(() =>
              token === undefined
                ? Promise.resolve(runSignedOut(url, formFactor))
                : runSignedIn(url, formFactor, token),
            ),
          )
        }
        const scores = reports.map((report) =>
          Math.round((report.categories.performance.score ?? 0) * 100),
        )
        const score = median(scores)
        const met = score >= GOALS[formFactor]
        missed ||= !met
        rows.push([
          page.path,
          formFactor,
          `${score} (${scores.join(', ')})`,
          ...Object.keys(METRICS).map((id) => metric(reports, id as keyof typeof METRICS)),
          `≥ ${GOALS[formFactor]} ${met ? 'met' : 'MISSED'}`,
        ])
      }
    }
    console.log(
      markdownTable(
        ['page', 'form factor', 'score (runs)', ...Object.values(METRICS), 'goal'],
        rows,
      ),
    )
  } finally {
    await server.stop()
  }
  process.exit(missed ? 1 : 0)
}

await main()
