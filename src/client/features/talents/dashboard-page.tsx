import { LayoutDashboard } from 'lucide-react'
import { ComingSoon } from '../../components/layout/coming-soon.tsx'
import { PageHeader } from '../../components/layout/page-header.tsx'

export function DashboardPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Talent Dashboard" description="Your talent pool at a glance." />
      <ComingSoon icon={LayoutDashboard}>
        Stat cards, the talent pool with filters, and the table and card views are coming soon.
      </ComingSoon>
    </div>
  )
}
