import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { preferencesQueryOptions } from './api.ts'
import { NotificationForm } from './notification-form.tsx'

function NotificationSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading notification settings">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-9 w-32 justify-self-end" />
    </div>
  )
}

/** The Notifications card: the saved switches, loaded from the server. */
export function NotificationSettings() {
  const preferences = useQuery(preferencesQueryOptions())
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-4 text-primary" aria-hidden="true" />
          Notifications
        </CardTitle>
        <CardDescription>Saved to your account, so they follow you to any browser.</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? <NotificationSkeleton /> : null}
        {preferences.isError ? (
          <LoadError
            title="Could not load your notification settings."
            onRetry={() => void preferences.refetch()}
            isRetrying={preferences.isFetching}
          />
        ) : null}
        {preferences.isSuccess ? <NotificationForm saved={preferences.data} /> : null}
      </CardContent>
    </Card>
  )
}
