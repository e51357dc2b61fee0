import { useQuery } from '@tanstack/react-query'
import type { ActivityEntry } from '#shared/activity.ts'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx'
import { talentHistoryOptions } from '../api.ts'
import { formatExactTime, formatWhen } from '../../../lib/date-time.ts'
import { describeActivity } from './history-text.ts'
import { LoadError } from '../../../components/ui/load-error.tsx'
import { useTalentProfileParts } from '../parts.ts'

function HistorySkeleton() {
  return (
    <div className="grid gap-4 py-2" aria-busy="true" aria-label="Loading history">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="mt-1 size-2.5 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </div>
  )
}

function When({ createdAt, now }: { createdAt: string; now: number }) {
  const exact = formatExactTime(createdAt)
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* Focusable so keyboard users reach the exact time too. */}
        <time
          dateTime={createdAt}
          title={exact}
          tabIndex={0}
          className="cursor-default rounded-sm text-xs text-muted-foreground underline decoration-dotted underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {formatWhen(createdAt, now)}
        </time>
      </TooltipTrigger>
      <TooltipContent>{exact}</TooltipContent>
    </Tooltip>
  )
}

/** The merge a 'Merged' entry can still undo: none once a later entry says it was undone. */
function undoableMergeId(entry: ActivityEntry, all: ActivityEntry[]): number | undefined {
  if (entry.action !== 'talent.merged') return undefined
  const mergeId = entry.details?.mergeId
  if (typeof mergeId !== 'number') return undefined
  const undone = all.some(
    (other) => other.action === 'talent.merge_undone' && other.details?.mergeId === mergeId,
  )
  return undone ? undefined : mergeId
}

function HistoryItem({
  entry,
  now,
  mergeId,
}: {
  entry: ActivityEntry
  now: number
  mergeId?: number
}) {
  const { UndoMergeButton } = useTalentProfileParts()
  const { text, changes } = describeActivity(entry)
  return (
    <li className="relative grid gap-1 pb-5 pl-6 last:pb-0">
      {/* The timeline's rail and dot. */}
      <span
        aria-hidden="true"
        className="absolute top-1.5 left-0 size-2.5 rounded-full bg-primary ring-4 ring-card"
      />
      <span aria-hidden="true" className="absolute top-4 bottom-0 left-[4.5px] w-px bg-border" />
      <p className="text-sm">{text}</p>
      {changes.length > 0 ? (
        <ul className="grid list-disc gap-0.5 pl-4 text-sm text-muted-foreground">
          {changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      ) : null}
      <When createdAt={entry.createdAt} now={now} />
      {mergeId === undefined ? null : <UndoMergeButton mergeId={mergeId} />}
    </li>
  )
}

/** The History tab: who added and changed this talent, newest first. */
export function TalentHistory({ talentId }: { talentId: number }) {
  const query = useQuery(talentHistoryOptions(talentId))
  if (query.isPending) return <HistorySkeleton />
  if (query.isError) {
    return (
      <LoadError
        title="Could not load the history."
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    )
  }
  if (query.data.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No history yet.</p>
  }
  // One clock for the whole list, read when the data last arrived.
  const now = query.dataUpdatedAt
  return (
    <ol aria-label="History" className="grid py-2">
      {query.data.map((entry) => (
        <HistoryItem
          key={entry.id}
          entry={entry}
          now={now}
          mergeId={undoableMergeId(entry, query.data)}
        />
      ))}
    </ol>
  )
}
