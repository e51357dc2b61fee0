/**
 * Browser benchmark (issue 3 "Scale", issue 7 "Benchmarks"): in headless Chromium on the seeded
 * database, the time from clicking 'Sign in' to the first talent card visible, and from 'Apply' of
 * a filter to the filtered cards, each in a fresh context; plus the JS/CSS transferred. Exits 1
 * over budget.
 *
 *   npm run bench:ui -- --engine pglite|postgres [--runs 5] [--build]
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { BENCH_ACCOUNT } from './lib/account.ts'
import {
  countTransfer,
  launchChromium,
  recordTimeline,
  since,
  type TimelineEntry,
  type Transfer,
} from './lib/browser.ts'
import { parseCommonArgs } from './lib/cli.ts'
import { prepareDatabase } from './lib/database.ts'
import { loadAverage, machine, markdownTable, ms, writeResults } from './lib/report.ts'
import { REPO_ROOT, startServer } from './lib/server.ts'

const BUDGET = { firstCardsMs: 1000, filterMs: 300 } as const
const AREA = 'Design'

type Run = {
  firstCardsMs: number
  loginResponseMs: number
  listResponseMs: number
  filterMs: number
  filterResponseMs: number
  loginPage: Transfer
  dashboard: Transfer
  timeline: TimelineEntry[]
}

function ensureClientBuilt(force: boolean): void {
  if (!force && existsSync(path.join(REPO_ROOT, 'dist', 'client', 'index.html'))) return
  console.log('  building the client: npx vite build')
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('vite build failed')
}

const talentList = (page: Page) => page.getByRole('list', { name: 'Talents' })

/** When the first response whose URL passes `test` arrives, in ms since `from`. */
function responseAt(
  page: Page,
  test: (url: string) => boolean,
  from: () => number,
): Promise<number> {
  return page.waitForResponse((r) => test(r.url())).then(() => since(from()))
}

async function oneRun(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    const page = await context.newPage()
    const loginTransfer = countTransfer(page)
    // A person reads the form before signing in: let the page settle (it preloads the dashboard's
    // code meanwhile), as it would during typing.
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' })
    await page.getByLabel('Email', { exact: true }).fill(BENCH_ACCOUNT.email)
    await page.getByLabel('Password', { exact: true }).fill(BENCH_ACCOUNT.password)
    const loginPage = await loginTransfer()

    const dashboardTransfer = countTransfer(page)
    let clicked = 0
    let clickedEpoch = 0
    const timeline = recordTimeline(page, () => clickedEpoch)
    const login = responseAt(
      page,
      (u) => u.endsWith('/api/auth/login'),
      () => clicked,
    )
    const list = responseAt(
      page,
      (u) => u.includes('/api/talents?'),
      () => clicked,
    )
    clicked = performance.now()
    clickedEpoch = Date.now()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await talentList(page).getByRole('article').first().waitFor({ state: 'visible' })
    const firstCardsMs = since(clicked)
    const dashboard = await dashboardTransfer()

    await page.getByRole('button', { name: 'Filters' }).click()
    await page.getByRole('combobox', { name: 'Area of Interest' }).click()
    await page.getByRole('option', { name: AREA, exact: true }).click()
    let applied = 0
    const filtered = responseAt(
      page,
      (u) => u.includes(`areaOfInterest=${AREA}`),
      () => applied,
    )
    applied = performance.now()
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click()
    // Updated when every card shown is in the chosen area (the newest page before it is mixed).
    await page.waitForFunction((area) => {
      const cards = [...document.querySelectorAll('ul[aria-label="Talents"] article')]
      return cards.length > 0 && cards.every((card) => card.textContent?.includes(area))
    }, AREA)
    const filterMs = since(applied)
    return {
      firstCardsMs,
      loginResponseMs: await login,
      listResponseMs: await list,
      filterMs,
      filterResponseMs: await filtered,
      loginPage,
      dashboard,
      timeline: timeline(),
    }
  } finally {
    await context.close()
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

async function main(): Promise<number> {
  const args = parseCommonArgs()
  console.log(`bench:ui — ${args.target.engine}, ${args.runs} runs`)
  ensureClientBuilt(args.build)
  const talents = await prepareDatabase(args.target, args.talents)
  const before = loadAverage()
  const server = await startServer(args.target)
  const runs: Run[] = []
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    for (let i = 0; i < args.runs; i++) {
      const run = await oneRun(browser, server.url)
      runs.push(run)
      console.log(
        `  run ${i + 1}: first cards ${ms(run.firstCardsMs)} ms, filter ${ms(run.filterMs)} ms`,
      )
    }
  } finally {
    await browser?.close()
    await server.stop()
  }
  return report(args.target.engine, talents, before, runs)
}

function report(engine: string, talents: number, loadBefore: string, runs: Run[]): number {
  const stat = (pick: (r: Run) => number) => {
    const values = runs.map(pick)
    return { median: median(values), max: Math.max(...values) }
  }
  const rows = [
    {
      name: "click 'Sign in' → first card visible",
      s: stat((r) => r.firstCardsMs),
      budget: BUDGET.firstCardsMs,
    },
    { name: '  of which: login response', s: stat((r) => r.loginResponseMs), budget: undefined },
    {
      name: '  of which: first /api/talents response',
      s: stat((r) => r.listResponseMs),
      budget: undefined,
    },
    {
      name: "click 'Apply' (area=Design) → filtered cards",
      s: stat((r) => r.filterMs),
      budget: BUDGET.filterMs,
    },
    {
      name: '  of which: filtered /api/talents response',
      s: stat((r) => r.filterResponseMs),
      budget: undefined,
    },
  ]
  const verdicts = rows.map((r) => (r.budget === undefined ? undefined : r.s.median <= r.budget))
  console.log(
    `\n${engine}, ${talents.toLocaleString('en')} talents, ${runs.length} fresh contexts\n`,
  )
  console.log(
    markdownTable(
      ['measure', 'median ms', 'max ms', 'budget (median)', 'result'],
      rows.map((r, i) => [
        r.name,
        ms(r.s.median),
        ms(r.s.max),
        r.budget === undefined ? '—' : `≤ ${r.budget}`,
        verdicts[i] === undefined ? '—' : verdicts[i] ? 'PASS' : 'FAIL',
      ]),
    ),
  )
  const first = runs[0]
  if (first) {
    const t = (x: Transfer) =>
      `JS ${kib(x.js)}, CSS ${kib(x.css)}, API ${kib(x.api)}, other ${kib(x.other)} (${x.files} responses)`
    console.log(`\ntransferred (encoded, cold cache), /login page: ${t(first.loginPage)}`)
    console.log(`transferred after 'Sign in' until first cards: ${t(first.dashboard)}`)
    console.log(
      `JS+CSS total: ${kib(first.loginPage.js + first.loginPage.css + first.dashboard.js + first.dashboard.css)}`,
    )
  }
  const slowest = [...runs].sort((a, b) => b.firstCardsMs - a.firstCardsMs)[0]
  if (slowest) {
    console.log(`\nrequests of the slowest run, ms after the click (start / first byte / end):`)
    for (const e of slowest.timeline) {
      console.log(
        `  ${ms(e.startMs).padStart(7)} ${ms(e.ttfbMs).padStart(7)} ${ms(e.endMs).padStart(7)}  ${e.path}`,
      )
    }
  }
  const loadAfter = loadAverage()
  console.log(`load average before ${loadBefore}, after ${loadAfter}`)
  const file = writeResults(`ui-${engine}`, {
    engine,
    talents,
    machine: { ...machine(), loadBefore, loadAfter },
    budget: BUDGET,
    runs,
  })
  console.log(`results: ${file}`)
  return verdicts.some((v) => v === false) ? 1 : 0
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
