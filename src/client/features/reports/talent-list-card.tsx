import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { ReportTalent } from '#shared/reports.ts'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { formatLongDate } from '../../lib/talent-format.ts'
import { formatCount, pluralTalents } from './format.ts'

type TalentListCardProps = {
  title: string
  description: string
  list: { count: number; talents: ReportTalent[] } | undefined
  isLoading: boolean
  emptyMessage: string
  /** A link to see all of them elsewhere (the filtered dashboard), when there is one. */
  more?: ReactNode
}

/** A count of talents that need attention and the first of them, each opening its profile. */
export function TalentListCard({
  title,
  description,
  list,
  isLoading,
  emptyMessage,
  more,
}: TalentListCardProps) {
  const titleId = useId()
  const count = list?.count ?? 0
  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isLoading || list === undefined ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading {title}…</span>
            <Skeleton className="h-9 w-24" />
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-6" />
            ))}
          </div>
        ) : (
          <>
            <p className="text-3xl font-semibold tabular-nums">{pluralTalents(count)}</p>
            {count === 0 ? (
              <p className="text-sm text-muted-foreground">{emptyMessage}</p>
            ) : (
              <ul className="grid max-h-96 gap-1 overflow-y-auto pr-1" aria-label={title}>
                {list.talents.map((talent) => (
                  <li key={talent.id}>
                    <Link
                      to={`/dashboard?talent=${talent.id}`}
                      className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
                    >
                      <span className="font-medium">{talent.fullName}</span>
                      <span className="text-xs text-muted-foreground">
                        {talent.areaOfInterest} · updated {formatLongDate(talent.updatedAt)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
      {list && list.count > list.talents.length ? (
        <CardFooter className="flex-wrap justify-between gap-2 text-sm text-muted-foreground">
          <span>
            Showing the first {formatCount(list.talents.length)} of {formatCount(list.count)}
          </span>
          {more}
        </CardFooter>
      ) : null}
    </Card>
  )
}
