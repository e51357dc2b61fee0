import { appHasForm, peekEarlySignIn, sendEarly, setEarlySignIn } from '../lib/early-requests.ts'
import { sendDashboardDataAfterSignIn } from './dashboard-data.ts'
import { readStoredToken } from './stored-token.ts'

/** Marks the sign-in form the boot script may take (features/auth/login-page.tsx). */
export const LOGIN_FORM_ATTRIBUTE = 'data-login-form'
/**
 * Set on <html> (outside the markup React takes over) while a sign-in the boot script sent waits
 * for the app: styles.css shows the button busy meanwhile.
 */
export const EARLY_SIGN_IN_ATTRIBUTE = 'data-early-sign-in'

function textValue(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * /login arrives drawn (login.html), and its form works from the first paint: a submit before the
 * app has taken the form over is taken here. The request is the one the login screen sends
 * (POST /api/auth/login, same headers and body), and the app, once it runs, finishes it through
 * its own code (toasts, stored token, second factor, redirect) — lib/early-requests.ts. Without
 * this the browser would send the form itself: a GET with the password in the address.
 *
 * Listens on the document in the capture phase: before React's own listener on its root, which
 * must not see a submit this has taken.
 */
export function takeDrawnSignIn(onSubmit: () => void): void {
  document.addEventListener(
    'submit',
    (event) => {
      if (appHasForm()) return
      const form = event.target
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute(LOGIN_FORM_ATTRIBUTE)) return
      event.preventDefault()
      event.stopPropagation()
      onSubmit()
      // spec section 5: a second submit is ignored while one is in flight (and this one is, until
      // the app has finished it).
      if (peekEarlySignIn()?.sent) return
      const data = new FormData(form)
      const email = textValue(data, 'email').trim()
      const password = textValue(data, 'password')
      const sent = email !== '' && password !== ''
      setEarlySignIn({ email, password, sent })
      if (!sent) return
      document.documentElement.setAttribute(EARLY_SIGN_IN_ATTRIBUTE, '')
      const answer = sendEarly('POST', '/api/auth/login', {
        token: readStoredToken(),
        body: JSON.stringify({ email, password }),
      })
      sendDashboardDataAfterSignIn(answer)
    },
    true,
  )
}
