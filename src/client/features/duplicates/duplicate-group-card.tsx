import { Link } from 'react-router'
import type { DuplicateGroup } from '#shared/duplicates.ts'
import { Button } from '../../components/ui/button.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { useDismissDuplicates } from './api.ts'

type DuplicateGroupCardProps = {
  group: DuplicateGroup
  canMerge: boolean
}

/** One group on the duplicates page: who, why, how likely; 'Merge' and 'Not duplicates'. */
export function DuplicateGroupCard({ group, canMerge }: DuplicateGroupCardProps) {
  const dismiss = useDismissDuplicates()
  const ids = group.talents.map((talent) => talent.id)
  const names = group.talents.map((talent) => talent.fullName).join(' and ')

  function handleDismiss() {
    dismiss.mutate(
      { ids },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not save',
            description: parseApiError(error)?.message ?? 'Please try again.',
          }),
      },
    )
  }

  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-label={names}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">{group.reasons.join(', ')}</p>
        <p className="text-sm text-muted-foreground">
          {Math.round(group.confidence * 100)}% likely
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {group.talents.map((talent) => (
          <li key={talent.id} className="grid gap-0.5 rounded-md bg-muted/40 p-3 text-sm">
            <Link
              to={`/dashboard?talent=${talent.id}`}
              className="font-medium underline-offset-2 hover:underline"
            >
              {talent.fullName}
            </Link>
            <span className="text-muted-foreground">{talent.email}</span>
            {talent.phone ? <span className="text-muted-foreground">{talent.phone}</span> : null}
            <span className="text-muted-foreground">{talent.areaOfInterest}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {canMerge ? (
          <Button asChild>
            <Link to={`/dashboard/duplicates/merge?ids=${ids.join(',')}`}>Merge</Link>
          </Button>
        ) : null}
        <Button
          type="button"
          variant="outline"
          onClick={handleDismiss}
          disabled={dismiss.isPending}
        >
          Not duplicates
        </Button>
      </div>
    </li>
  )
}
