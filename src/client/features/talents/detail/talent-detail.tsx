import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Suspense } from 'react'
import type { Talent } from '#shared/talent.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { parseApiError } from '../../../lib/api.ts'
import { talentDetailOptions } from '../../../lib/queries/talent-detail.ts'
import { LoadError } from '../../../components/ui/load-error.tsx'
import { useTalentScreens } from '../screens.ts'

type TalentDetailProps = {
  talentId: number
  /** The row already loaded in a list, shown at once while the fresh copy loads. */
  placeholder: Talent | undefined
  isAdmin: boolean
  onBack: () => void
  onEdit: (talent: Talent) => void
}

function DetailSkeleton() {
  return (
    <div
      className="grid gap-4 rounded-xl border bg-card p-6"
      aria-busy="true"
      aria-label="Loading talent"
    >
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      </div>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  )
}

/** spec section 2 "Talent detail", opened from either list with a 'Back to List' control. */
export function TalentDetail({
  talentId,
  placeholder,
  isAdmin,
  onBack,
  onEdit,
}: TalentDetailProps) {
  const { TalentProfile } = useTalentScreens()
  const query = useQuery({ ...talentDetailOptions(talentId), placeholderData: placeholder })
  const talent = query.data
  const isNotFound = parseApiError(query.error)?.status === 404

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <Button type="button" variant="ghost" onClick={onBack} className="-ml-2">
          <ArrowLeft aria-hidden="true" />
          Back to List
        </Button>
      </div>
      {talent !== undefined ? (
        <Suspense fallback={<DetailSkeleton />}>
          <TalentProfile
            talent={talent}
            isAdmin={isAdmin}
            onEdit={() => onEdit(talent)}
            onErased={onBack}
          />
        </Suspense>
      ) : null}
      {talent === undefined && query.isPending ? <DetailSkeleton /> : null}
      {talent === undefined && isNotFound ? (
        <div role="alert" className="rounded-xl border bg-card px-6 py-10 text-center">
          <p className="font-medium">Talent not found</p>
          <p className="mt-1 text-sm text-muted-foreground">
            It may have been deleted. Go back to the list to find another talent.
          </p>
        </div>
      ) : null}
      {talent === undefined && query.isError && !isNotFound ? (
        <LoadError
          title="Could not load this talent."
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : null}
    </div>
  )
}
