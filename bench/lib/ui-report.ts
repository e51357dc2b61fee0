import type { TimelineEntry, Transfer } from './browser.ts'
import type { LongTasks } from './page-probes.ts'
import { loadAverage, machine, markdownTable, ms, writeResults } from './report.ts'
import type { ScrollResult } from './scroll.ts'
import type { Step } from './ui-steps.ts'

/**
 * bench:ui budgets at 100,000 talents: first cards ≤ 1 s after 'Sign in'; filter and
 * search results ≤ 300 ms (counted from the click, which includes the request); scrolling through
 * 1,000 talents without a long task over 50 ms. Each is judged on the median of the runs.
 */
export const UI_BUDGET = { firstCardsMs: 1000, filterMs: 300, searchMs: 300, longTaskMs: 50 }

export type UiRun = {
  signIn: Step & { loginMs: number }
  filter: Step
  search: Step
  grid: ScrollResult
  list: ScrollResult
  switchToList: LongTasks
  /** cpuProbe() before the scrolls: how busy the machine was (lower is quieter). */
  cpuProbeMs: number
  /** The machine's 1-minute load average at the end of the run. */
  loadAverage1m: number
  loginPage: Transfer
  dashboard: Transfer
  timeline: TimelineEntry[]
}

type Row = { name: string; values: number[]; budget?: number }

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

function rows(runs: UiRun[], area: string, term: string): Row[] {
  const of = (pick: (r: UiRun) => number) => runs.map(pick)
  const scroll = (view: 'grid' | 'list', label: string): Row[] => [
    {
      name: `scroll ${label} to 1,000 talents: longest long task`,
      values: of((r) => r[view].longTasks.maxMs),
      budget: UI_BUDGET.longTaskMs,
    },
    { name: '  long tasks (count)', values: of((r) => r[view].longTasks.count) },
    { name: '  blocking time (Σ over 50 ms)', values: of((r) => r[view].longTasks.blockingMs) },
    { name: '  frames over 50 ms (count)', values: of((r) => r[view].frames.over50) },
    { name: '  longest frame', values: of((r) => r[view].frames.maxGapMs) },
    { name: '  scroll time', values: of((r) => r[view].ms) },
    { name: '  cards/rows in the DOM at the end', values: of((r) => r[view].domItems) },
  ]
  return [
    {
      name: "click 'Sign in' → first card visible",
      values: of((r) => r.signIn.shownMs),
      budget: UI_BUDGET.firstCardsMs,
    },
    { name: '  of which: login response', values: of((r) => r.signIn.loginMs) },
    { name: '  of which: first /api/talents response', values: of((r) => r.signIn.responseMs) },
    {
      name: `click 'Apply' (area=${area}) → filtered cards`,
      values: of((r) => r.filter.shownMs),
      budget: UI_BUDGET.filterMs,
    },
    { name: '  request start → filtered cards', values: of((r) => r.filter.requestToShownMs) },
    { name: '  of which: filtered response', values: of((r) => r.filter.responseMs) },
    {
      name: `click 'Apply' (q=${term}) → matching cards`,
      values: of((r) => r.search.shownMs),
      budget: UI_BUDGET.searchMs,
    },
    { name: '  request start → matching cards', values: of((r) => r.search.requestToShownMs) },
    { name: '  of which: search response', values: of((r) => r.search.responseMs) },
    ...scroll('grid', 'the grid'),
    ...scroll('list', 'the table'),
    {
      name: "'List view' with 1,000 loaded: longest long task",
      values: of((r) => r.switchToList.maxMs),
    },
    { name: 'CPU probe in the page (lower = quieter machine)', values: of((r) => r.cpuProbeMs) },
    { name: 'load average (1 min) at the end of the run', values: of((r) => r.loadAverage1m) },
  ]
}

export function reportUi(input: {
  engine: string
  talents: number
  loadBefore: string
  runs: UiRun[]
  area: string
  searchTerm: string
}): number {
  const { engine, talents, loadBefore, runs } = input
  const table = rows(runs, input.area, input.searchTerm)
  const verdicts = table.map((r) =>
    r.budget === undefined ? undefined : median(r.values) <= r.budget,
  )
  console.log(
    `\n${engine}, ${talents.toLocaleString('en')} talents, ${runs.length} fresh contexts\n`,
  )
  console.log(
    markdownTable(
      ['measure', 'median', 'max', 'budget (median)', 'result'],
      table.map((r, i) => [
        r.name,
        ms(median(r.values)),
        ms(Math.max(...r.values)),
        r.budget === undefined ? '—' : `≤ ${r.budget}`,
        verdicts[i] === undefined ? '—' : verdicts[i] ? 'PASS' : 'FAIL',
      ]),
    ),
  )
  console.log('(times in ms; a long task is one over 50 ms, so "≤ 50" means none)')
  const first = runs[0]
  if (first) {
    const t = (x: Transfer) =>
      `JS ${kib(x.js)}, CSS ${kib(x.css)}, API ${kib(x.api)}, other ${kib(x.other)} (${x.files} responses)`
    console.log(`\ntransferred (encoded, cold cache), /login page: ${t(first.loginPage)}`)
    console.log(`transferred after 'Sign in' until first cards: ${t(first.dashboard)}`)
  }
  const slowest = [...runs].sort((a, b) => b.signIn.shownMs - a.signIn.shownMs)[0]
  if (slowest) {
    console.log(`\nrequests of the slowest sign-in, ms after the click (start / first byte / end):`)
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
    budget: UI_BUDGET,
    runs,
  })
  console.log(`results: ${file}`)
  return verdicts.some((v) => v === false) ? 1 : 0
}
