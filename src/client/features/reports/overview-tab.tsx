import { useQuery } from '@tanstack/react-query'
import { lazy } from 'react'
import type { OverviewReport } from '#shared/reports.ts'
import { LoadError } from '../../components/ui/load-error.tsx'
import { capitalize } from '../../lib/talent-format.ts'
import { overviewReportOptions } from '../../lib/queries/overview-report.ts'
import { formatCount, formatMonth, pluralTalents } from './format.ts'
import { ReportCard } from './report-card.tsx'
import { ReportTable } from './report-table.tsx'

// Recharts loads in its own chunk, after the page (/login and /dashboard never fetch it).
const PoolGrowthChart = lazy(() =>
  import('./pool-growth-chart.tsx').then((m) => ({ default: m.PoolGrowthChart })),
)
const CategoryChart = lazy(() =>
  import('./category-chart.tsx').then((m) => ({ default: m.CategoryChart })),
)

type Category = { label: string; count: number }

/** The biggest category as 'Science (6)', or undefined when all are zero. */
function largest(categories: Category[]): string | undefined {
  const top = categories.reduce<Category | undefined>(
    (best, row) => (row.count > (best?.count ?? 0) ? row : best),
    undefined,
  )
  return top && `${top.label} (${formatCount(top.count)})`
}

function categoryTable(caption: string, heading: string, rows: Category[]) {
  return (
    <ReportTable
      caption={caption}
      columns={[heading, 'Talents']}
      rows={rows.map((row) => ({ label: row.label, values: [formatCount(row.count)] }))}
    />
  )
}

function growthSummary(report: OverviewReport): string {
  const last = report.growth.at(-1)
  const added = last ? `; ${formatCount(last.added)} added in ${formatMonth(last.month)}` : ''
  return `${pluralTalents(report.total)} in the pool${added}.`
}

/** Overview tab: pool size over time, and the pool by area, level and status. */
export function OverviewTab() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(overviewReportOptions())
  if (isError) {
    return (
      <LoadError
        title="Could not load the overview."
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    )
  }
  const isEmpty = data?.total === 0
  const areas = (data?.byArea ?? [])
    .map((row) => ({ label: row.area, count: row.count }))
    .toSorted((a, b) => b.count - a.count)
  const levels = (data?.bySeniority ?? []).map((row) => ({
    label: capitalize(row.level),
    count: row.count,
  }))
  const statuses = [
    ...(data?.byStatus ?? []).map((row) => ({ label: row.status, count: row.count })),
    { label: 'No status', count: data?.withoutStatus ?? 0 },
  ]
  const common = { isLoading: isPending, isEmpty, emptyMessage: 'No talents in the pool yet.' }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ReportCard
        {...common}
        className="lg:col-span-2"
        title="Pool size over time"
        summary={data && growthSummary(data)}
        chart={<PoolGrowthChart growth={data?.growth ?? []} />}
        table={
          <ReportTable
            caption="Talents in the pool at the end of each month, and talents added that month"
            columns={['Month', 'Added', 'Talents in the pool']}
            rows={(data?.growth ?? []).map((row) => ({
              label: formatMonth(row.month),
              values: [formatCount(row.added), formatCount(row.total)],
            }))}
          />
        }
      />
      <ReportCard
        {...common}
        className="lg:col-span-2"
        chartClassName="h-96"
        title="Talents by area of interest"
        summary={`Largest area: ${largest(areas) ?? '—'}.`}
        chart={<CategoryChart data={areas} orientation="bars" colorIndex={0} valueName="Talents" />}
        table={categoryTable('Talents per area of interest', 'Area of interest', areas)}
      />
      <ReportCard
        {...common}
        title="Talents by seniority level"
        summary={`Largest level: ${largest(levels) ?? '—'}.`}
        chart={
          <CategoryChart data={levels} orientation="columns" colorIndex={1} valueName="Talents" />
        }
        table={categoryTable('Talents per seniority level', 'Seniority level', levels)}
      />
      <ReportCard
        {...common}
        title="Talents by status"
        summary={`${pluralTalents(data?.withoutStatus ?? 0)} without a status; one with two statuses counts under both.`}
        chart={
          <CategoryChart
            data={statuses}
            orientation="bars"
            colorIndex={2}
            valueName="Talents"
            labelWidth={130}
          />
        }
        table={categoryTable('Talents per status', 'Status', statuses)}
      />
    </div>
  )
}
