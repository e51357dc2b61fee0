import { useInfiniteQuery, useMutation } from '@tanstack/react-query'
import { Download, ShieldCheck } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { LoadError } from '../../components/ui/load-error.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { parseApiError } from '../../lib/api.ts'
import { downloadFile } from './export-download.ts'
import { privacyLogOptions } from './privacy-log-api.ts'
import { PrivacyLogTable } from './privacy-log-table.tsx'

/**
 * Settings → Privacy (admins): the privacy log (security rule 54) — every export of personal
 * data, erasure, retention run, notice, consent change and spreadsheet export, newest first, a
 * page at a time, and the whole of it as CSV.
 */
export function PrivacyLogCard() {
  const log = useInfiniteQuery(privacyLogOptions())
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []
  const exporting = useMutation({
    mutationFn: () =>
      downloadFile('/api/privacy/log?format=csv', 'scout-privacy-log.csv', () => undefined),
    onSuccess: ({ fileName }) => toast({ title: 'Export ready', description: `${fileName}.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description:
          parseApiError(error)?.message ?? 'The file could not be downloaded. Try again.',
      }),
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
          Privacy
        </CardTitle>
        <CardDescription>
          Who handed out or removed personal data, and when. The log names talents by number only.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-medium">Privacy log</h3>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={exporting.isPending || entries.length === 0}
            onClick={() => exporting.mutate()}
          >
            {exporting.isPending ? <Spinner decorative /> : <Download aria-hidden="true" />}
            {exporting.isPending ? 'Exporting…' : 'Export CSV'}
          </Button>
        </div>
        {log.isPending ? (
          <Skeleton className="h-32 w-full" aria-label="Loading the privacy log" />
        ) : log.isError && entries.length === 0 ? (
          <LoadError
            title="The privacy log could not be loaded."
            onRetry={() => void log.refetch()}
            isRetrying={log.isFetching}
          />
        ) : entries.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            Nothing logged yet. Exports of personal data and spreadsheets will be listed here.
          </p>
        ) : (
          <>
            <div className="overflow-x-auto">
              <PrivacyLogTable entries={entries} />
            </div>
            {log.hasNextPage ? (
              <Button
                type="button"
                variant="outline"
                className="justify-self-center"
                disabled={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? <Spinner decorative /> : null}
                {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  )
}
