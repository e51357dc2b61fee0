import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, RefreshCw, TriangleAlert, UserCheck, Users } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { talentStatsOptions } from '../api.ts'

type StatCardProps = {
  title: string
  icon: LucideIcon
  value: number | undefined
  isLoading: boolean
  hint?: string
}

const numberFormat = new Intl.NumberFormat('en-US')

function StatCard({ title, icon: Icon, value, isLoading, hint }: StatCardProps) {
  return (
    <Card className="gap-2 px-4 py-4 sm:px-5" role="group" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="size-4 text-primary" aria-hidden="true" />
      </div>
      {isLoading ? (
        <Skeleton className="h-8 w-20" />
      ) : (
        <p className="text-2xl font-semibold tabular-nums sm:text-3xl">
          {value === undefined ? '—' : numberFormat.format(value)}
        </p>
      )}
      {hint === undefined ? null : <p className="text-xs text-muted-foreground">{hint}</p>}
    </Card>
  )
}

/** spec section 2: the four stat cards, for the whole pool (GET /api/talents/stats). */
export function TalentStatCards() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(talentStatsOptions())
  const isLoading = isPending && !isError
  return (
    <section aria-label="Talent statistics" className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          title="Total Talents"
          icon={Users}
          value={data?.total}
          isLoading={isLoading}
          hint={
            data === undefined ? undefined : `+${numberFormat.format(data.newThisMonth)} this month`
          }
        />
        <StatCard
          title="Added by You"
          icon={UserCheck}
          value={data?.addedByYou}
          isLoading={isLoading}
        />
        <StatCard
          title="New This Month"
          icon={CalendarPlus}
          value={data?.newThisMonth}
          isLoading={isLoading}
        />
        <StatCard
          title="Needs Updating"
          icon={TriangleAlert}
          value={data?.needsUpdating}
          isLoading={isLoading}
        />
      </div>
      {isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
        >
          Could not load the statistics.
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            <RefreshCw aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : null}
    </section>
  )
}
