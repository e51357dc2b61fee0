import { Users } from 'lucide-react'
import { ComingSoon } from '../../components/layout/coming-soon.tsx'
import { PageHeader } from '../../components/layout/page-header.tsx'

export function UsersPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="User Management" description="Invite teammates and manage their access." />
      <ComingSoon icon={Users}>
        The user list, invitations and role management are coming soon.
      </ComingSoon>
    </div>
  )
}
