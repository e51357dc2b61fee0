import { useQuery } from '@tanstack/react-query'
import { MonitorSmartphone } from 'lucide-react'
import type { SessionInfo } from '#shared/mfa.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { sessionsQueryOptions, useEndOtherSessions, useEndSession } from './security-api.ts'

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function failed(error: unknown) {
  toast({
    variant: 'destructive',
    title: 'Could not sign out',
    description: parseApiError(error)?.message ?? 'Please try again',
  })
}

/** Settings → Sessions: where the person is signed in, and signing out of them. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQueryOptions())
  const endOthers = useEndOtherSessions()
  // Owned here, not by the row: the row is gone once its session is, and its callbacks with it.
  const end = useEndSession()
  const endOne = (id: number) =>
    end.mutate(id, {
      onSuccess: () => toast({ title: 'Signed out of that session' }),
      onError: failed,
    })
  const others = sessions.data?.filter((s) => !s.current).length ?? 0

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MonitorSmartphone className="size-4 text-primary" aria-hidden="true" />
          Sessions
        </CardTitle>
        <CardDescription>Where you are signed in now.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sessions.isPending ? (
          <Skeleton className="h-24 w-full" aria-label="Loading sessions" />
        ) : sessions.isError ? (
          <div role="alert" className="flex items-center gap-3 text-sm">
            Your sessions could not be loaded.
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void sessions.refetch()}
            >
              Retry
            </Button>
          </div>
        ) : (
          <ul aria-label="Signed-in sessions" className="grid gap-2">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={end.isPending && end.variables === session.id}
                onEnd={endOne}
              />
            ))}
          </ul>
        )}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={others === 0 || endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: () => toast({ title: 'Signed out of all other sessions' }),
              onError: failed,
            })
          }
        >
          {endOthers.isPending ? 'Signing out...' : 'Sign out of all other sessions'}
        </Button>
      </CardContent>
    </Card>
  )
}

type SessionRowProps = { session: SessionInfo; ending: boolean; onEnd: (id: number) => void }

function SessionRow({ session, ending, onEnd }: SessionRowProps) {
  const name = `${session.browser} on ${session.os}`
  return (
    <li
      aria-label={session.current ? `${name} (this device)` : name}
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
    >
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">
          {name} {session.current ? <Badge variant="secondary">This device</Badge> : null}
        </span>
        <span className="text-muted-foreground">
          {session.ip ?? 'Unknown address'} · Signed in{' '}
          {dateTime.format(new Date(session.signedInAt))} · Last active{' '}
          {dateTime.format(new Date(session.lastActiveAt))}
        </span>
      </div>
      {session.current ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={ending}
          aria-label={`Sign out ${name}`}
          onClick={() => onEnd(session.id)}
        >
          {ending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  )
}
