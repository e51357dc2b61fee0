import { Skeleton } from '../../components/ui/skeleton.tsx'

/** A page-shaped placeholder while a CV's preview (or the code that draws it) loads. */
export function CvPreviewSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the CV preview" className="grid gap-3">
      <Skeleton className="aspect-[612/792] max-h-96 w-full" />
    </div>
  )
}
