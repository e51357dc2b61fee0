import { lazy, Suspense } from 'react'
import { isLaidOutCvType, type CvDetail } from '#shared/cv.ts'
import { CvDocument } from './cv-document.tsx'
import { CvPreviewSkeleton } from './cv-preview-skeleton.tsx'

// pdf.js is ~150 KiB gzip: its own chunk, fetched the first time a PDF's CV tab opens.
const CvPdfPreview = lazy(() =>
  import('./cv-pdf-preview.tsx').then((module) => ({ default: module.CvPdfPreview })),
)

type CvPreviewProps = { cv: CvDetail; talentId: number }

/**
 * "Read it in place": a PDF page by page, a DOCX, ODT or RTF as formatted text.
 * TXT and Markdown are read as their extracted text, which the tab shows below this.
 */
export function CvPreview({ cv, talentId }: CvPreviewProps) {
  if (isLaidOutCvType(cv.mimeType)) return <CvDocument talentId={talentId} sha256={cv.sha256} />
  if (cv.mimeType !== 'application/pdf') return null
  return (
    <section aria-label="CV preview" className="grid gap-2">
      <h3 className="text-sm font-medium">Pages</h3>
      <div
        role="region"
        aria-label="CV pages"
        tabIndex={0}
        className="max-h-[720px] overflow-y-auto rounded-md border bg-muted/40 p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <Suspense fallback={<CvPreviewSkeleton />}>
          {/* A replaced CV starts over: its own bytes, pages and "Show more" count. */}
          <CvPdfPreview key={cv.id} talentId={talentId} versionId={cv.id} />
        </Suspense>
      </div>
    </section>
  )
}
