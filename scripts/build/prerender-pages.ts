import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { compressBeside } from '../vite-precompress.ts'
import { buildBootScript, withBootAfterPaint } from './boot-after-paint.ts'

const PROJECT = path.resolve(import.meta.dirname, '../..')
const ROOT_ELEMENT = '<div id="root"></div>'

/** The pages the server sends drawn (client-routes.ts): index.html with a screen in it. */
export const DRAWN_PAGES = [
  // /login's boot script runs before its first paint: it takes the form's submits (decision 017).
  { file: 'login.html', location: '/login', signedIn: false, beforePaint: true },
  { file: 'dashboard.html', location: '/dashboard', signedIn: true, beforePaint: false },
] as const

type RenderPage = (location: string, options: { signedIn: boolean }) => string

/**
 * Draws the sign-in screen, and the dashboard's frame as a browser with a stored
 * sign-in first draws it, into copies of the built index.html, so those pages paint from their
 * HTML before the code has loaded (main.tsx then hydrates them). The screens are rendered by the
 * client's own code, built once more for Node (src/client/prerender.tsx), so they cannot drift.
 * Each page loads the app only once it has painted (boot-after-paint.ts).
 */
export async function prerenderPages(clientDir: string): Promise<void> {
  // Inside node_modules: the Node build imports react, zod… as packages, resolved from there.
  const work = await mkdtemp(path.join(PROJECT, 'node_modules', '.scout-prerender-'))
  try {
    await build({
      configFile: path.join(PROJECT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { ssr: 'prerender.tsx', outDir: work, emptyOutDir: true },
    })
    const entry = pathToFileURL(path.join(work, 'prerender.js')).href
    const { renderPage } = (await import(entry)) as { renderPage: RenderPage }
    const index = await readFile(path.join(clientDir, 'index.html'), 'utf8')
    if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`)
    const bootScript = await buildBootScript(clientDir)
    for (const { file, location, signedIn, beforePaint } of DRAWN_PAGES) {
      const screen = renderPage(location, { signedIn })
      const drawn = index.replace(ROOT_ELEMENT, `<div id="root">${screen}</div>`)
      const target = path.join(clientDir, file)
      await writeFile(target, withBootAfterPaint(drawn, bootScript, { beforePaint }))
      await compressBeside(target)
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
