import { useQuery } from '@tanstack/react-query'
import { ChevronDown, Mail } from 'lucide-react'
import {
  describeBatch,
  type PrivacyRequestBulkInput,
  type PrivacyRequestKind,
} from '#shared/privacy-requests.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx'
import { Progress } from '../../components/ui/progress.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { privacyBatchOptions, useSendBulkPrivacyRequests } from './requests-api.ts'

/** A bulk send's progress, asked every second until it ends (shown in its toast). */
function BatchProgress({ batchId }: { batchId: number }) {
  const query = useQuery(privacyBatchOptions(batchId))
  if (!query.data) return <span>Starting…</span>
  const batch = query.data
  const done = batch.sent + batch.skipped + batch.failed
  const text = describeBatch(batch)
  return (
    <span className="grid gap-2">
      <span role="status">{text}</span>
      {batch.state === 'running' ? (
        <Progress
          value={batch.total === 0 ? 100 : (done / batch.total) * 100}
          label="Sending"
          valueText={`${done} of ${batch.total}`}
        />
      ) : null}
    </span>
  )
}

type Target = Pick<PrivacyRequestBulkInput, 'ids' | 'filter'>

/**
 * The bulk toolbar's 'Ask the person' (security rule 59): a privacy notice or a consent request
 * to every selected talent (or every matching one), sent by a job; its toast follows the progress.
 */
export function BulkPrivacyRequestMenu({ target }: { target: () => Target }) {
  const send = useSendBulkPrivacyRequests()

  function start(kind: PrivacyRequestKind) {
    send.mutate(
      { kind, ...target() },
      {
        onSuccess: (batch) =>
          toast({
            title: kind === 'consent' ? 'Asking for consent' : 'Sending privacy notices',
            description: <BatchProgress batchId={batch.id} />,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not send',
            description: parseApiError(error)?.message ?? 'Please try again.',
          }),
      },
    )
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={send.isPending}>
          <Mail aria-hidden="true" />
          Ask the person
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem onSelect={() => start('notice')}>Send privacy notice</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => start('consent')}>Ask for consent</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
