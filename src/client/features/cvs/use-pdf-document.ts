import { getDocument, GlobalWorkerOptions, VerbosityLevel, type PDFDocumentProxy } from 'pdfjs-dist'
// Vite emits the worker as a same-origin asset: CSP worker-src 'self' covers it, no blob: needed.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { useEffect, useState } from 'react'

GlobalWorkerOptions.workerSrc = workerUrl

/**
 * pdf.js under Scout's strict CSP (security rule 25). Nothing is fetched: no cMaps,
 * standard fonts, ICC profiles or wasm (wasm would need 'wasm-unsafe-eval'), so fonts not embedded
 * in the file fall back to system fonts. No eval (isEvalSupported: false, CVE-2024-4367 hardening,
 * and its probe would be a CSP violation). No XFA forms: a preview draws pages, nothing else.
 */
const PDF_OPTIONS = {
  isEvalSupported: false,
  useWasm: false,
  useWorkerFetch: false,
  enableXfa: false,
  verbosity: VerbosityLevel.ERRORS,
} as const

export type PdfDocumentState =
  { status: 'loading' } | { status: 'ready'; document: PDFDocumentProxy } | { status: 'error' }

type Loaded = { bytes: Uint8Array; state: PdfDocumentState }

/**
 * Opens `bytes` as a PDF in pdf.js's worker while the caller is mounted, and destroys it after
 * (its worker and memory go with it). Encrypted or corrupt files end in 'error'.
 */
export function usePdfDocument(bytes: Uint8Array | undefined): PdfDocumentState {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined)
  useEffect(() => {
    if (bytes === undefined) return
    // pdf.js takes ownership of the buffer it is given; the query cache keeps its own copy.
    const task = getDocument({ data: bytes.slice(), ...PDF_OPTIONS })
    let isCurrent = true
    task.promise.then(
      (document) => {
        if (isCurrent) setLoaded({ bytes, state: { status: 'ready', document } })
      },
      () => {
        if (isCurrent) setLoaded({ bytes, state: { status: 'error' } })
      },
    )
    return () => {
      isCurrent = false
      void task.destroy()
    }
  }, [bytes])
  // The state of other bytes (a replaced CV) is never shown for these.
  if (loaded === undefined || loaded.bytes !== bytes) return { status: 'loading' }
  return loaded.state
}
