// First on purpose, as in main.tsx: schemas built before it would still use the JIT.
import './lib/zod-jitless.ts'
import { StrictMode, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { App } from './app.tsx'

/**
 * Issue 17 (Lighthouse on a phone): the sign-in screen drawn at build time
 * (scripts/build/prerender-login.ts), so /login paints from its HTML while the code is still on
 * its way. The tree is App's own, so main.tsx hydrates it as it is.
 */
export function renderPage(location: string): string {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={location}>{children}</StaticRouter>
  )
  return renderToString(
    <StrictMode>
      <App Router={Router} />
    </StrictMode>,
  )
}
