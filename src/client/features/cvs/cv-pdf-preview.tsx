import { useQuery } from '@tanstack/react-query'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { cvBytesOptions } from './api.ts'
import { CvPreviewSkeleton } from './cv-preview-skeleton.tsx'
import { PdfPageCanvas } from './pdf-page-canvas.tsx'
import { usePdfDocument } from './use-pdf-document.ts'

/** Pages drawn at first and per "Show more pages": most CVs fit; a long one costs no more up front. */
const PAGE_BATCH = 4

const PDF_UNAVAILABLE = 'This PDF cannot be shown here. Download it to read it.'

function Unavailable() {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {PDF_UNAVAILABLE}
    </p>
  )
}

function PdfPages({ document }: { document: PDFDocumentProxy }) {
  const [shownCount, setShownCount] = useState(Math.min(PAGE_BATCH, document.numPages))
  const [hasFailed, setHasFailed] = useState(false)
  if (hasFailed) return <Unavailable />
  const pageNumbers = Array.from({ length: shownCount }, (_, i) => i + 1)
  return (
    <div className="grid justify-items-center gap-3">
      {pageNumbers.map((pageNumber) => (
        <PdfPageCanvas
          key={pageNumber}
          document={document}
          pageNumber={pageNumber}
          onFail={setHasFailed}
        />
      ))}
      {shownCount < document.numPages ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setShownCount((n) => Math.min(n + PAGE_BATCH, document.numPages))}
        >
          Show more pages ({shownCount} of {document.numPages} shown)
        </Button>
      ) : null}
    </div>
  )
}

type CvPdfPreviewProps = { talentId: number; versionId: number }

/**
 * A PDF CV page by page, drawn by pdf.js in a worker (loaded with this chunk
 * only, never on /login or /dashboard). Its bytes come through the API client, with the session.
 */
export function CvPdfPreview({ talentId, versionId }: CvPdfPreviewProps) {
  const bytes = useQuery(cvBytesOptions(talentId, versionId))
  const pdf = usePdfDocument(bytes.data)
  if (bytes.isError || pdf.status === 'error') return <Unavailable />
  if (pdf.status === 'loading') return <CvPreviewSkeleton />
  return <PdfPages document={pdf.document} />
}
