import { useQuery } from '@tanstack/react-query'
import { UserX } from 'lucide-react'
import { useState } from 'react'
import type { ErasureRequest } from '#shared/privacy-requests.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { erasureRequestsOptions, useDecideErasureRequest } from './requests-api.ts'

/**
 * Settings → Privacy (admins): the removals people asked for on their privacy page (security
 * rule 62), oldest first, each erased or dismissed here.
 */
export function ErasureRequestsCard() {
  const query = useQuery(erasureRequestsOptions())
  const decide = useDecideErasureRequest()
  const [erasing, setErasing] = useState<ErasureRequest | null>(null)

  function run(request: ErasureRequest, decision: 'erase' | 'dismiss') {
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () => {
          toast({ title: decision === 'erase' ? 'Talent erased' : 'Erasure request dismissed' })
          setErasing(null)
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: decision === 'erase' ? 'Could not erase' : 'Could not dismiss',
            description: parseApiError(error)?.message ?? 'Please try again.',
          })
          setErasing(null)
        },
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <UserX className="size-4 text-primary" aria-hidden="true" />
          Erasure requests
        </CardTitle>
        <CardDescription>
          People who asked on their privacy page to be removed. Erase removes them everywhere.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : query.isError ? (
          <LoadError
            title="Could not load the erasure requests."
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one is waiting to be removed.</p>
        ) : (
          <ul aria-label="Erasure requests" className="divide-y">
            {query.data.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <span className="font-medium">{request.fullName}</span>
                <span className="text-muted-foreground">
                  asked on {request.requestedAt.slice(0, 10)}
                </span>
                <span className="ml-auto flex gap-2">
                  <Button
                    type="button"
                    size="sm"
                    variant="destructive"
                    disabled={decide.isPending}
                    onClick={() => setErasing(request)}
                  >
                    Erase
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={decide.isPending}
                    onClick={() => run(request, 'dismiss')}
                  >
                    Dismiss
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={erasing !== null}
        title={`Erase ${erasing?.fullName ?? 'this talent'}?`}
        description="Their profile, CVs, History values and every other copy of their data are removed. This cannot be undone."
        isPending={decide.isPending}
        confirmLabel="Erase"
        pendingLabel="Erasing..."
        onConfirm={() => {
          if (erasing) run(erasing, 'erase')
        }}
        onClose={() => setErasing(null)}
      />
    </Card>
  )
}
