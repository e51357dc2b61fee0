import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { History } from 'lucide-react'
import { useState } from 'react'
import { describeBulk, type BulkSummary } from '#shared/bulk.ts'
import { Button } from '../../../components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx'
import { formatExactTime, formatWhen } from '../../../lib/date-time.ts'
import { recentBulkOptions } from './api.ts'
import { undoWithToast } from './show-bulk-toasts.tsx'

function RecentItem({ item, now }: { item: BulkSummary; now: number }) {
  const queryClient = useQueryClient()
  const undo = useMutation({ mutationFn: () => undoWithToast(queryClient, item.id) })
  const text = describeBulk(item.action, item.names, item.affected)
  return (
    <li className="flex items-center justify-between gap-3 border-b py-2 last:border-b-0">
      <div className="min-w-0">
        <p className="text-sm font-medium">{text}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={item.createdAt} title={formatExactTime(item.createdAt)}>
            {formatWhen(item.createdAt, now)}
          </time>
          {item.undoneAt ? ' · Undone' : null}
        </p>
      </div>
      {item.undoUntil === null ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={undo.isPending}
          aria-label={`Undo: ${text}`}
          onClick={() => undo.mutate()}
        >
          {undo.isPending ? 'Undoing...' : 'Undo'}
        </Button>
      )}
    </li>
  )
}

/** The caller's bulk actions of the last 24 hours, each with Undo until undone. */
export function RecentBulkActions() {
  const [open, setOpen] = useState(false)
  const recent = useQuery({ ...recentBulkOptions(), enabled: open })
  // Times are relative to when the list arrived (as the History tab does).
  const now = recent.dataUpdatedAt
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <History aria-hidden="true" />
          Recent bulk actions
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Recent bulk actions</DialogTitle>
          <DialogDescription>
            Your bulk actions of the last 24 hours. Undo puts talents back as they were; talents
            edited since keep the edit.
          </DialogDescription>
        </DialogHeader>
        {recent.isPending ? <p className="text-sm text-muted-foreground">Loading…</p> : null}
        {recent.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load recent bulk actions.
          </p>
        ) : null}
        {recent.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">No bulk actions in the last 24 hours.</p>
        ) : null}
        {recent.data && recent.data.length > 0 ? (
          <ul aria-label="Recent bulk actions" className="max-h-96 overflow-y-auto">
            {recent.data.map((item) => (
              <RecentItem key={item.id} item={item} now={now} />
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
