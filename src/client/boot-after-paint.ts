import { startSignedInDashboard } from './boot/dashboard-data.ts'
import { takeDrawnSignIn } from './boot/drawn-sign-in.ts'
import { onFirstInput } from './lib/first-input.ts'
import { runInTurns } from './lib/run-in-turns.ts'
import { applyTheme, readTheme } from './lib/theme.ts'

/**
 * Lighthouse on a phone: /login arrives with the sign-in screen drawn into its HTML
 * (login.html), and a signed-in /dashboard with its frame (dashboard.html). This small script —
 * the only one those pages name — loads the app once the screen has painted. A phone on a slow
 * network then shows the screen without first fetching the app's ~90 KB of script, and the
 * browser's first paint does not wait on it. The entry and its module preloads are named on this
 * script's own tag (scripts/build/boot-after-paint.ts).
 *
 * The person does not wait for the app either (docs/decisions/017-sign-in-before-the-app.md): on
 * /login this script runs before the first paint (a plain script in the head), and takes a submit
 * of the drawn form itself until the app takes the form over; on a signed-in /dashboard it sends
 * the session check and the first data at once. The app adopts those answers (lib/api.ts).
 */
const tag = document.currentScript
const entry = tag?.dataset.entry
const preloads = tag?.dataset.preload?.split(' ').filter(Boolean) ?? []

// The stored theme, before the first paint when the browser allows (main.tsx applies it again).
applyTheme(readTheme())

/**
 * A page's first Intl formatter loads the browser's locale data: ~15 ms here, ~60 ms on
 * Lighthouse's slowed phone, whichever formatter comes first (the next cost ~1 ms). The app's
 * modules create their formatters as they load; in a task of its own, that cost does not make
 * one module's evaluation a long task (docs/performance.md).
 */
function loadLocaleData(): void {
  new Intl.NumberFormat('en-US').format(0)
}

let started = false
/**
 * Starts fetching every chunk of the app, then runs them one per task, in the order the build
 * lists them (each after the chunks it imports), the entry last. Importing the entry alone ran
 * every chunk in one task — 40–90 ms on this machine, four times that on Lighthouse's phone —
 * during which the screen did not answer a tap (docs/performance.md).
 */
async function loadApp(): Promise<void> {
  if (started || entry === undefined) return
  started = true
  const preload = (href: string) => () => {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    link.crossOrigin = ''
    document.head.append(link)
  }
  const run = (href: string) => () => import(/* @vite-ignore */ href)
  await runInTurns([...preloads.map(preload), loadLocaleData, ...preloads.map(run), run(entry)])
}

// Before the first paint on /login: the drawn form signs in from the moment it shows, and a
// submit starts the app at once, as does any first key or tap (the person is about to need it).
takeDrawnSignIn(() => void loadApp())
onFirstInput(() => void loadApp())
startSignedInDashboard(window.location)

// The browser's own word that the screen has painted (an animation frame is not: on a slow
// machine the frame reached the screen ~0.3 s after the task queued from it had run). A hidden
// tab paints nothing, and a browser may not report paints: a timer starts the app there.
const paints = PerformanceObserver.supportedEntryTypes.includes('paint')
if (paints) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    void loadApp()
  }).observe({ type: 'paint', buffered: true })
}
setTimeout(() => void loadApp(), paints ? 3_000 : 0)
