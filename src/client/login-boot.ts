import { applyTheme, readTheme } from './lib/theme.ts'

/**
 * Issue 17 (Lighthouse on a phone): /login arrives with the sign-in screen drawn into its HTML
 * (login.html), and this small script — the only one the page names — loads the app once that
 * screen has painted. A phone on a slow network then shows the form without first fetching the
 * app's ~90 KB of script, and the browser's first paint does not wait on it. The entry and its
 * module preloads are named on this script's own tag (scripts/build/login-boot.ts).
 */
const tag = document.currentScript
const entry = tag?.dataset.entry
const preloads = tag?.dataset.preload?.split(' ').filter(Boolean) ?? []

// The stored theme, before the first paint when the browser allows (main.tsx applies it again).
applyTheme(readTheme())

let started = false
function loadApp(): void {
  if (started || entry === undefined) return
  started = true
  for (const href of preloads) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    link.crossOrigin = ''
    document.head.append(link)
  }
  void import(/* @vite-ignore */ entry)
}

// A task queued from an animation frame runs after that frame has been painted. A hidden tab
// paints no frames, so a timer starts the app there too.
requestAnimationFrame(() => setTimeout(loadApp, 0))
setTimeout(loadApp, 1_000)
