// First on purpose, as in main.tsx: schemas built before it would still use the JIT.
import './lib/zod-jitless.ts'
import { StrictMode, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { encodeAuthToken } from '#shared/auth.ts'
import { App } from './app/app.tsx'

/**
 * While it draws, the storage a browser with a stored sign-in has: a token, so the page draws
 * what such a browser first draws (the session still being checked). The token is never sent:
 * nothing is fetched while rendering to a string.
 */
function withStoredSignIn<T>(draw: () => T): T {
  const token = encodeAuthToken({ sid: 'p'.repeat(43), exp: Number.MAX_SAFE_INTEGER })
  const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (key) => (key === 'authToken' ? token : null),
    setItem: () => undefined,
    removeItem: () => undefined,
  }
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true })
  try {
    return draw()
  } finally {
    Reflect.deleteProperty(globalThis, 'localStorage')
  }
}

/**
 * Lighthouse on a phone: a page drawn at build time (scripts/build/prerender-pages.ts),
 * so it paints from its HTML while the code is still on its way: the sign-in screen, and the
 * dashboard's frame as a signed-in browser first draws it. The tree is App's own, so main.tsx
 * hydrates it as it is.
 */
export function renderPage(location: string, { signedIn }: { signedIn: boolean }): string {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={location}>{children}</StaticRouter>
  )
  const draw = () =>
    renderToString(
      <StrictMode>
        <App Router={Router} />
      </StrictMode>,
    )
  return signedIn ? withStoredSignIn(draw) : draw()
}
