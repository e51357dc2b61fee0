import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compileHints } from './scripts/vite-compile-hints.ts'
import { precompress } from './scripts/vite-precompress.ts'

export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), compileHints(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    modulePreload: {
      // A chunk loaded on demand names its own imports (the build lists every chunk
      // it needs at its top), so the browser asks for them all at once without a <link> each.
      // Adding those links cost ~2 ms of main thread each on a slowed phone, 50 for the
      // dashboard: long tasks. index.html keeps its preloads (boot-after-paint.ts runs them).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Z.config({ jitless: true }) must run before any schema is built.
          // Chunks holding schemas run before the entry's own code, so the switch lives in
          // zod's chunk, which every schema chunk imports and so runs after.
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|lib[\\/]zod-jitless\.ts$/ },
            // The entry's largest libraries in chunks of their own, so /login can run them one per
            // task (boot-after-paint.ts) instead of the entry's whole graph in one long task.
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  // `npm run dev`: the API runs on PORT (5000) and Vite proxies to it.
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:5000' } },
})
