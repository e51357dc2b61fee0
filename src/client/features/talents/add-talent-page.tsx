import { UserPlus } from 'lucide-react'
import { ComingSoon } from '../../components/layout/coming-soon.tsx'
import { PageHeader } from '../../components/layout/page-header.tsx'

export function AddTalentPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Add Talent" description="Add a new candidate profile to the pool." />
      <ComingSoon icon={UserPlus}>The talent form is coming soon.</ComingSoon>
    </div>
  )
}
