import { Tags } from 'lucide-react'
import { ComingSoon } from '../../components/layout/coming-soon.tsx'
import { PageHeader } from '../../components/layout/page-header.tsx'

export function TagsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Tags" description="Labels for grouping talents." />
      <ComingSoon icon={Tags}>Tag management is coming soon.</ComingSoon>
    </div>
  )
}
