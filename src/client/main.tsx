// First on purpose: imports run in order, and schemas built before this would still use the JIT.
import './lib/zod-jitless.ts'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { DASHBOARD_FRAME_ATTRIBUTE } from './features/talents/dashboard-frame.tsx'
import { recheckSessionWhenRefused, removeTokenWhenCurrentUserFails } from './lib/session.ts'
import { hasValidAuthToken } from './lib/auth-token.ts'
import { queryClient } from './lib/query-client.ts'
import { applyTheme, readTheme } from './lib/theme.ts'
import { startDashboardEarly } from './app/preload-dashboard.ts'
import './styles.css'

// The CSP allows no inline scripts, so the stored theme is applied here, before the first render.
applyTheme(readTheme())
removeTokenWhenCurrentUserFails(queryClient)
recheckSessionWhenRefused(queryClient)
startDashboardEarly(queryClient, window.location)

const container = document.getElementById('root')
if (container === null) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
// The server sends the dashboard's frame to a browser with a session cookie; without a stored
// token this page draws the sign-in redirect instead, so the frame is dropped, not taken over.
if (container.querySelector(`[${DASHBOARD_FRAME_ATTRIBUTE}]`) && !hasValidAuthToken()) {
  container.replaceChildren()
}
// /login and a signed-in /dashboard arrive already drawn (prerendered at build): React takes over
// that markup instead of drawing it again, so a phone shows the screen before the code has run.
// As a transition, so React hydrates in slices that give the main thread back between them (a
// phone's screen stays responsive meanwhile) rather than in one long task.
if (container.firstElementChild === null) createRoot(container).render(app)
else startTransition(() => void hydrateRoot(container, app))
