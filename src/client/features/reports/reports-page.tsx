import { ChartColumn } from 'lucide-react'
import { ComingSoon } from '../../components/layout/coming-soon.tsx'
import { PageHeader } from '../../components/layout/page-header.tsx'

export function ReportsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Reports" description="Insights about your talent pool." />
      <ComingSoon icon={ChartColumn}>
        Overview, sources and engagement reports are coming soon.
      </ComingSoon>
    </div>
  )
}
