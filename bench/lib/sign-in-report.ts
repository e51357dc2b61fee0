import { markdownTable, ms, percentile } from './report.ts'
import type { SignInRun } from './sign-in-steps.ts'

/**
 * The person's budgets around signing in (decision 017), on this machine when quiet: each a
 * median of 10 fresh contexts, with its 90th percentile.
 */
export const SIGN_IN_BUDGET = { medianMs: 500, p90Ms: 800 }
/** Above this 1-minute load average the machine is not quiet: Scout is judged against the plain design. */
export const QUIET_LOAD = 2

type Measure = { name: string; pick: (run: SignInRun) => number; budgeted: boolean }

const MEASURES: Measure[] = [
  { name: 'open /login → Sign in usable', pick: (r) => r.usableMs, budgeted: true },
  { name: "click 'Sign in' → first card", pick: (r) => r.clickToCardMs, budgeted: true },
  { name: 'reload /dashboard → first card', pick: (r) => r.reloadToCardMs, budgeted: true },
  { name: 'Enter at once → first card', pick: (r) => r.enterAtOnceToCardMs, budgeted: false },
]

type Figures = { median: number; p90: number }

function figures(runs: SignInRun[], pick: (run: SignInRun) => number): Figures {
  const sorted = runs.map(pick).sort((a, b) => a - b)
  return { median: percentile(sorted, 50), p90: percentile(sorted, 90) }
}

const loadOf = (runs: SignInRun[]) => runs.map((r) => r.loadAverage1m.toFixed(2)).join(' ')

/**
 * Prints the sign-in measures with the load average beside them and returns whether they pass:
 * on a quiet machine (every run's load ≤ QUIET_LOAD) the budgets; on a busy one, Scout's median
 * and p90 no slower than the plain design's, measured in the same run (the budgets are printed
 * too). An Enter pressed the moment the form shows must sign in, with one request, either way.
 */
export function reportSignIn(scout: SignInRun[], plain: SignInRun[] | undefined): boolean {
  const quiet = scout.every((r) => r.loadAverage1m <= QUIET_LOAD)
  const verdicts: boolean[] = []
  const rows = MEASURES.map(({ name, pick, budgeted }) => {
    const ours = figures(scout, pick)
    const theirs = plain && plain.length > 0 ? figures(plain, pick) : undefined
    const withinBudget = ours.median <= SIGN_IN_BUDGET.medianMs && ours.p90 <= SIGN_IN_BUDGET.p90Ms
    // Compared at p90 too, with a 10 % margin: ten runs on a busy machine have a wide tail.
    const notSlower =
      theirs !== undefined && ours.median <= theirs.median && ours.p90 <= theirs.p90 * 1.1
    let result = '—'
    if (budgeted) {
      const pass = quiet ? withinBudget : notSlower
      verdicts.push(pass)
      result = `${pass ? 'PASS' : 'FAIL'} (${quiet ? 'budget' : 'vs plain, load > 2'})`
    }
    return [
      name,
      ms(ours.median),
      ms(ours.p90),
      theirs ? `${ms(theirs.median)} / ${ms(theirs.p90)}` : '—',
      budgeted ? `≤ ${SIGN_IN_BUDGET.medianMs} / ≤ ${SIGN_IN_BUDGET.p90Ms}` : '—',
      budgeted && !withinBudget ? 'over' : budgeted ? 'within' : '—',
      result,
    ]
  })
  const lost = scout.filter((r) => !r.enterAtOnceSignedIn).length
  const doubled = scout.filter((r) => r.enterAtOnceRequests !== 1).length
  console.log(`\nsign-in, ${scout.length} fresh contexts each (decision 017)\n`)
  console.log(
    markdownTable(
      [
        'measure',
        'median',
        'p90',
        'plain design median / p90',
        'budget median / p90',
        'budget',
        'result',
      ],
      rows,
    ),
  )
  console.log(`(ms, from the navigation or key asked for in this process to the page's frame)`)
  console.log(`load average (1 min) after each Scout run: ${loadOf(scout)}`)
  if (plain) console.log(`load average (1 min) after each plain-design run: ${loadOf(plain)}`)
  const plainLost = plain?.filter((r) => !r.enterAtOnceSignedIn).length
  console.log(
    `an Enter pressed the moment the form showed: ${lost} of ${scout.length} lost, ` +
      `${doubled} with other than one sign-in request` +
      (plainLost === undefined ? '' : ` (plain design: ${plainLost} lost)`),
  )
  return verdicts.every(Boolean) && lost === 0 && doubled === 0
}
