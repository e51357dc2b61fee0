import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './scripts/vite-precompress.ts'

export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: '../../dist/client', emptyOutDir: true },
  // `npm run dev`: the API runs on PORT (5000) and Vite proxies to it.
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:5000' } },
})
