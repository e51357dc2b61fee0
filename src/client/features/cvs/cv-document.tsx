import { useQuery } from '@tanstack/react-query'
import { cvLayoutOptions } from './api.ts'
import { CvPreviewSkeleton } from './cv-preview-skeleton.tsx'

// Readable prose for the few tags the server's sanitiser lets through (server/cvs/preview-html.ts).
const PROSE = [
  'max-h-[600px] overflow-y-auto rounded-md border bg-background/40 p-4 text-sm leading-relaxed',
  'outline-none select-text focus-visible:ring-[3px] focus-visible:ring-ring/50',
  '[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:text-base [&_h4]:font-semibold [&_h4:first-child]:mt-0',
  '[&_h5]:mt-3 [&_h5]:mb-1 [&_h5]:font-semibold [&_h6]:mt-3 [&_h6]:mb-1 [&_h6]:font-medium',
  '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-0.5 [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_a]:text-primary [&_a]:underline [&_table]:my-2 [&_table]:w-full [&_table]:border-collapse',
  '[&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_th]:text-left',
].join(' ')

type CvDocumentProps = { talentId: number; sha256: string }

/**
 * A DOCX, ODT or RTF as formatted text. The HTML comes from the server,
 * sanitised there against an allow-list (no scripts, images, styles or handlers; http(s) links
 * only) — the one place Scout renders HTML it did not write (security rule 20). A document without a
 * layout, and every other type, shows as its extracted text alone.
 */
export function CvDocument({ talentId, sha256 }: CvDocumentProps) {
  const query = useQuery(cvLayoutOptions(talentId, sha256))
  if (query.isPending) return <CvPreviewSkeleton />
  if (query.isError) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        The formatted view of this document could not be loaded. Its text is below.
      </p>
    )
  }
  if (query.data.kind !== 'html') return null
  return (
    <section aria-label="CV preview" className="grid gap-2">
      <h3 className="text-sm font-medium">Document</h3>
      <div
        role="region"
        aria-label="CV document"
        tabIndex={0}
        className={PROSE}
        dangerouslySetInnerHTML={{ __html: query.data.html }}
      />
    </section>
  )
}
