const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'input'] as const

/**
 * Runs `start` once, at the person's first key, tap or autofill anywhere on the page; the
 * returned function stops waiting. Code a person will need soon (the dashboard's, the toaster's)
 * loads then, not while a phone is still starting the page.
 */
export function onFirstInput(start: () => void): () => void {
  const stop = () => {
    for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, once, true)
  }
  const once = () => {
    stop()
    start()
  }
  for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, once, true)
  return stop
}
