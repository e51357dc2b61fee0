/**
 * JavaScript size benchmark: builds the client, starts the server on the
 * bench database, and opens each route in a fresh Chromium context (signed in through the API,
 * except /login). It sums the gzip size of every JS response the route loads on that first visit,
 * computed here from the decoded bodies (gzip -9), so the figure does not depend on how the
 * server encodes. Exits 1 over budget or when Recharts reaches /login or /dashboard.
 *
 *   npm run bench:size [-- --reuse-build] [--engine pglite|postgres] [--talents 1000]
 *
 * /login is counted until its form shows; the dashboard code it preloads while the person types
 * (src/client/app/preload-dashboard.ts) is reported on its own line, without a budget.
 */
import type { Browser } from 'playwright-core'
import { launchChromium } from './lib/browser.ts'
import { ensureClientBuilt } from './lib/client-build.ts'
import { parseCommonArgs } from './lib/cli.ts'
import { prepareDatabase } from './lib/database.ts'
import { loadAverage, machine, markdownTable, writeResults } from './lib/report.ts'
import {
  markFirstHeading,
  recordScripts,
  requestedBeforeHeading,
  sumGzip,
  type Script,
} from './lib/scripts.ts'
import { signIn, startServer } from './lib/server.ts'

const KIB = 1024

/**
 * Each route, the heading that says it has rendered, its budget, and whether it must stay free of
 * the charts library (heavy features in their own chunks).
 */
const ROUTES = [
  { path: '/login', heading: 'Scout', budgetKiB: 150, noCharts: true },
  { path: '/dashboard', heading: 'Talent Dashboard', budgetKiB: 250, noCharts: true },
  { path: '/dashboard/users', heading: 'User Management', noCharts: false },
  { path: '/dashboard/tags', heading: 'Tags', noCharts: false },
  { path: '/dashboard/reports', heading: 'Reports', noCharts: false },
  { path: '/dashboard/settings', heading: 'Settings', noCharts: false },
] as const

type RouteSpec = { path: string; heading: string; budgetKiB?: number; noCharts: boolean }

type RouteResult = {
  route: string
  budgetKiB: number | undefined
  noCharts: boolean
  scripts: Script[]
  gzip: number
  raw: number
}

/**
 * bench:size needs a signed-in session, not a big pool: 1,000 talents unless told otherwise, and on
 * PGlite a folder of its own, so it never tops up the 100,000-talent bench database with other data.
 */
function readArgs(argv: string[]) {
  const rest = argv.filter((a) => a !== '--reuse-build')
  const given = (name: string) => rest.some((a) => a === name || a.startsWith(`${name}=`))
  if (!given('--engine')) rest.push('--engine', 'pglite')
  if (!given('--talents')) rest.push('--talents', '1000')
  if (!given('--data-dir') && process.env.DATA_DIR === undefined) {
    rest.push('--data-dir', '/tmp/scout-bench-size')
  }
  return { ...parseCommonArgs(rest), reuseBuild: argv.includes('--reuse-build') }
}

function result(route: string, spec: Omit<RouteSpec, 'path' | 'heading'>, scripts: Script[]) {
  const sorted = [...scripts].sort((a, b) => b.gzip - a.gzip)
  const raw = scripts.reduce((sum, s) => sum + s.raw, 0)
  const out: RouteResult = {
    route,
    budgetKiB: spec.budgetKiB,
    noCharts: spec.noCharts,
    scripts: sorted,
    gzip: sumGzip(scripts),
    raw,
  }
  return out
}

async function visit(
  browser: Browser,
  url: string,
  token: string,
  route: RouteSpec,
): Promise<RouteResult[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    if (route.path !== '/login') {
      await context.addInitScript((value) => localStorage.setItem('authToken', value), token)
    }
    await markFirstHeading(context)
    const page = await context.newPage()
    const recorder = recordScripts(page)
    await page.goto(`${url}${route.path}`)
    await page.getByRole('heading', { name: route.heading, exact: true }).first().waitFor()
    await page.waitForLoadState('networkidle')
    const scripts = await recorder.take()
    if (route.path !== '/login') return [result(route.path, route, scripts)]
    const early = new Set(await requestedBeforeHeading(page))
    const rendered = scripts.filter((s) => early.has(s.path))
    const later = scripts.filter((s) => !early.has(s.path))
    return [
      result(route.path, route, rendered),
      result('/login, then the dashboard preload', { noCharts: true }, later),
    ]
  } finally {
    await context.close()
  }
}

async function main(): Promise<number> {
  const args = readArgs(process.argv.slice(2))
  console.log(`bench:size — ${args.target.engine}`)
  ensureClientBuilt(!args.reuseBuild)
  await prepareDatabase(args.target, args.talents)
  const loadBefore = loadAverage()
  const server = await startServer(args.target)
  const results: RouteResult[] = []
  let browser: Browser | undefined
  try {
    const { token } = await signIn(server.url)
    browser = await launchChromium()
    for (const route of ROUTES) results.push(...(await visit(browser, server.url, token, route)))
  } finally {
    await browser?.close()
    await server.stop()
  }
  return report(results, loadBefore)
}

function verdict(r: RouteResult): { budget: string; pass: boolean | undefined; why: string } {
  const charts = r.noCharts && r.scripts.some((s) => s.hasRecharts)
  const over = r.budgetKiB !== undefined && r.gzip > r.budgetKiB * KIB
  const why = [over ? 'over budget' : '', charts ? 'loads Recharts' : ''].filter(Boolean)
  const rules = [
    r.budgetKiB === undefined ? '' : `≤ ${r.budgetKiB} KiB`,
    r.noCharts ? 'no Recharts' : '',
  ]
  const budget = rules.filter(Boolean).join(', ')
  return {
    budget: budget === '' ? '—' : budget,
    pass: budget === '' ? undefined : why.length === 0,
    why: why.join(', '),
  }
}

function report(results: RouteResult[], loadBefore: string): number {
  const kib = (bytes: number) => (bytes / KIB).toFixed(1)
  const verdicts = results.map(verdict)
  console.log(
    `\n${markdownTable(
      ['route', 'JS files', 'raw KiB', 'gzip KiB', 'largest (gzip KiB)', 'budget', 'result'],
      results.map((r, i) => {
        const v = verdicts[i]
        const largest = r.scripts
          .slice(0, 2)
          .map((s) => `${s.path.replace('/assets/', '')} ${kib(s.gzip)}`)
          .join(', ')
        const outcome = v?.pass === undefined ? '—' : v.pass ? 'PASS' : `FAIL (${v.why})`
        return [
          r.route,
          String(r.scripts.length),
          kib(r.raw),
          kib(r.gzip),
          largest,
          v?.budget ?? '—',
          outcome,
        ]
      }),
    )}`,
  )
  const loadAfter = loadAverage()
  console.log(`\nload average before ${loadBefore}, after ${loadAfter}`)
  const file = writeResults('size', {
    machine: { ...machine(), loadBefore, loadAfter },
    routes: results,
  })
  console.log(`results: ${file}`)
  return verdicts.some((v) => v.pass === false) ? 1 : 0
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 1
  },
)
