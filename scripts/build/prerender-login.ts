import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { compressBeside } from '../vite-precompress.ts'
import { withLoginBoot } from './login-boot.ts'

const PROJECT = path.resolve(import.meta.dirname, '../..')
const ROOT_ELEMENT = '<div id="root"></div>'

/** The page the server sends for /login (client-routes.ts): index.html with the screen drawn. */
export const LOGIN_HTML = 'login.html'

/**
 * Issue 17: draws the sign-in screen into a copy of the built index.html, so /login paints from
 * its HTML before the code has loaded (main.tsx then hydrates it). The screen is rendered by the
 * client's own code, built once more for Node (src/client/prerender.tsx), so it cannot drift.
 * The page loads the app only once it has painted (login-boot.ts).
 */
export async function prerenderLogin(clientDir: string): Promise<void> {
  // Inside node_modules: the Node build imports react, zod… as packages, resolved from there.
  const work = await mkdtemp(path.join(PROJECT, 'node_modules', '.scout-prerender-'))
  try {
    await build({
      configFile: path.join(PROJECT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { ssr: 'prerender.tsx', outDir: work, emptyOutDir: true },
    })
    const entry = pathToFileURL(path.join(work, 'prerender.js')).href
    const { renderPage } = (await import(entry)) as { renderPage: (location: string) => string }
    const index = await readFile(path.join(clientDir, 'index.html'), 'utf8')
    if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`)
    const drawn = index.replace(ROOT_ELEMENT, `<div id="root">${renderPage('/login')}</div>`)
    const page = await withLoginBoot(drawn, clientDir)
    const file = path.join(clientDir, LOGIN_HTML)
    await writeFile(file, page)
    await compressBeside(file)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
