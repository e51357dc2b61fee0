/**
 * Browser benchmark: in headless Chromium on the seeded
 * database, each run in a fresh context:
 * - click 'Sign in' → the first talent card;
 * - Filters → an area → 'Apply' → the filtered cards;
 * - Filters → a common substring in Search → 'Apply' → the matching cards;
 * - scroll the grid, then (after a reload in list view) the table, until 1,000 talents are
 *   loaded, counting long tasks (> 50 ms) with a PerformanceObserver in the page;
 * plus the JS/CSS transferred. Times are taken on the page's clock (bench/lib/page-probes.ts).
 *
 * First, what a person waits for around signing in (decision 017), from outside the page, each
 * a median and p90 of 10 fresh contexts (--runs overrides) with the load average beside it: open
 * /login → Sign in usable (then Enter pressed at that moment must sign in, with one request);
 * click 'Sign in' → first card; reload /dashboard → first card. On a busy machine (load > 2) the
 * plain design — the same build with the app's script loaded at once — is measured in the same
 * run, turn and turn about, and Scout must be no slower than it (bench/lib/sign-in-report.ts).
 * `--only sign-in` measures just that (any pool size; the scrolls need 1,000 talents).
 * Exits 1 over budget.
 *
 *   npm run bench:ui -- --engine pglite|postgres [--runs 5] [--build] [--only sign-in]
 *
 * Serves CLIENT_DIR when set (else dist/client), building it when missing or with --build.
 */
import { loadavg } from 'node:os'
import type { Browser, Page } from 'playwright-core'
import { countTransfer, launchChromium, recordTimeline } from './lib/browser.ts'
import { ensureClientBuilt } from './lib/client-build.ts'
import { parseCommonArgs } from './lib/cli.ts'
import { prepareDatabase } from './lib/database.ts'
import {
  cpuProbe,
  installProbes,
  longTasksBetween,
  pageNow,
  type LongTasks,
} from './lib/page-probes.ts'
import { loadAverage, ms } from './lib/report.ts'
import { scrollUntilLoaded, type ScrollResult } from './lib/scroll.ts'
import { startServer } from './lib/server.ts'
import { reportUi, type UiRun } from './lib/ui-report.ts'
import { applyAreaFilter, openLoginForm, searchFor, signInToFirstCards } from './lib/ui-steps.ts'
import { startPlainDesign } from './lib/plain-design.ts'
import { QUIET_LOAD, reportSignIn } from './lib/sign-in-report.ts'
import { signInRun, type SignInRun } from './lib/sign-in-steps.ts'

const AREA = 'Design'
/** The Filters dialog's Search box (full-text `q`): a word of many seeded names starts with it. */
const SEARCH_TERM = 'son'
const SCROLL_TARGET = 1000

const firstRow = (page: Page) =>
  page.locator('table[aria-label="Talents"] tbody tr[aria-label]').first()

/** The page has finished starting (code, stats, the first page): what follows is the scroll's. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}

/** Scrolls the grid, switches to the table (timing the switch), reloads, scrolls the table. */
async function scrollBothViews(
  page: Page,
  url: string,
): Promise<{
  grid: ScrollResult
  list: ScrollResult
  switchToList: LongTasks
  cpuProbeMs: number
}> {
  await page.goto(`${url}/dashboard`)
  await page.getByRole('list', { name: 'Talents' }).getByRole('article').first().waitFor()
  await settle(page)
  const cpuProbeMs = await cpuProbe(page)
  const grid = await scrollUntilLoaded(page, SCROLL_TARGET)

  // The toggle re-renders every loaded talent as a row: a long task unless the list is windowed.
  const before = await pageNow(page)
  await page.getByRole('button', { name: 'List view' }).click()
  await firstRow(page).waitFor()
  await page.waitForTimeout(300)
  const switchToList = await longTasksBetween(page, before, await pageNow(page))

  // The view is remembered: the reload starts the table from its first page.
  await page.evaluate(() => window.scrollTo({ top: 0 }))
  await page.reload()
  await firstRow(page).waitFor()
  await settle(page)
  const list = await scrollUntilLoaded(page, SCROLL_TARGET)
  return { grid, list, switchToList, cpuProbeMs }
}

async function oneRun(browser: Browser, url: string): Promise<UiRun> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    await installProbes(context)
    const page = await context.newPage()
    const loginTransfer = countTransfer(page)
    await openLoginForm(page, url)
    const loginPage = await loginTransfer()

    const dashboardTransfer = countTransfer(page)
    const clickedEpoch = Date.now()
    const timeline = recordTimeline(page, () => clickedEpoch)
    const signIn = await signInToFirstCards(page)
    const dashboard = await dashboardTransfer()
    const signInTimeline = timeline()
    const filter = await applyAreaFilter(page, AREA)
    const search = await searchFor(page, SEARCH_TERM)
    const scroll = await scrollBothViews(page, url)
    const loadAverage1m = loadavg()[0] ?? NaN
    return {
      signIn,
      filter,
      search,
      ...scroll,
      loadAverage1m,
      loginPage,
      dashboard,
      timeline: signInTimeline,
    }
  } finally {
    await context.close()
  }
}

const load1m = () => loadavg()[0] ?? Number.NaN

/**
 * The sign-in measures, Scout's and (on a busy machine) the plain design's, one run of each in
 * turn so both see the same moments of the machine's load.
 */
async function signInRuns(
  scoutUrl: string,
  plain: Awaited<ReturnType<typeof startPlainDesign>> | undefined,
  runs: number,
): Promise<boolean> {
  const scout: SignInRun[] = []
  const plainRuns: SignInRun[] = []
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    for (let i = 0; i < runs; i++) {
      const run = await signInRun(browser, scoutUrl, load1m)
      scout.push(run)
      let line =
        `  sign-in run ${i + 1}: usable ${ms(run.usableMs)} ms, click → card ${ms(run.clickToCardMs)} ms, ` +
        `reload → card ${ms(run.reloadToCardMs)} ms, Enter at once → card ${ms(run.enterAtOnceToCardMs)} ms` +
        `${run.enterAtOnceSignedIn ? '' : ' (LOST)'}; load ${run.loadAverage1m.toFixed(2)}`
      if (plain) {
        const other = await signInRun(browser, plain.url, load1m)
        plainRuns.push(other)
        line +=
          ` | plain: usable ${ms(other.usableMs)}, click → card ${ms(other.clickToCardMs)}, ` +
          `reload → card ${ms(other.reloadToCardMs)}; load ${other.loadAverage1m.toFixed(2)}`
      }
      console.log(line)
    }
  } finally {
    await browser?.close()
    await plain?.cleanUp()
  }
  return reportSignIn(scout, plain ? plainRuns : undefined)
}

async function main(): Promise<number> {
  const args = parseCommonArgs()
  const onlySignIn = args.only.includes('sign-in')
  const signInCount = process.argv.some((a) => a.startsWith('--runs')) ? args.runs : 10
  console.log(`bench:ui — ${args.target.engine}, ${args.runs} runs`)
  ensureClientBuilt(args.build)
  const talents = await prepareDatabase(args.target, args.talents)
  const before = loadAverage()
  console.log(`  load average before the sign-in runs: ${before}`)
  // Copied before Scout's server opens the embedded database: never a folder in use.
  const plain = load1m() > QUIET_LOAD ? await startPlainDesign(args.target) : undefined
  const server = await startServer(args.target)
  let signInPass: boolean
  try {
    signInPass = await signInRuns(server.url, plain, signInCount)
  } catch (error) {
    await server.stop()
    throw error
  }
  if (onlySignIn) {
    await server.stop()
    return signInPass ? 0 : 1
  }
  const runs: UiRun[] = []
  let browser: Browser | undefined
  try {
    browser = await launchChromium()
    for (let i = 0; i < args.runs; i++) {
      const run = await oneRun(browser, server.url)
      runs.push(run)
      console.log(
        `  run ${i + 1}: first cards ${ms(run.signIn.shownMs)} ms, filter ${ms(run.filter.shownMs)} ms, ` +
          `search ${ms(run.search.shownMs)} ms, scroll: grid ${run.grid.longTasks.count} long tasks ` +
          `(max ${ms(run.grid.longTasks.maxMs)} ms), list ${run.list.longTasks.count} ` +
          `(max ${ms(run.list.longTasks.maxMs)} ms); CPU probe ${ms(run.cpuProbeMs)} ms, ` +
          `load ${run.loadAverage1m.toFixed(2)}`,
      )
    }
  } finally {
    await browser?.close()
    await server.stop()
  }
  const uiCode = reportUi({
    engine: args.target.engine,
    talents,
    loadBefore: before,
    runs,
    area: AREA,
    searchTerm: SEARCH_TERM,
  })
  return signInPass ? uiCode : 1
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
