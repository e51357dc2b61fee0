import { RenderingCancelledException, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist'
import { useEffect, useRef, useState } from 'react'

type PdfPageCanvasProps = {
  document: PDFDocumentProxy
  pageNumber: number
  /** Told (with true) when the page cannot be drawn, so the preview can say so once. */
  onFail: (hasFailed: true) => void
}

/**
 * One PDF page drawn to a canvas at the width it is shown, sharp on high-density screens. A canvas
 * is a picture to assistive technology: it is named "Page 2 of 3"; its text is the CV text below.
 */
export function PdfPageCanvas({ document, pageNumber, onFail }: PdfPageCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [aspectRatio, setAspectRatio] = useState<number | undefined>(undefined)

  useEffect(() => {
    const canvas = canvasRef.current
    if (canvas === null) return
    let isCurrent = true
    let task: RenderTask | undefined
    async function draw(target: HTMLCanvasElement) {
      const page = await document.getPage(pageNumber)
      if (!isCurrent) return
      const natural = page.getViewport({ scale: 1 })
      setAspectRatio(natural.width / natural.height)
      const cssWidth = target.clientWidth > 0 ? target.clientWidth : natural.width
      const viewport = page.getViewport({
        scale: (cssWidth / natural.width) * window.devicePixelRatio,
      })
      target.width = Math.floor(viewport.width)
      target.height = Math.floor(viewport.height)
      task = page.render({ canvas: target, viewport })
      await task.promise
    }
    draw(canvas).catch((error: unknown) => {
      // Leaving the tab cancels a render: that is no failure of the file.
      if (isCurrent && !(error instanceof RenderingCancelledException)) onFail(true)
    })
    return () => {
      isCurrent = false
      task?.cancel()
    }
  }, [document, pageNumber, onFail])

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={`Page ${pageNumber} of ${document.numPages}`}
      style={{ aspectRatio: aspectRatio ?? 612 / 792 }}
      className="h-auto w-full rounded-sm border shadow-xs"
    />
  )
}
