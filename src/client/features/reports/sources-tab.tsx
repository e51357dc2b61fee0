import { useQuery } from '@tanstack/react-query'
import { lazy } from 'react'
import { SOURCE_MONTHS, TOP_TAGS, type SourcesReport } from '#shared/reports.ts'
import { LoadError } from '../../components/ui/load-error.tsx'
import { sourcesReportOptions } from './api.ts'
import { adderLabel, formatCount, formatMonth, pluralTalents } from './format.ts'
import { ReportCard } from './report-card.tsx'
import { ReportTable } from './report-table.tsx'

const AddersChart = lazy(() =>
  import('./adders-chart.tsx').then((m) => ({ default: m.AddersChart })),
)
const CategoryChart = lazy(() =>
  import('./category-chart.tsx').then((m) => ({ default: m.CategoryChart })),
)

function addersSummary(report: SourcesReport): string {
  const top = report.adders.find((series) => series.kind === 'user')
  const most = top ? `; most by ${adderLabel(top)} (${formatCount(top.total)})` : ''
  return `${pluralTalents(report.addedInPeriod)} added in the last ${SOURCE_MONTHS} months${most}.`
}

function tagsSummary(report: SourcesReport): string {
  const top = report.topTags[0]
  const tags = `${formatCount(report.tagsInUse)} ${report.tagsInUse === 1 ? 'tag' : 'tags'} in use`
  return top ? `${tags}; most used: ${top.name} (${formatCount(top.count)}).` : `${tags}.`
}

/** Sources tab: who adds talents, month by month, and which tags they use most. */
export function SourcesTab() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(sourcesReportOptions())
  if (isError) {
    return (
      <LoadError
        title="Could not load the sources."
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    )
  }
  const months = data?.months ?? []
  const adders = data?.adders ?? []
  const tags = (data?.topTags ?? []).map((tag) => ({ label: tag.name, count: tag.count }))
  return (
    <div className="grid gap-4">
      <ReportCard
        title="Who adds talents"
        summary={data && addersSummary(data)}
        isLoading={isPending}
        isEmpty={data?.addedInPeriod === 0}
        emptyMessage={`No talents added in the last ${SOURCE_MONTHS} months.`}
        chartClassName="h-80"
        chart={<AddersChart months={months} adders={adders} />}
        table={
          <ReportTable
            caption={`Talents added per person and month, last ${SOURCE_MONTHS} months`}
            columns={['Added by', 'Total', ...months.map((month) => formatMonth(month))]}
            rows={adders.map((series) => ({
              label: adderLabel(series),
              values: [series.total, ...series.perMonth].map(formatCount),
            }))}
          />
        }
      />
      <ReportCard
        title="Most used tags"
        summary={data && tagsSummary(data)}
        isLoading={isPending}
        isEmpty={tags.length === 0}
        emptyMessage="No talent carries a tag yet."
        chartClassName="h-80"
        chart={<CategoryChart data={tags} orientation="bars" colorIndex={3} valueName="Talents" />}
        table={
          <ReportTable
            caption={`The ${TOP_TAGS} most used tags and how many talents carry each`}
            columns={['Tag', 'Talents']}
            rows={tags.map((tag) => ({ label: tag.label, values: [formatCount(tag.count)] }))}
          />
        }
      />
    </div>
  )
}
