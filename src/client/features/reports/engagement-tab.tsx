import { useQuery } from '@tanstack/react-query'
import { ArrowRight } from 'lucide-react'
import { lazy } from 'react'
import { Link } from 'react-router'
import { ACTIVITY_WEEKS, STALE_DAYS, type EngagementReport } from '#shared/reports.ts'
import { NEEDS_UPDATING_TAG } from '#shared/talent.ts'
import { LoadError } from '../../components/ui/load-error.tsx'
import { engagementReportOptions } from './api.ts'
import { formatCount, formatWeek } from './format.ts'
import { ReportCard } from './report-card.tsx'
import { ReportTable } from './report-table.tsx'
import { TalentListCard } from './talent-list-card.tsx'

const ActivityChart = lazy(() =>
  import('./activity-chart.tsx').then((m) => ({ default: m.ActivityChart })),
)

function activitySummary({ totals }: EngagementReport): string {
  return (
    `In the last ${ACTIVITY_WEEKS} weeks: ${formatCount(totals.created)} added, ` +
    `${formatCount(totals.updated)} edited, ${formatCount(totals.deleted)} deleted.`
  )
}

/** Engagement tab: talent activity over time and the profiles that need attention. */
export function EngagementTab() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(engagementReportOptions())
  if (isError) {
    return (
      <LoadError
        title="Could not load the engagement report."
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    )
  }
  const activity = data?.activity ?? []
  const totals = data?.totals
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ReportCard
        className="lg:col-span-2"
        title="Activity over time"
        summary={data && activitySummary(data)}
        isLoading={isPending}
        isEmpty={totals !== undefined && totals.created + totals.updated + totals.deleted === 0}
        emptyMessage={`No talent was added, edited or deleted in the last ${ACTIVITY_WEEKS} weeks.`}
        chartClassName="h-72"
        chart={<ActivityChart activity={activity} />}
        table={
          <ReportTable
            caption="Talents added, edited and deleted per week, from the activity log"
            columns={['Week', 'Added', 'Edited', 'Deleted']}
            rows={activity.map((week) => ({
              label: formatWeek(week.week),
              values: [week.created, week.updated, week.deleted].map(formatCount),
            }))}
          />
        }
      />
      <TalentListCard
        title={`Not updated for ${STALE_DAYS}+ days`}
        description="Profiles nobody has edited recently, the longest untouched first."
        list={data?.stale}
        isLoading={isPending}
        emptyMessage={`Every profile was updated in the last ${STALE_DAYS} days.`}
      />
      <TalentListCard
        title={`Tagged '${NEEDS_UPDATING_TAG}'`}
        description="Profiles someone flagged for an update, the longest untouched first."
        list={data?.needsUpdating}
        isLoading={isPending}
        emptyMessage={`No talent is tagged '${NEEDS_UPDATING_TAG}'.`}
        more={
          <Link
            to={`/dashboard?tag=${encodeURIComponent(NEEDS_UPDATING_TAG)}`}
            className="inline-flex items-center gap-1 text-primary hover:underline"
          >
            See all on the dashboard
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
    </div>
  )
}
