import type { CvDetail } from '#shared/cv.ts'
import { Spinner } from '../../components/ui/spinner.tsx'

/** The CV's text, selectable; or what is happening to it (issue 16). */
export function CvText({ cv }: { cv: CvDetail }) {
  if (cv.textStatus === 'pending') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner decorative /> Reading the text of this CV…
      </p>
    )
  }
  if (cv.textStatus !== 'ready' || cv.text === null) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {cv.textError ?? 'The text of this file could not be read.'} It can still be downloaded.
      </p>
    )
  }
  return (
    <section aria-label="CV text" className="grid gap-2">
      <h3 className="text-sm font-medium">Text</h3>
      <div
        role="region"
        aria-label="CV text content"
        tabIndex={0}
        className="max-h-[480px] overflow-y-auto rounded-md border bg-background/40 p-4 text-sm whitespace-pre-wrap outline-none select-text focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {cv.text}
      </div>
    </section>
  )
}
