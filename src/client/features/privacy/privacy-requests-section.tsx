import { useQuery } from '@tanstack/react-query'
import { Mail, ShieldQuestion } from 'lucide-react'
import {
  PRIVACY_REQUEST_LABELS,
  PRIVACY_REQUEST_SENT,
  PRIVACY_REQUEST_STATE_LABELS,
  type PrivacyRequest,
  type PrivacyRequestKind,
} from '#shared/privacy-requests.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { privacyRequestsOptions, useSendPrivacyRequest } from './requests-api.ts'

const day = (iso: string) => iso.slice(0, 10)

const OUTCOME_TEXT: Record<NonNullable<PrivacyRequest['outcome']>, string> = {
  'consent-confirmed': 'consent confirmed',
  'details-updated': 'details updated',
  'removal-requested': 'asked to be removed',
  erased: 'erased',
}

function RequestRow({ request }: { request: PrivacyRequest }) {
  const by = request.sentBy
    ? [request.sentBy.firstName, request.sentBy.lastName].filter(Boolean).join(' ') ||
      request.sentBy.email
    : 'a bulk send or a deleted user'
  const details = [
    `sent ${day(request.sentAt)} by ${by}`,
    request.state === 'expired'
      ? `expired ${day(request.expiresAt)}`
      : `link works until ${day(request.expiresAt)}`,
    request.openedAt ? `opened ${day(request.openedAt)}` : null,
    request.outcome ? OUTCOME_TEXT[request.outcome] : null,
  ].filter(Boolean)
  return (
    <li className="flex flex-wrap items-center gap-2 py-2 text-sm">
      <span className="font-medium">{PRIVACY_REQUEST_LABELS[request.kind]}</span>
      <Badge variant={request.state === 'used' ? 'secondary' : 'outline'}>
        {PRIVACY_REQUEST_STATE_LABELS[request.state]}
      </Badge>
      <span className="text-muted-foreground">{details.join(' · ')}</span>
    </li>
  )
}

/**
 * The Privacy tab's 'Send privacy notice' and 'Ask for consent' (security rule 59), disabled with
 * the reason when nothing can be sent, and the requests sent so far with their state.
 */
export function PrivacyRequestsSection({ talentId }: { talentId: number }) {
  const query = useQuery(privacyRequestsOptions(talentId))
  const send = useSendPrivacyRequest(talentId)

  function sendKind(kind: PrivacyRequestKind) {
    send.mutate(kind, {
      onSuccess: () => toast({ title: PRIVACY_REQUEST_SENT[kind] }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not send',
          description: parseApiError(error)?.message ?? 'Please try again.',
        }),
    })
  }

  const reason = query.data?.cannotSend ?? null
  const disabled = query.isPending || reason !== null || send.isPending
  const reasonId = `privacy-requests-${talentId}-reason`

  return (
    <section aria-labelledby={`privacy-requests-${talentId}`} className="grid gap-3 border-t pt-4">
      <h3 id={`privacy-requests-${talentId}`} className="flex items-center gap-2 font-medium">
        <ShieldQuestion className="size-4 text-primary" aria-hidden="true" />
        Ask the person
      </h3>
      <p className="text-sm text-muted-foreground">
        E-mail them a link to a page where they see what Scout holds, confirm consent, correct their
        details or ask to be removed.
      </p>
      <div className="flex flex-wrap gap-2">
        {(['notice', 'consent'] as const).map((kind) => (
          <Button
            key={kind}
            type="button"
            variant="outline"
            disabled={disabled}
            aria-describedby={reason === null ? undefined : reasonId}
            onClick={() => sendKind(kind)}
          >
            <Mail aria-hidden="true" />
            {kind === 'notice' ? 'Send privacy notice' : 'Ask for consent'}
          </Button>
        ))}
      </div>
      {reason === null ? null : (
        <p id={reasonId} className="text-sm text-muted-foreground">
          {reason}
        </p>
      )}
      {query.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : query.isError ? (
        <LoadError
          title="Could not load the requests sent."
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.data.requests.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
      ) : (
        <ul aria-label="Requests sent" className="divide-y">
          {query.data.requests.map((request) => (
            <RequestRow key={request.id} request={request} />
          ))}
        </ul>
      )}
    </section>
  )
}
